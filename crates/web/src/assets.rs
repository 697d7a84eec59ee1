//! The front end, built into the binary: plain ES modules, no build step.

/// The files, by name, with their content types.
const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "cards.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/cards.js"),
    ),
    (
        "games.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/games.js"),
    ),
];

/// A file of the front end and its content type.
pub fn get(name: &str) -> Option<(&'static str, &'static str)> {
    FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, kind, body)| (*body, *kind))
}

/// Every file's name.
pub fn names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(n, _, _)| *n)
}
