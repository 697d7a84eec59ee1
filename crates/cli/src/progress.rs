//! Progress of a run of games on standard error.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use parlour_arena::Progress;

/// Progress on stderr: a bar on a terminal, a plain line every few seconds otherwise.
pub(crate) struct Reporter {
    bar: Option<ProgressBar>,
    start: Instant,
    last_line: Instant,
    /// "recorded" when games go to a database, "played" otherwise.
    verb: &'static str,
}

impl Reporter {
    /// A reporter for `total` games, which are `recorded` in a database or only played.
    pub(crate) fn new(total: u64, recorded: bool) -> Reporter {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::new(total);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} games · {rate} · eta {eta}")
                    .map(|style| {
                        // Whole games a second, not indicatif's four decimals.
                        style.with_key(
                            "rate",
                            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                                let _ = write!(w, "{:.0} games/s", state.per_sec());
                            },
                        )
                    })
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        let now = Instant::now();
        Reporter {
            bar,
            start: now,
            last_line: now,
            verb: if recorded { "recorded" } else { "played" },
        }
    }

    pub(crate) fn update(&mut self, p: Progress) {
        if let Some(bar) = &self.bar {
            bar.set_position(p.done);
            return;
        }
        if p.this_run == 0 || self.last_line.elapsed() < Duration::from_secs(1) {
            return;
        }
        self.last_line = Instant::now();
        let secs = self.start.elapsed().as_secs_f64();
        let rate = p.this_run as f64 / secs.max(1e-9);
        let left = (p.total - p.done) as f64 / rate.max(1e-9);
        errln!(
            "parlour: {}/{} games {} ({:.1}%), {:.0} games/s, about {:.0}s left",
            p.done,
            p.total,
            self.verb,
            100.0 * p.done as f64 / p.total.max(1) as f64,
            rate,
            left
        );
    }

    pub(crate) fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
