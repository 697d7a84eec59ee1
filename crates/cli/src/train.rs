//! `parlour train GAME`: self-play training of a learned bot, with a progress bar, a
//! checkpoint after every iteration, and resume.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};
use parlour_games::Playable;
use parlour_train::{TrainError, Trainer};

use crate::args::TrainArgs;
use crate::common::{bot_spec, game_of, Failure, GameCommand};

impl From<TrainError> for Failure {
    fn from(e: TrainError) -> Failure {
        Failure::of(matches!(e, TrainError::Config(_)), e)
    }
}

impl GameCommand for TrainArgs {
    fn run<G: Playable>(self) -> Result<(), Failure> {
        let game: G = game_of(self.rules.pairs())?;
        let config = self.config.clone();
        for (flag, text) in [
            ("--against", &config.against),
            ("--warm-start", &config.warm_start),
            ("--rollout", &config.rollout),
        ] {
            // --against is always a bot; the others may be left empty.
            if flag == "--against" || !text.is_empty() {
                bot_spec(text)
                    .and_then(|spec| Ok(parlour_bots::make_bot_for::<G>(&game, &spec, 0)?))
                    .map_err(|f| f.context(flag))?;
            }
        }
        let command = std::iter::once("parlour".to_string())
            .chain(std::env::args().skip(1))
            .collect::<Vec<_>>()
            .join(" ");
        let total = config.iterations;
        let mut trainer = if self.resume {
            Trainer::resume(game, config, &self.out, &command)?
        } else {
            Trainer::new(game, config, &self.out, &command)?
        };
        if trainer.iteration() >= total {
            errln!(
                "parlour: {} has done {} of {total} iterations already; nothing to do",
                self.out.display(),
                trainer.iteration()
            );
        } else if trainer.iteration() > 0 {
            errln!(
                "parlour: resuming {} at iteration {} of {total}",
                self.out.display(),
                trainer.iteration()
            );
        }
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} iterations · eta {eta} · {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.set_position(trainer.iteration());
            bar
        });
        let mut last_eval = None;
        while trainer.iteration() < total {
            let row = trainer.step()?;
            if row.eval_share.is_some() {
                last_eval = row.eval_share;
            }
            let line = row.describe(last_eval, &trainer.config().against);
            match &bar {
                Some(bar) => {
                    bar.set_position(row.iteration);
                    bar.set_message(line);
                }
                None => errln!("parlour: iteration {}/{total} · {line}", row.iteration),
            }
        }
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let model = self.out.join("model.safetensors");
        outln!(
            "{} iterations · model {} (play it with learned:model={}) · curve {}",
            trainer.iteration(),
            model.display(),
            model.display(),
            self.out.join("curve.svg").display()
        );
        if let Some(line) = trainer.last_evaluation() {
            outln!("{line}");
        }
        Ok(())
    }
}
