//! The exact best score of a set of cards given as a bit mask ([`best_score_mask`]): a search
//! over the lowest card left, fast enough to score the final discards of tens of thousands of
//! playouts a second. It knows only values, colours and the three kinds of group, so it stands
//! apart from the scorer of proposed groups and partitions around it.

/// `n!`, the N-of-a-kind multiplier.
pub(super) fn factorial(n: u8) -> i32 {
    (1..=i32::from(n)).product()
}

/// The four Aces, as a mask over [`Card::index`](parlour_cards::Card::index) (suit-major: `suit * 13 + value - 1`).
const ACE_BITS: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
/// The red cards (Hearts and Diamonds).
const RED_BITS: u64 = 0x1FFF << 13 | 0x1FFF << 26;
/// The black cards (Spades and Clubs).
const BLACK_BITS: u64 = 0x1FFF | 0x1FFF << 39;
/// Every standard card.
const ALL_BITS: u64 = (1 << 52) - 1;

/// The optimal score of the standard cards in `mask` (a set over [`Card::index`](parlour_cards::Card::index); bits 52 and
/// up are ignored), exactly as the dynamic programme over all subsets finds it, but much faster
/// for a hand of ten.
///
/// A search over the lowest-valued non-Ace left, `c`: every partition puts it in a singleton,
/// an N-of-a-kind with some of its value, or a run starting at it (no non-Ace lower is left, and
/// a run's lowest card is a non-Ace), and with no non-Aces left every Ace is a singleton. Cards
/// of one value and colour are interchangeable everywhere (groups look only at values and
/// colours), so a run extends by one canonical card of each value and colour.
pub fn best_score_mask(mask: u64) -> i32 {
    let mask = mask & ALL_BITS;
    // Small sets need no memo; larger ones meet the same leftovers down many paths.
    if mask.count_ones() <= 6 {
        return Search { memo: None }.best(mask);
    }
    let mut memo = Memo {
        keys: [u64::MAX; MEMO_SLOTS],
        values: [0; MEMO_SLOTS],
    };
    Search {
        memo: Some(&mut memo),
    }
    .best(mask)
}

/// Slots in [`best_score_mask`]'s table of solved leftovers (a power of two).
const MEMO_SLOTS: usize = 64;

/// Solved leftovers, open addressing over a short probe (a full neighbourhood is just not
/// remembered).
struct Memo {
    keys: [u64; MEMO_SLOTS],
    values: [i32; MEMO_SLOTS],
}

impl Memo {
    fn slot(mask: u64) -> usize {
        (mask.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize % MEMO_SLOTS
    }

    fn get(&self, mask: u64) -> Option<i32> {
        let s = Memo::slot(mask);
        (0..8)
            .map(|k| (s + k) % MEMO_SLOTS)
            .take_while(|&i| self.keys[i] != u64::MAX)
            .find(|&i| self.keys[i] == mask)
            .map(|i| self.values[i])
    }

    fn put(&mut self, mask: u64, value: i32) {
        let s = Memo::slot(mask);
        if let Some(i) = (0..8)
            .map(|k| (s + k) % MEMO_SLOTS)
            .find(|&i| self.keys[i] == u64::MAX)
        {
            self.keys[i] = mask;
            self.values[i] = value;
        }
    }
}

/// [`best_score_mask`]'s search, with its memo of leftovers.
struct Search<'a> {
    memo: Option<&'a mut Memo>,
}

impl Search<'_> {
    fn best(&mut self, mask: u64) -> i32 {
        let non = mask & !ACE_BITS;
        if non == 0 {
            return -20 * mask.count_ones() as i32;
        }
        // Values present among the non-Aces, bit v - 1.
        let values = (non | non >> 13 | non >> 26 | non >> 39) & 0x1FFF;
        if values.count_ones() == 1 && mask & ACE_BITS == 0 {
            // One value left: all of it as one N-of-a-kind, or a singleton.
            let v = values.trailing_zeros() as i32 + 1;
            let n = mask.count_ones() as u8;
            return if n == 1 { -v } else { v * factorial(n) };
        }
        let remember = mask.count_ones() >= 4;
        if remember {
            if let Some(v) = self.memo.as_ref().and_then(|m| m.get(mask)) {
                return v;
            }
        }
        let w = values.trailing_zeros();
        let v = w as i32 + 1;
        let same = mask & (ACE_BITS << w);
        let c = same & same.wrapping_neg();
        let rest = mask & !c;
        let mut best = -v + self.best(rest);
        // N-of-a-kind: c with any of the others of its value.
        let others = same & !c;
        let mut sub = others;
        while sub != 0 {
            let n = 1 + sub.count_ones() as u8;
            best = best.max(v * factorial(n) + self.best(rest & !sub));
            sub = (sub - 1) & others;
        }
        // Runs starting at c.
        if w < 11 {
            let red = c & RED_BITS != 0;
            self.run_from(rest, w + 1, !red, v, 1, &mut best);
        }
        if remember {
            if let Some(m) = self.memo.as_mut() {
                m.put(mask, best);
            }
        }
        best
    }

    /// Extends a run whose next value is `w + 1` and whose next card must be red (`need_red`)
    /// or black, covering `sum` over `len` cards so far and ending in a non-Ace; `rest` are the
    /// cards not in it. Every valid run found (ending in a non-Ace, three or more cards)
    /// competes for `best` with the best of what is left.
    fn run_from(&mut self, rest: u64, w: u32, need_red: bool, sum: i32, len: u32, best: &mut i32) {
        if w > 12 {
            return;
        }
        let colour = if need_red { RED_BITS } else { BLACK_BITS };
        let sum = sum + w as i32 + 1;
        let at = rest & colour & (ACE_BITS << w);
        if at != 0 {
            let x = at & at.wrapping_neg();
            let left = rest & !x;
            if len >= 2 {
                *best = (*best).max(sum + self.best(left));
            }
            self.run_from(left, w + 1, !need_red, sum, len + 1, best);
        }
        // An Ace fills this value if a non-Ace can still close the run above it.
        let aces = rest & colour & ACE_BITS;
        if aces != 0 && w < 12 {
            let x = aces & aces.wrapping_neg();
            self.run_from(rest & !x, w + 1, !need_red, sum, len + 1, best);
        }
    }
}
