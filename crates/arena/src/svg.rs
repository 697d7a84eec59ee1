//! A self-contained SVG chart of the entries' Weng-Lin ratings.
//!
//! The output uses only the generic `sans-serif` font family and no scripts, links or external
//! resources, so it renders the same when saved as a file, embedded in HTML or opened offline.

use std::fmt::Write;

use crate::stats::{EntryStats, Standings};

/// Total width of the chart.
const WIDTH: f64 = 720.0;
/// Right edge of the label column (labels are right-aligned against it).
const LABEL_RIGHT: f64 = 180.0;
/// Left edge of the plotting area.
const PLOT_LEFT: f64 = 195.0;
/// Right edge of the plotting area.
const PLOT_RIGHT: f64 = WIDTH - 30.0;
/// Top of the first row; the title sits above it.
const PLOT_TOP: f64 = 50.0;
/// Height of one entry's row.
const ROW_HEIGHT: f64 = 26.0;
/// Room under the plot for tick labels and the axis caption.
const BOTTOM_MARGIN: f64 = 55.0;
/// Smallest axis span, so that a single entry with σ = 0 still gets a readable axis.
const MIN_SPAN: f64 = 1.0;
/// The axis when there is nothing finite to show: around the Weng-Lin starting rating of 25.
const DEFAULT_RANGE: (f64, f64) = (0.0, 50.0);
/// Labels longer than this are shortened in the label column (the full label is in the tooltip).
const MAX_LABEL_CHARS: usize = 26;

/// Renders each entry's rating as a row, in standings order: the label, a line from μ − 2σ to
/// μ + 2σ and a dot at μ, over a numeric axis with round ticks and gridlines.
///
/// Entries whose rating is not finite are listed with "n/a" instead of a mark.
pub fn ratings_svg(title: &str, standings: &Standings) -> String {
    let entries = &standings.entries;
    let axis = Axis::fit(entries.iter().filter_map(span));
    // An empty chart still gets one row of room so the axis does not sit on the title.
    let rows = entries.len().max(1) as f64;
    let plot_bottom = PLOT_TOP + rows * ROW_HEIGHT;
    let height = plot_bottom + BOTTOM_MARGIN;

    let mut out = String::new();
    // `write!` into a String cannot fail, so its results are ignored throughout.
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(
        out,
        r##"<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>"##
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="28" text-anchor="middle" font-size="16" font-weight="bold">{}</text>"#,
        WIDTH / 2.0,
        escape(title)
    );

    for tick in axis.ticks() {
        let x = axis.x(tick.value);
        let _ = writeln!(
            out,
            r##"<line x1="{x:.2}" y1="{PLOT_TOP}" x2="{x:.2}" y2="{plot_bottom}" stroke="#dddddd"/>"##
        );
        let _ = writeln!(
            out,
            r#"<text x="{x:.2}" y="{:.2}" text-anchor="middle">{}</text>"#,
            plot_bottom + 16.0,
            tick.label
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{PLOT_LEFT}" y1="{plot_bottom}" x2="{PLOT_RIGHT}" y2="{plot_bottom}" stroke="#333333"/>"##
    );
    let _ = writeln!(
        out,
        r#"<text x="{:.2}" y="{:.2}" text-anchor="middle">Weng-Lin rating (μ ± 2σ)</text>"#,
        (PLOT_LEFT + PLOT_RIGHT) / 2.0,
        plot_bottom + 40.0
    );

    if entries.is_empty() {
        let _ = writeln!(
            out,
            r##"<text x="{:.2}" y="{:.2}" text-anchor="middle" fill="#777777">no entries</text>"##,
            (PLOT_LEFT + PLOT_RIGHT) / 2.0,
            PLOT_TOP + ROW_HEIGHT / 2.0 + 4.0
        );
    }
    for (row, entry) in entries.iter().enumerate() {
        write_row(&mut out, &axis, row, entry);
    }
    out.push_str("</svg>\n");
    out
}

/// Writes one entry's row: label, interval line and dot (or "n/a").
fn write_row(out: &mut String, axis: &Axis, row: usize, entry: &EntryStats) {
    let y = PLOT_TOP + (row as f64 + 0.5) * ROW_HEIGHT;
    let rating = &entry.rating;
    let _ = writeln!(out, "<g>");
    let _ = writeln!(
        out,
        "<title>{}: μ = {}, σ = {}</title>",
        escape(&entry.label),
        number(rating.mu),
        number(rating.sigma)
    );
    let _ = writeln!(
        out,
        r#"<text x="{LABEL_RIGHT}" y="{:.2}" text-anchor="end">{}</text>"#,
        y + 4.0,
        escape(&shorten(&entry.label))
    );
    match span(entry) {
        Some((low, high)) => {
            let _ = writeln!(
                out,
                r##"<line x1="{:.2}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke="#3366cc" stroke-width="2"/>"##,
                axis.x(low),
                axis.x(high)
            );
            let _ = writeln!(
                out,
                r##"<circle cx="{:.2}" cy="{y:.2}" r="4" fill="#3366cc"/>"##,
                axis.x(rating.mu)
            );
        }
        None => {
            let _ = writeln!(
                out,
                r##"<text x="{PLOT_LEFT}" y="{:.2}" fill="#777777">n/a</text>"##,
                y + 4.0
            );
        }
    }
    let _ = writeln!(out, "</g>");
}

/// The μ ± 2σ span of an entry, or `None` when its rating is not finite. A negative σ (not
/// produced by the model, but the fields are public) is read by magnitude.
fn span(entry: &EntryStats) -> Option<(f64, f64)> {
    let (mu, sigma) = (entry.rating.mu, entry.rating.sigma.abs());
    let (low, high) = (mu - 2.0 * sigma, mu + 2.0 * sigma);
    (low.is_finite() && high.is_finite()).then_some((low, high))
}

/// One axis tick.
struct Tick {
    value: f64,
    label: String,
}

/// A linear axis whose ends are round multiples of its tick step.
struct Axis {
    low: f64,
    high: f64,
    step: f64,
}

impl Axis {
    /// Fits an axis around the given spans, widened to [`MIN_SPAN`] and to whole tick steps.
    fn fit(spans: impl Iterator<Item = (f64, f64)>) -> Self {
        let (low, high) = spans.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), (a, b)| {
            (l.min(a), h.max(b))
        });
        // No finite spans, or spans so wide their difference overflows.
        let (low, high) = if (high - low).is_finite() {
            (low, high)
        } else {
            DEFAULT_RANGE
        };
        let (low, high) = if high - low < MIN_SPAN {
            let mid = (low + high) / 2.0;
            (mid - MIN_SPAN / 2.0, mid + MIN_SPAN / 2.0)
        } else {
            (low, high)
        };
        let step = nice_step((high - low) / 5.0);
        Self {
            low: (low / step).floor() * step,
            high: (high / step).ceil() * step,
            step,
        }
    }

    /// The x coordinate of a value. Values only fall outside the axis when it fell back to
    /// [`DEFAULT_RANGE`] for astronomically spread ratings; they are pinned to the edge rather
    /// than written as overflowing coordinates.
    fn x(&self, value: f64) -> f64 {
        let share = (value - self.low) / (self.high - self.low);
        PLOT_LEFT + share.clamp(0.0, 1.0) * (PLOT_RIGHT - PLOT_LEFT)
    }

    /// The round ticks from one end to the other.
    fn ticks(&self) -> Vec<Tick> {
        // Ticks are integer multiples of the step, so 0 is exactly 0 (never "-0").
        let first = (self.low / self.step).round() as i64;
        let count = ((self.high - self.low) / self.step).round() as i64;
        let decimals = if self.step >= 1.0 {
            0
        } else {
            (-self.step.log10()).ceil() as usize
        };
        (first..=first + count.clamp(0, 50))
            .map(|k| {
                let value = k as f64 * self.step;
                Tick {
                    value,
                    label: format!("{value:.decimals$}"),
                }
            })
            .collect()
    }
}

/// The round step (1, 2 or 5 times a power of ten) nearest above `raw`.
fn nice_step(raw: f64) -> f64 {
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude)
}

/// A rating figure for the tooltip; "n/a" rather than `NaN` or `inf`.
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.2}")
    } else {
        "n/a".to_owned()
    }
}

/// Shortens a label for the label column, on a character boundary.
fn shorten(label: &str) -> String {
    if label.chars().count() > MAX_LABEL_CHARS {
        let mut short: String = label.chars().take(MAX_LABEL_CHARS - 1).collect();
        short.push('…');
        short
    } else {
        label.to_owned()
    }
}

/// Escapes the XML special characters, for both text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{Interval, Rating};

    fn standings(ratings: &[(&str, f64, f64)]) -> Standings {
        let zero = Interval {
            mean: 0.0,
            low: 0.0,
            high: 0.0,
            n: 0,
        };
        Standings {
            games: 0,
            clusters: 0,
            cluster_by_deal: false,
            entries: ratings
                .iter()
                .enumerate()
                .map(|(entry, &(label, mu, sigma))| EntryStats {
                    entry,
                    label: label.to_owned(),
                    games: 0,
                    wins: 0,
                    draws: 0,
                    win_rate: zero,
                    placement: zero,
                    score: zero,
                    figures: Vec::new(),
                    rating: Rating { mu, sigma },
                    faults: 0,
                    forfeits: 0,
                })
                .collect(),
            pairwise: Vec::new(),
        }
    }

    /// A crude well-formedness check: the document is one `<svg>` element, every tag closes in
    /// order, and no stray `<`, `>` or unescaped `&` appears in text.
    fn assert_well_formed(svg: &str) {
        assert!(svg.starts_with("<svg"), "starts with <svg");
        assert!(svg.trim_end().ends_with("</svg>"), "ends with </svg>");
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(open) = rest.find('<') {
            let text = &rest[..open];
            assert!(!text.contains('>'), "stray > in {text:?}");
            for (i, _) in text.match_indices('&') {
                let entity = &text[i..];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                        .iter()
                        .any(|e| entity.starts_with(e)),
                    "bare & in {text:?}"
                );
            }
            let close = rest[open..].find('>').expect("unclosed tag") + open;
            let tag = &rest[open + 1..close];
            assert!(!tag.contains('<'), "< inside tag {tag:?}");
            // Attribute values are quoted, so an even number of quotes means none is left open.
            assert_eq!(tag.matches('"').count() % 2, 0, "quotes in {tag:?}");
            let name = tag
                .trim_start_matches('/')
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap_or("");
            if let Some(closing) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(closing.trim()), "mismatched </{closing}>");
            } else if !tag.ends_with('/') {
                stack.push(name);
            }
            rest = &rest[close + 1..];
        }
        assert!(stack.is_empty(), "unclosed {stack:?}");
        assert!(rest.trim().is_empty());
    }

    fn circle_xs(svg: &str) -> Vec<f64> {
        svg.match_indices("<circle cx=\"")
            .map(|(i, m)| {
                let start = i + m.len();
                let end = svg[start..].find('"').unwrap() + start;
                svg[start..end].parse().unwrap()
            })
            .collect()
    }

    #[test]
    fn labels_are_escaped_and_present() {
        let s = standings(&[
            ("a<b&\"c\"", 30.0, 2.0),
            ("plain", 20.0, 1.0),
            ("it's", 25.0, 3.0),
        ]);
        let svg = ratings_svg("Scores <&> 'all'", &s);
        assert_well_formed(&svg);
        assert!(svg.contains("a&lt;b&amp;&quot;c&quot;"));
        assert!(svg.contains(">plain<"));
        assert!(svg.contains("it&apos;s"));
        assert!(svg.contains("Scores &lt;&amp;&gt; &apos;all&apos;"));
        assert!(svg.contains("Weng-Lin rating (μ ± 2σ)"));
        assert!(!svg.contains("a<b"));
    }

    #[test]
    fn x_positions_follow_mu() {
        let mus = [31.5, 18.0, 25.0, 27.25];
        let s = standings(&[
            ("a", mus[0], 1.0),
            ("b", mus[1], 2.0),
            ("c", mus[2], 0.5),
            ("d", mus[3], 3.0),
        ]);
        let svg = ratings_svg("t", &s);
        assert_well_formed(&svg);
        let xs = circle_xs(&svg);
        assert_eq!(xs.len(), mus.len());
        for i in 0..mus.len() {
            for j in 0..mus.len() {
                assert_eq!(mus[i] < mus[j], xs[i] < xs[j], "rows {i} and {j}");
            }
        }
        // Every mark lies inside the plotting area.
        assert!(xs.iter().all(|&x| (PLOT_LEFT..=PLOT_RIGHT).contains(&x)));
    }

    #[test]
    fn degenerate_inputs_render() {
        for s in [
            standings(&[]),
            standings(&[("solo", 25.0, 0.0)]),
            standings(&[("a", 25.0, 0.0), ("b", 25.0, 0.0)]),
            standings(&[("nan", f64::NAN, 1.0), ("ok", 20.0, 1.0)]),
            standings(&[("huge", f64::MAX, 1.0), ("tiny", f64::MIN, 1.0)]),
        ] {
            let svg = ratings_svg("", &s);
            assert_well_formed(&svg);
            assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
        }
        let solo = ratings_svg("", &standings(&[("solo", 25.0, 0.0)]));
        assert!(circle_xs(&solo)[0] > PLOT_LEFT && circle_xs(&solo)[0] < PLOT_RIGHT);
    }

    #[test]
    fn ticks_are_round() {
        let axis = Axis::fit([(21.3, 38.9)].into_iter());
        let labels: Vec<String> = axis.ticks().into_iter().map(|t| t.label).collect();
        assert_eq!(labels, ["20", "25", "30", "35", "40"]);
        let narrow = Axis::fit([(25.0, 25.0)].into_iter());
        let labels: Vec<String> = narrow.ticks().into_iter().map(|t| t.label).collect();
        assert_eq!(
            labels,
            ["24.4", "24.6", "24.8", "25.0", "25.2", "25.4", "25.6"]
        );
    }

    #[test]
    fn long_labels_are_shortened_on_char_boundaries() {
        let long = "é".repeat(40);
        let short = shorten(&long);
        assert_eq!(short.chars().count(), MAX_LABEL_CHARS);
        assert!(short.ends_with('…'));
    }
}
