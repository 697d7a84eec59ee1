//! The models parlour ships, built into the binary: each was trained by `parlour train` from a
//! seed, and `models/README.md` gives the command that reproduces it and what it cost.

/// The games a model ships for.
const SHIPPED: &[(&str, &[u8])] = &[
    ("uno", include_bytes!("../models/uno.safetensors")),
    ("go", include_bytes!("../models/go.safetensors")),
    ("chexers", include_bytes!("../models/chexers.safetensors")),
];

/// The shipped model of `game`, if there is one.
pub fn bytes(game: &str) -> Option<&'static [u8]> {
    SHIPPED.iter().find(|(g, _)| *g == game).map(|(_, b)| *b)
}

/// The games a model ships for.
pub fn games() -> Vec<&'static str> {
    SHIPPED.iter().map(|(g, _)| *g).collect()
}

/// How messages name the shipped model of `game`.
pub fn name(game: &str) -> String {
    format!("crates/learn/models/{game}.safetensors (shipped)")
}
