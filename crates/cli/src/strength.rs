//! `parlour strength GAME`: every pair of a line-up of bots plays a duplicate-deal match
//! ([`parlour_arena::strength`]), and a table gives each pair's share of the wins with its 95%
//! interval.

use parlour_arena::strength::{default_lineup, play_match};
use parlour_core::rng::derive_seed;
use parlour_games::Playable;
use parlour_protocol::{EntrySpec, Limits, DEFAULT_MAX_FAULTS};

use crate::args::{Format, StrengthArgs};
use crate::common::{game_of, usage, Failure, GameCommand};
use crate::progress::Reporter;

impl GameCommand for StrengthArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let game = game_of::<G>(self.rules.pairs())?.tournament_unit();
        let jobs = self.jobs.get();
        let lineup: Vec<EntrySpec> = match &self.bots {
            Some(text) => parlour_protocol::split_entries(text)
                .map_err(|e| usage(format!("--bots: {e}")))?
                .iter()
                .map(|t| {
                    parlour_protocol::entry_from_text(
                        t.trim(),
                        Limits::default(),
                        DEFAULT_MAX_FAULTS,
                    )
                })
                .collect::<Result<_, _>>()?,
            None => default_lineup::<G>()
                .into_iter()
                .map(EntrySpec::Bot)
                .collect(),
        };
        if lineup.len() < 2 {
            return Err(usage("--bots: name at least two bots to compare"));
        }
        // A program plays both of its seats from one pool, so each is named once.
        for (i, e) in lineup.iter().enumerate() {
            if matches!(e, EntrySpec::Program(_))
                && lineup[..i].iter().any(|f| f.label() == e.label())
            {
                return Err(usage(format!("--bots: {} is named twice", e.label())));
            }
        }
        for entry in &lineup {
            if let EntrySpec::Bot(spec) = entry {
                parlour_bots::make_bot_for::<G>(&game, spec, 0)?;
            }
        }
        let logs = self
            .bot_logs
            .clone()
            .unwrap_or_else(|| parlour_dynamic::plan::logs_dir(None, None));
        if lineup.iter().any(|e| matches!(e, EntrySpec::Program(_))) {
            std::fs::create_dir_all(&logs)
                .map_err(|e| usage(format!("cannot create {}: {e}", logs.display())))?;
        }
        let deals = self.deals.unwrap_or(G::INFO.strength_deals);
        let pairs: Vec<(usize, usize)> = (0..lineup.len())
            .flat_map(|i| (i + 1..lineup.len()).map(move |j| (i, j)))
            .collect();
        let mut results = Vec::new();
        for (k, &(i, j)) in pairs.iter().enumerate() {
            let (a, b) = (&lineup[i], &lineup[j]);
            errln!(
                "parlour: match {}/{}: {} against {}",
                k + 1,
                pairs.len(),
                a.label(),
                b.label()
            );
            let mut reporter: Option<Reporter> = None;
            let seed = derive_seed(self.seed, k as u64);
            let result = play_match(&game, (a, b), deals, seed, jobs, &logs, &mut |p| {
                reporter
                    .get_or_insert_with(|| Reporter::new(p.total, false))
                    .update(p)
            });
            if let Some(r) = reporter {
                r.finish();
            }
            results.push(result?);
        }
        match self.format {
            Format::Json => outln!(
                "{}",
                parlour_arena::strength::json(&game, &lineup, deals, self.seed, &results)
            ),
            Format::Table => crate::output::out(format_args!(
                "{}",
                parlour_arena::strength::text(&game, deals, self.seed, &results)
            )),
        }
        Ok(())
    }
}
