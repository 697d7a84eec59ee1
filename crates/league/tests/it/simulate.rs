//! A small simulated class: people submit honest, broken and hostile bots through the server
//! while the ladder runs and pages listen. Every honest submission passes and is rated; the
//! broken and hanging ones fail their check and never play; the hostile one finds none of the
//! others' sources. (The large run is the `class` example: docs/league.md.)

use parlour_league::simulate::{run, Class};

use crate::support::{folder, kit, remove};

#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_small_class_submits_while_the_ladder_runs() {
    std::env::set_var("PYTHONPATH", kit());
    let dir = folder("class");
    let class = Class {
        people: 10,
        duration: std::time::Duration::from_secs(30),
        workers: 2,
        browsers: 20,
        offline_games: 40,
        seed: 4,
        examples: kit().join("examples"),
    };
    let report = run(&dir, &class).unwrap();
    println!("{}", serde_json::to_string_pretty(&report).unwrap());
    // People 0..10: 3 and 7 are broken, 9 is hostile (it snoops, and passes: it plays by the
    // protocol); the other seven are honest.
    assert_eq!(report.passed + report.failed, 10, "{report:?}");
    assert_eq!(report.failed, 2, "{report:?}");
    assert_eq!(report.never_played, 0, "{report:?}");
    assert!(
        report.matches > 0 && report.first_match_max_s.is_finite(),
        "{report:?}"
    );
    assert!(report.page_p99_ms.is_finite(), "{report:?}");
    assert_eq!(
        report.leaked, 0,
        "a submission read another's source: {report:?}"
    );
    assert!(
        report.found_own > 0,
        "the hostile submission never looked: {report:?}"
    );
    remove(&dir);
}
