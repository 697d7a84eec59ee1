//! The training curve as an SVG picture: the loss on top, then the evaluation's share of the
//! wins, then its lead in the game's own measure (points, at a points game), all against the
//! iteration.

use crate::Row;

/// A panel's box and labels.
struct Panel<'a> {
    top: f64,
    label: &'a str,
    /// The iteration at the right edge.
    x_max: f64,
    /// The y range; `None`: the points' own.
    fixed: Option<(f64, f64)>,
    /// A dashed line at this height.
    reference: Option<f64>,
}

impl Panel<'_> {
    /// Draws the panel with a polyline through `points`.
    fn draw(&self, out: &mut String, points: &[(f64, f64)]) {
        let (left, width, height, top) = (70.0, 560.0, 180.0, self.top);
        out.push_str(&format!(
            "<rect x=\"{left}\" y=\"{top}\" width=\"{width}\" height=\"{height}\" fill=\"none\" stroke=\"#999\"/>\n\
             <text x=\"{left}\" y=\"{}\" font-size=\"13\">{}</text>\n",
            top - 6.0,
            escape(self.label)
        ));
        if points.is_empty() {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"12\" fill=\"#666\">no points yet</text>\n",
                left + 10.0,
                top + 20.0
            ));
            return;
        }
        let x_max = self.x_max.max(1.0);
        let (lo, hi) = self.fixed.unwrap_or_else(|| {
            let lo = points.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
            let hi = points.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
            if hi > lo {
                (lo, hi)
            } else {
                (lo - 0.5, hi + 0.5)
            }
        });
        let sx = |x: f64| left + width * x / x_max;
        let sy = |y: f64| top + height - height * ((y - lo) / (hi - lo)).clamp(0.0, 1.0);
        if let Some(y) = self.reference {
            out.push_str(&format!(
                "<line x1=\"{left}\" x2=\"{}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#c33\" stroke-dasharray=\"4 3\"/>\n",
                left + width,
                sy(y),
                sy(y)
            ));
        }
        let path: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{:.1},{:.1}", sx(x), sy(y)))
            .collect();
        out.push_str(&format!(
            "<polyline fill=\"none\" stroke=\"#1f5fa8\" stroke-width=\"1.5\" points=\"{}\"/>\n",
            path.join(" ")
        ));
        for (y, anchor) in [(lo, top + height), (hi, top + 10.0)] {
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{anchor}\" font-size=\"11\" text-anchor=\"end\">{}</text>\n",
                left - 4.0,
                short(y)
            ));
        }
        out.push_str(&format!(
            "<text x=\"{left}\" y=\"{}\" font-size=\"11\">0</text>\n\
             <text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">iteration {}</text>\n",
            top + height + 14.0,
            left + width,
            top + height + 14.0,
            x_max
        ));
    }
}

fn short(y: f64) -> String {
    if y == y.round() || y.abs() >= 100.0 {
        format!("{y:.0}")
    } else {
        format!("{y:.3}")
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The curve of `rows` under `title`.
pub fn curve(title: &str, rows: &[Row]) -> String {
    let mut out = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"660\" height=\"760\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
    );
    out.push_str(&format!(
        "<text x=\"70\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>\n",
        escape(title)
    ));
    let x_max = rows.last().map_or(1.0, |r| r.iteration as f64);
    let loss: Vec<(f64, f64)> = rows.iter().map(|r| (r.iteration as f64, r.loss)).collect();
    Panel {
        top: 60.0,
        label: "training loss (mean squared error of the scaled targets)",
        x_max,
        fixed: None,
        reference: None,
    }
    .draw(&mut out, &loss);
    let share: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| r.eval_share.map(|s| (r.iteration as f64, 100.0 * s)))
        .collect();
    Panel {
        top: 300.0,
        label: "share of the wins in evaluation, % (dashed: 50, even)",
        x_max,
        fixed: Some((0.0, 100.0)),
        reference: Some(50.0),
    }
    .draw(&mut out, &share);
    let lead: Vec<(f64, f64)> = rows
        .iter()
        .filter_map(|r| r.eval_lead.map(|l| (r.iteration as f64, l)))
        .collect();
    // The lead's own range, widened to show the even line.
    let (lo, hi) = lead
        .iter()
        .fold((0.0f64, 0.0f64), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let pad = ((hi - lo) * 0.05).max(0.5);
    Panel {
        top: 540.0,
        label: "lead in evaluation: mean return a seat less the opponent's (dashed: 0, even)",
        x_max,
        fixed: Some((lo - pad, hi + pad)),
        reference: Some(0.0),
    }
    .draw(&mut out, &lead);
    out.push_str("</svg>\n");
    out
}
