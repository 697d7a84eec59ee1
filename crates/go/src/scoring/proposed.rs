//! Scoring the course's way (`scoring: proposed`): a seat's own [`Grouping`] of its discards,
//! checked and scored; every valid grouping of a set of cards, for the legal actions; and the
//! best one, for bots.

use parlour_cards::Card;

use super::{
    best_partition, score_group, singleton_score, valid_groups, GroupError, PartitionError,
};
use crate::action::{bits, cards_of, Grouping};

/// Checks that `grouping` groups exactly the cards of `discards` (a mask) into valid groups,
/// and scores it; the error says which group is invalid and why, or which card is missing or
/// not the seat's.
pub fn check_grouping(grouping: &Grouping, discards: u64) -> Result<i32, PartitionError> {
    let groups = grouping.groups();
    super::score_partition(&cards_of(discards), &groups).map(|p| p.score)
}

/// The score of a grouping: each valid group scores as the rules say, and a group that is not
/// valid scores as its cards would alone, minus each one's value (an Ace −20), as the course's
/// own group scoring function did. (Legal groupings have only valid groups.)
pub fn grouping_score(grouping: &Grouping) -> i32 {
    grouping
        .groups()
        .iter()
        .map(|g| match score_group(g) {
            Ok(s) => s.score,
            Err(_) => g.iter().map(|&c| singleton_score(c)).sum(),
        })
        .sum()
}

/// What the course's scoring makes of a grouping a seat proposed for its `discards` (a mask),
/// valid or not, as a legal grouping of the same score: each invalid group split into
/// singletons, any discard the proposal left out added as a singleton, and cards that are not
/// the seat's discards (or a proposal that names a card twice) dropped. `None` when the proposal
/// is already legal. The error of [`check_grouping`] says what was wrong.
pub fn course_equivalent(groups: &[Vec<Card>], discards: u64) -> Option<(Grouping, String)> {
    let mut masks: Vec<u64> = Vec::new();
    let mut used = 0u64;
    let mut why: Vec<String> = Vec::new();
    for (i, g) in groups.iter().enumerate() {
        let mut m = 0u64;
        let mut ok = true;
        for &c in g {
            let b = if c.is_joker() { 0 } else { 1u64 << c.index() };
            if b == 0 || discards & b == 0 {
                why.push(format!("{c} is not one of the seat's discards"));
                ok = false;
            } else if (used | m) & b != 0 {
                why.push(format!("{c} is in the grouping more than once"));
                ok = false;
            } else {
                m |= b;
            }
        }
        if m == 0 {
            continue;
        }
        used |= m;
        let cards = cards_of(m);
        match score_group(&cards) {
            Ok(_) if ok => masks.push(m),
            Ok(_) => masks.extend(bits(m)),
            Err(e) => {
                why.push(format!(
                    "group {i} ({}): {e}",
                    parlour_cards::format_cards(&cards)
                ));
                masks.extend(bits(m));
            }
        }
    }
    let missing = discards & !used;
    if missing != 0 {
        why.push(format!(
            "{} in no group",
            parlour_cards::format_cards(&cards_of(missing))
        ));
        masks.extend(bits(missing));
    }
    if groups.is_empty() {
        why.push(GroupError::Empty.to_string());
    }
    (!why.is_empty()).then(|| (Grouping::from_masks(&masks), why.join("; ")))
}

/// Every grouping of the cards of `discards` (a mask of at most 16 cards) whose every group is
/// valid: the legal groupings, best score first (ties in the groupings' order).
pub fn valid_groupings(discards: u64) -> Vec<Grouping> {
    let cards = cards_of(discards);
    let n = cards.len();
    if n == 0 || n > crate::action::GROUPING_MAX_CARDS {
        return Vec::new();
    }
    let by_low = valid_groups(&cards);
    let to_mask = |sub: usize| {
        (0..n)
            .filter(|i| sub & (1 << i) != 0)
            .fold(0u64, |m, i| m | 1 << cards[i].index())
    };
    let mut out: Vec<(i32, Grouping)> = Vec::new();
    let mut stack: Vec<u64> = Vec::new();
    fn walk(
        left: usize,
        score: i32,
        by_low: &[Vec<(usize, i32)>],
        cards: &[Card],
        stack: &mut Vec<u64>,
        to_mask: &dyn Fn(usize) -> u64,
        out: &mut Vec<(i32, Grouping)>,
    ) {
        if left == 0 {
            out.push((score, Grouping::from_masks(stack)));
            return;
        }
        let low = left.trailing_zeros() as usize;
        stack.push(to_mask(1 << low));
        walk(
            left & !(1 << low),
            score + singleton_score(cards[low]),
            by_low,
            cards,
            stack,
            to_mask,
            out,
        );
        stack.pop();
        for &(g, s) in &by_low[low] {
            if g & left == g {
                stack.push(to_mask(g));
                walk(left & !g, score + s, by_low, cards, stack, to_mask, out);
                stack.pop();
            }
        }
    }
    walk(
        (1 << n) - 1,
        0,
        &by_low,
        &cards,
        &mut stack,
        &to_mask,
        &mut out,
    );
    out.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    out.into_iter().map(|(_, g)| g).collect()
}

/// An optimal grouping of the cards of `discards` (a mask), as [`best_partition`] finds it.
pub fn best_grouping(discards: u64) -> Grouping {
    let cards = cards_of(discards);
    match best_partition(&cards) {
        Ok(p) => {
            let masks: Vec<u64> = p
                .groups
                .iter()
                .map(|(g, _)| g.iter().fold(0u64, |m, c| m | 1 << c.index()))
                .collect();
            Grouping::from_masks(&masks)
        }
        Err(_) => Grouping::singletons(discards),
    }
}
