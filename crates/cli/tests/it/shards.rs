//! Tournaments past one machine, through the built binary: `parlour tournament --shard I/N`
//! plays one shard into its own database, and `parlour merge OUT SHARD...` joins them into a
//! database whose standings are byte-identical to a one-machine run's; foreign, corrupt,
//! missing and repeated shards are handled as docs/cluster.md says.

use crate::common;

use std::path::{Path, PathBuf};

use common::{assert_bad_input_in, parlour_in, stderr, stdout};

/// Runs `parlour args` in `dir` and insists that it succeeds.
fn ok(dir: &Path, args: &[&str]) -> std::process::Output {
    let o = parlour_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o
}

/// `parlour report FILE` in every format, concatenated.
fn reports(dir: &Path, file: &str) -> String {
    ["json", "table", "csv"]
        .iter()
        .map(|f| stdout(&ok(dir, &["report", file, "--format", f])))
        .collect()
}

/// Plays `args` whole into full.sqlite and as `n` shards (alternating --jobs 1 and 2) into
/// shardI.sqlite; returns the shard files' names.
fn play(dir: &Path, args: &[&str], n: u32) -> Vec<String> {
    let mut whole = args.to_vec();
    whole.extend(["--db", "full.sqlite"]);
    ok(dir, &whole);
    (1..=n)
        .map(|i| {
            let name = format!("shard{i}.sqlite");
            let shard = format!("{i}/{n}");
            let jobs = if i % 2 == 0 { "2" } else { "1" };
            let mut a = args.to_vec();
            a.extend(["--shard", &shard, "--db", &name, "--jobs", jobs]);
            let o = ok(dir, &a);
            assert!(
                stderr(&o).contains(&format!("shard {shard} (games")),
                "{}",
                stderr(&o)
            );
            name
        })
        .collect()
}

/// Every file in `dir` with a hash of its bytes, but for what SQLite's readers leave beside a
/// database in write-ahead mode: its shared-memory index and an empty log.
fn snapshot(dir: &Path) -> Vec<(PathBuf, u64)> {
    use std::hash::{Hash, Hasher};
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let bytes = std::fs::read(&p).unwrap_or_default();
            let name = p.to_string_lossy();
            if name.ends_with("-shm") || (name.ends_with("-wal") && bytes.is_empty()) {
                return None;
            }
            let mut h = std::hash::DefaultHasher::new();
            bytes.hash(&mut h);
            Some((p, h.finish()))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn merged_shards_report_exactly_what_one_machine_reports() {
    let cases: &[(&[&str], u32)] = &[
        // Duplicate deals, a round-robin of every seat order.
        (&["tournament", "uno", "--games", "480"], 4),
        // More entries than seats: balanced random tables.
        (
            &[
                "tournament",
                "go",
                "--bots",
                "heuristic,random,random,random,heuristic",
                "--schedule",
                "random",
                "--games",
                "300",
            ],
            7,
        ),
        // No chance: every game its own deal.
        (&["tournament", "chexers", "--games", "60"], 3),
        // An early stop that falls inside the first shards: the later ones are not needed.
        (
            &[
                "tournament",
                "uno",
                "--bots",
                "heuristic,random,random,random",
                "--games",
                "4000",
                "--early-stop",
            ],
            5,
        ),
    ];
    for (args, n) in cases {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let shards = play(d, args, *n);
        let mut merge = vec!["merge", "merged.sqlite"];
        merge.extend(shards.iter().map(String::as_str));
        let o = ok(d, &merge);
        let full = reports(d, "full.sqlite");
        assert_eq!(
            reports(d, "merged.sqlite"),
            full,
            "{args:?}: merged standings differ"
        );
        // The merge prints the same standings as the report.
        assert_eq!(
            stdout(&o),
            stdout(&ok(d, &["report", "full.sqlite"])),
            "{args:?}"
        );
        if args.contains(&"--early-stop") {
            let v: serde_json::Value = serde_json::from_str(&stdout(&ok(
                d,
                &["report", "full.sqlite", "--format", "json"],
            )))
            .unwrap();
            let stop = v["stopped_early"]["games"]
                .as_u64()
                .expect("the early stop fires");
            // The shards past the stop can be left out.
            let needed: Vec<&str> = shards
                .iter()
                .enumerate()
                .filter(|(i, _)| (*i as u64) * 4000 / u64::from(*n) < stop)
                .map(|(_, s)| s.as_str())
                .collect();
            assert!(
                needed.len() < shards.len(),
                "the stop at {stop} needs every shard"
            );
            let mut merge = vec!["merge", "needed.sqlite"];
            merge.extend(needed);
            ok(d, &merge);
            assert_eq!(reports(d, "needed.sqlite"), full);
        }
    }
}

#[test]
fn a_shard_given_twice_counts_once() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shards = play(d, &["tournament", "phased", "--games", "40"], 2);
    std::fs::copy(d.join(&shards[0]), d.join("copy.sqlite")).unwrap();
    let o = ok(
        d,
        &[
            "merge",
            "m.sqlite",
            &shards[0],
            &shards[1],
            "copy.sqlite",
            &shards[0],
        ],
    );
    assert!(stderr(&o).contains("counted once"), "{}", stderr(&o));
    assert_eq!(reports(d, "m.sqlite"), reports(d, "full.sqlite"));
}

#[test]
fn a_missing_shard_is_named_and_a_partial_merge_resumes_on_one_machine() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shards = play(d, &["tournament", "bo", "--games", "48"], 4);
    let before = snapshot(d);
    assert_bad_input_in(
        d,
        &["merge", "m.sqlite", &shards[0], &shards[3]],
        "shards 2, 3 of 4 are missing",
    );
    assert_eq!(snapshot(d), before, "a refused merge changes nothing");
    // A shard interrupted part-way is named too.
    let o = ok(
        d,
        &[
            "merge",
            "partial.sqlite",
            "--partial",
            &shards[0],
            &shards[3],
        ],
    );
    assert!(stderr(&o).contains("INCOMPLETE"), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&ok(
        d,
        &["report", "partial.sqlite", "--format", "json"],
    )))
    .unwrap();
    assert_eq!(v["complete"], false);
    ok(d, &["tournament", "--resume", "partial.sqlite"]);
    assert_eq!(reports(d, "partial.sqlite"), reports(d, "full.sqlite"));
}

#[test]
fn an_interrupted_shard_resumes_its_own_games_only() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let shards = play(d, &["tournament", "uno", "--games", "200"], 2);
    // Shard 2 with a game taken out, as an interrupted run leaves it.
    std::fs::copy(d.join(&shards[1]), d.join("cut.sqlite")).unwrap();
    let conn = rusqlite::Connection::open(d.join("cut.sqlite")).unwrap();
    conn.execute("DELETE FROM games WHERE idx = 150", [])
        .unwrap();
    drop(conn);
    assert_bad_input_in(
        d,
        &["merge", "m.sqlite", &shards[0], "cut.sqlite"],
        "shard 2/2 has 99 of its 100 games",
    );
    let o = ok(
        d,
        &["tournament", "--resume", "cut.sqlite", "--format", "json"],
    );
    assert!(stderr(&o).contains("99 already recorded"), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["run"]["played"], 1, "only the missing game is played");
    ok(d, &["merge", "m.sqlite", &shards[0], "cut.sqlite"]);
    assert_eq!(reports(d, "m.sqlite"), reports(d, "full.sqlite"));
}

#[test]
fn foreign_corrupt_and_conflicting_shards_are_refused_and_nothing_changes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let args = ["tournament", "uno", "--games", "80"];
    let shards = play(d, &args, 2);
    let (a, b) = (shards[0].as_str(), shards[1].as_str());
    // Another seed, another split, a whole tournament.
    ok(
        d,
        &[
            &args[..],
            &["--seed", "2", "--shard", "2/2", "--db", "seed2.sqlite"],
        ]
        .concat(),
    );
    ok(
        d,
        &[&args[..], &["--shard", "2/4", "--db", "quarter.sqlite"]].concat(),
    );
    // A truncated copy, a file that is not a database, a doctored game, a game moved out of
    // its shard.
    let bytes = std::fs::read(d.join(b)).unwrap();
    std::fs::write(d.join("truncated.sqlite"), &bytes[..bytes.len() / 3]).unwrap();
    std::fs::write(d.join("notes.sqlite"), "not a database\n").unwrap();
    for (name, sql) in [
        (
            "doctored.sqlite",
            "UPDATE games SET returns = '[99,0,0,0]' WHERE idx = 41",
        ),
        (
            "moved.sqlite",
            "UPDATE games SET idx = 0, deal = 0 WHERE idx = 41",
        ),
    ] {
        std::fs::copy(d.join(b), d.join(name)).unwrap();
        let conn = rusqlite::Connection::open(d.join(name)).unwrap();
        conn.execute(sql, []).unwrap();
    }
    let before = snapshot(d);
    for (other, needle) in [
        ("seed2.sqlite", "seed2.sqlite is of another tournament"),
        ("seed2.sqlite", "seed differs"),
        (
            "quarter.sqlite",
            "quarter.sqlite is shard 2/4 but shard1.sqlite is shard 1/2",
        ),
        ("full.sqlite", "full.sqlite is not a shard"),
        ("truncated.sqlite", "truncated.sqlite"),
        (
            "notes.sqlite",
            "notes.sqlite is not a parlour tournament database",
        ),
        (
            "doctored.sqlite",
            "game 41 is recorded differently in shard2.sqlite and doctored.sqlite",
        ),
        ("moved.sqlite", "lies outside shard 2/2's games 40 to 79"),
        ("nothing-here.sqlite", "nothing-here.sqlite: no such file"),
    ] {
        assert_bad_input_in(d, &["merge", "m.sqlite", a, b, other], needle);
        assert_eq!(
            snapshot(d),
            before,
            "{other}: a refused merge changes nothing"
        );
    }
    // An output that exists is never written over.
    assert_bad_input_in(d, &["merge", a, a, b], "already exists");
    assert_eq!(snapshot(d), before);
}

#[test]
fn bad_shards_are_refused_with_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for (shard, needle) in [
        ("0/4", "numbered from 1"),
        ("5/4", "numbered from 1"),
        ("three", "write i/n"),
        ("1/21", "21 shards for 20 groups"),
    ] {
        assert_bad_input_in(
            d,
            &[
                "tournament",
                "uno",
                "--games",
                "80",
                "--shard",
                shard,
                "--db",
                "x.sqlite",
            ],
            needle,
        );
    }
    assert_bad_input_in(
        d,
        &["tournament", "uno", "--shard", "1/2", "--no-db"],
        "--no-db",
    );
    assert!(!d.join("x.sqlite").exists());
}

/// The scripts docs/cluster.md gives for Slurm, by name (the block after `<!-- slurm: NAME -->`).
fn slurm_script(name: &str) -> String {
    let doc = std::fs::read_to_string(common::root().join("docs/cluster.md")).unwrap();
    let marker = format!("<!-- slurm: {name} -->");
    let after = &doc[doc.find(&marker).expect("the script is in docs/cluster.md")..];
    let body = &after[after.find("```bash\n").unwrap() + "```bash\n".len()..];
    body[..body.find("```").unwrap()].to_string()
}

#[test]
fn the_slurm_job_array_template_gives_the_one_machine_standings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_parlour"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    for name in ["shards.sbatch", "merge.sbatch"] {
        std::fs::write(d.join(name), slurm_script(name)).unwrap();
    }
    let entries = "heuristic,random,random,random";
    let sbatch = |script: &str, task: Option<u32>| {
        let mut c = std::process::Command::new("bash");
        c.arg(script)
            .current_dir(d)
            .env("PATH", &path)
            .env("GAME", "uno")
            .env("ENTRIES", entries)
            .env("GAMES", "200")
            .env("SEED", "7")
            .env("RUN", "run")
            .env("SLURM_CPUS_PER_TASK", "1");
        if let Some(i) = task {
            c.env("SLURM_ARRAY_TASK_ID", i.to_string())
                .env("SLURM_ARRAY_TASK_COUNT", "4");
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{script} {task:?}: {}", stderr(&o));
        o
    };
    for i in 1..=4 {
        sbatch("shards.sbatch", Some(i));
    }
    // A requeued task: shard 3, cut short as a preempted run leaves it, runs again and resumes.
    let conn = rusqlite::Connection::open(d.join("run/shard-3-of-4.sqlite")).unwrap();
    conn.execute("DELETE FROM games WHERE idx >= 120", [])
        .unwrap();
    drop(conn);
    sbatch("shards.sbatch", Some(3));
    let merged = sbatch("merge.sbatch", None);
    ok(
        d,
        &[
            "tournament",
            "uno",
            "--bots",
            entries,
            "--games",
            "200",
            "--seed",
            "7",
            "--db",
            "full.sqlite",
        ],
    );
    assert_eq!(reports(d, "run/merged.sqlite"), reports(d, "full.sqlite"));
    assert_eq!(
        stdout(&merged),
        stdout(&ok(d, &["report", "full.sqlite"])),
        "the merge job prints the one-machine standings"
    );
}
