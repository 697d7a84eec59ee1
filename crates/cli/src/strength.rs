//! `parlour strength GAME`: every pair of a line-up of bots plays a duplicate-deal match
//! ([`parlour_arena::strength`]), and a table gives each pair's share of the wins with its 95%
//! interval.

use parlour_arena::strength::{default_lineup, play_match};
use parlour_core::rng::derive_seed;
use parlour_core::BotSpec;
use parlour_games::Playable;

use crate::args::{Format, StrengthArgs};
use crate::common::{bot_spec, game_of, usage, Failure, GameCommand};
use crate::progress::Reporter;

impl GameCommand for StrengthArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let game = game_of::<G>(self.rules.pairs())?.tournament_unit();
        let jobs = self.jobs.get();
        let lineup: Vec<BotSpec> = match &self.bots {
            Some(text) => text
                .split(',')
                .map(|t| bot_spec(t.trim()))
                .collect::<Result<_, _>>()?,
            None => default_lineup::<G>(),
        };
        if lineup.len() < 2 {
            return Err(usage("--bots: name at least two bots to compare"));
        }
        for spec in &lineup {
            parlour_bots::make_bot_for::<G>(&game, spec, 0)?;
        }
        let deals = self.deals.unwrap_or(G::INFO.strength_deals);
        let pairs: Vec<(usize, usize)> = (0..lineup.len())
            .flat_map(|i| (i + 1..lineup.len()).map(move |j| (i, j)))
            .collect();
        let mut results = Vec::new();
        for (k, &(i, j)) in pairs.iter().enumerate() {
            let (a, b) = (&lineup[i], &lineup[j]);
            errln!("parlour: match {}/{}: {a} against {b}", k + 1, pairs.len());
            let mut reporter: Option<Reporter> = None;
            let seed = derive_seed(self.seed, k as u64);
            let result = play_match(&game, (a, b), deals, seed, jobs, &mut |p| {
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
