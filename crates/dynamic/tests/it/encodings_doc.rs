//! `docs/encodings.md` shows every game's layouts as the code has them: the tables between
//! `<!-- layout GAME -->` markers are generated here and must match (`PARLOUR_BLESS=1`
//! rewrites them).

use parlour_core::encode::{Field, Layout};
use parlour_dynamic::open;
use serde_json::json;

fn table(fields: &[Field], what: &str) -> String {
    let mut s = format!("| {what} | start | length | meaning |\n|---|---:|---:|---|\n");
    for f in fields {
        s += &format!(
            "| `{}` | {} | {} | {} |\n",
            f.name,
            f.start,
            f.len,
            f.meaning.replace('|', "\\|")
        );
    }
    s
}

/// The table of the slices (or tokens) `more` adds to `base`, at their places in `more`.
fn extra_table(base: &Layout, more: &Layout, what: &str) -> String {
    table(&more.fields()[base.fields().len()..], what)
}

/// The generated block for one game: the default options' layouts, and the variant's extra
/// token ranges (a variant's action space must extend the standard one).
fn block(name: &str) -> String {
    let game = open(name, &[]).unwrap();
    let info = game.info();
    let mut s = format!(
        "**{}** with its default options ({} players): an observation of **{}** numbers{}, \
         and **{}** action tokens{}.\n\n",
        info.title,
        game.num_players(),
        game.observation_len(),
        if game.max_tokens() > 1 {
            " (the last slices show the pending tokens)"
        } else {
            ""
        },
        game.action_space(),
        if game.max_tokens() > 1 {
            format!(", an action taking up to {} of them", game.max_tokens())
        } else {
            ", one an action".to_string()
        },
    );
    s += &table(game.observation_layout().fields(), "slice");
    s += "\n";
    s += &table(game.action_layout().fields(), "tokens");
    for variant in info.variants {
        let v = open(name, &[("variant".to_string(), json!(variant))]).unwrap();
        assert_eq!(
            v.observation_layout(),
            game.observation_layout(),
            "{name} {variant}: the observation layout differs from the standard game's"
        );
        let (base, more) = (game.action_layout(), v.action_layout());
        assert!(
            more.fields().starts_with(base.fields()),
            "{name} {variant}: the action space does not extend the standard one"
        );
        s += &format!("\nThe {variant} variant adds these tokens:\n\n");
        s += &extra_table(&base, &more, "tokens");
    }
    for &(game_name, key, value) in OPTION_LAYOUTS {
        if game_name != name {
            continue;
        }
        let v = open(name, &[(key.to_string(), json!(value))]).unwrap();
        let (obs, more_obs) = (game.observation_layout(), v.observation_layout());
        let (base, more) = (game.action_layout(), v.action_layout());
        assert!(
            more_obs.fields().starts_with(obs.fields()) && more.fields().starts_with(base.fields()),
            "{name} {key}={value}: the layouts do not extend the standard ones"
        );
        s += &format!(
            "\nWith `-o {key}={value}` the vector has **{}** numbers and the action space **{}** \
             tokens, an action taking up to {}: these slices and tokens follow the standard ones.\n\n",
            v.observation_len(),
            v.action_space(),
            v.max_tokens()
        );
        s += &extra_table(&obs, &more_obs, "slice");
        s += "\n";
        s += &extra_table(&base, &more, "tokens");
    }
    s
}

/// Options (not variants) that add slices or tokens to a game's layouts, shown after its own.
const OPTION_LAYOUTS: &[(&str, &str, &str)] = &[("go", "scoring", "proposed")];

#[test]
fn the_encodings_doc_shows_every_games_layouts() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/encodings.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let mut out = String::new();
    let mut rest = doc.as_str();
    let mut games = Vec::new();
    while let Some(i) = rest.find("<!-- layout ") {
        let (before, from) = rest.split_at(i);
        out += before;
        let name_end = from.find(" -->").unwrap();
        let name = &from["<!-- layout ".len()..name_end];
        let close = format!("<!-- /layout {name} -->");
        let end = from.find(&close).expect("a closing marker") + close.len();
        out += &format!(
            "<!-- layout {name} -->\n{}<!-- /layout {name} -->",
            block(name)
        );
        games.push(name.to_string());
        rest = &from[end..];
    }
    out += rest;
    let mut expected: Vec<String> = parlour_games::names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    expected.sort();
    games.sort();
    assert_eq!(games, expected, "every game has a layout block");
    if std::env::var_os("PARLOUR_BLESS").is_some() {
        std::fs::write(&path, &out).unwrap();
    } else {
        assert!(
            out == doc,
            "docs/encodings.md is out of date with the layouts; run with PARLOUR_BLESS=1"
        );
    }
}
