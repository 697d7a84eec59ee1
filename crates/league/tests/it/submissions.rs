//! Submissions: what is taken, how it is kept, the quota, the active choice and its check.

use std::path::PathBuf;

use parlour_league::config::Quota;
use parlour_league::ladder::active;
use parlour_league::people::{admit, read_roster};
use parlour_league::store::Status;
use parlour_league::submission::{
    check_log, classify, folder, kept_bytes, ladder_log, submit, Kind, SOURCE,
};
use parlour_league::{create, League, LeagueConfig};

use crate::support::{example, folder as test_folder, league, remove};

fn person(league: &League, id: &str) -> i64 {
    let rows = read_roster(&format!("name,id\n{id} person,{id}\n")).unwrap();
    admit(league.store(), &rows, false, 0).unwrap()[0].person
}

#[test]
fn an_upload_is_a_python_file_of_the_courses_interface_or_a_program() {
    let league = league("classify", "go", &["random"], 1);
    let c = league.config();
    assert_eq!(
        classify(c, "a.py", &example("course/go_first.py")).unwrap(),
        Kind::Course
    );
    assert_eq!(
        classify(c, "b.py", &example("raw_first.py")).unwrap(),
        Kind::Program
    );
    // A course file of another game is a program here (the check then says what it does).
    assert_eq!(
        classify(c, "c.py", &example("course/phased_first.py")).unwrap(),
        Kind::Program
    );
    let big = vec![b'#'; (c.quota.max_bytes + 1) as usize];
    for (name, bytes, says) in [
        ("bot.zip", b"PK\x03\x04".to_vec(), "not a zip archive"),
        ("bot.tar", b"x".to_vec(), "a submission is a Python file"),
        ("bot.py", big, "over this league's limit"),
        ("bot.py", b"\xff\xfe\x00".to_vec(), "not text (UTF-8)"),
        ("bot.py", b"print(1)\0".to_vec(), "NUL byte"),
        ("bot.py", b"  \n".to_vec(), "it is empty"),
    ] {
        let e = classify(c, name, &bytes).unwrap_err().to_string();
        assert!(e.starts_with(name) && e.contains(says), "{name}: {e}");
    }
}

/// A Nim league in a new test folder named `name`, its quota set by `quota`: its folder,
/// configuration and the league.
fn nim_league(name: &str, quota: impl FnOnce(&mut Quota)) -> (PathBuf, LeagueConfig, League) {
    let dir = test_folder(name);
    let mut config = LeagueConfig::new(
        name,
        "nim",
        Default::default(),
        vec!["random".parse().unwrap()],
        3,
    )
    .unwrap();
    quota(&mut config.quota);
    create(&dir, &config).unwrap();
    let league = League::open(&dir).unwrap();
    (dir, config, league)
}

/// A submission is kept under its content's hash, read-only; the same content twice is one
/// file (two submissions); a person's quota of submissions an hour and bytes is enforced.
#[test]
fn submissions_are_kept_immutably_within_a_quota() {
    let (dir, config, league) = nim_league("quota", |q| {
        q.per_hour = 3;
        q.storage_bytes = 4000;
        q.league_bytes = 6000;
    });
    let ada = person(&league, "s1");
    let bot = example("raw_first.py");
    let a = submit(&dir, &config, league.store(), ada, "mine.py", &bot, 1_000).unwrap();
    let b = submit(&dir, &config, league.store(), ada, "again.py", &bot, 2_000).unwrap();
    let (sa, sb) = (
        league.store().submission(a).unwrap().unwrap(),
        league.store().submission(b).unwrap().unwrap(),
    );
    assert_eq!(sa.hash, sb.hash);
    assert_eq!(
        (sa.file_name.as_str(), sb.file_name.as_str()),
        ("mine.py", "again.py")
    );
    assert_eq!(sa.status, Status::Checking);
    let kept = folder(&dir, &sa.hash).join(SOURCE);
    assert_eq!(std::fs::read(&kept).unwrap(), bot);
    assert!(std::fs::write(&kept, b"changed").is_err() || running_as_root());
    // The hour's quota: a third is taken, a fourth within the hour is not, one later is.
    submit(
        &dir,
        &config,
        league.store(),
        ada,
        "3.py",
        b"print(3)\n",
        3_000,
    )
    .unwrap();
    let e = submit(
        &dir,
        &config,
        league.store(),
        ada,
        "4.py",
        b"print(4)\n",
        4_000,
    )
    .unwrap_err();
    assert!(e.to_string().contains("at most 3 an hour"), "{e}");
    // Storage: what is kept counts, whoever else submits.
    let big = format!("# {}\nprint(5)\n", "x".repeat(3000));
    let e = submit(
        &dir,
        &config,
        league.store(),
        ada,
        "5.py",
        big.as_bytes(),
        3_700_000,
    )
    .unwrap_err();
    assert!(e.to_string().contains("keeps at most 4000"), "{e}");
    let alan = person(&league, "s2");
    submit(
        &dir,
        &config,
        league.store(),
        alan,
        "5.py",
        big.as_bytes(),
        3_700_000,
    )
    .unwrap();
    // The league's storage: everyone's submissions together (4,675 bytes kept here; 3,012
    // more would pass 6,000), however many people share them, each within their own limit.
    let grace = person(&league, "s3");
    let e = submit(
        &dir,
        &config,
        league.store(),
        grace,
        "6.py",
        big.as_bytes(),
        3_700_000,
    )
    .unwrap_err();
    assert!(e.to_string().contains("at most 6000 in all"), "{e}");
    submit(
        &dir,
        &config,
        league.store(),
        grace,
        "7.py",
        b"print(7)\n",
        3_700_000,
    )
    .unwrap();
    remove(&dir);
}

/// Root may write a read-only file: the permission is then not what is tested.
fn running_as_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
}

/// The active submission: the person's last choice if it passed, else their newest that
/// passed; at a deadline, only what was submitted and chosen by then. A choice of a failed
/// submission or of someone else's is refused.
#[test]
fn the_active_submission_is_the_last_choice_or_the_newest_that_passed() {
    let league = league("active", "nim", &["random"], 4);
    let (dir, config, store) = (league.dir(), league.config(), league.store());
    let ada = person(&league, "s1");
    let alan = person(&league, "s2");
    let sub =
        |at: i64, text: &str| submit(dir, config, store, ada, "a.py", text.as_bytes(), at).unwrap();
    let (s1, s2, s3) = (
        sub(100, "print(1)"),
        sub(200, "print(2)"),
        sub(300, "print(3)"),
    );
    assert_eq!(active(store, ada, 1_000).unwrap(), None);
    store.set_checked(s1, Status::Passed, "passed\n").unwrap();
    store.set_checked(s2, Status::Passed, "passed\n").unwrap();
    store.set_checked(s3, Status::Failed, "a fault\n").unwrap();
    let id = |at| active(store, ada, at).unwrap().map(|s| s.id);
    assert_eq!(id(1_000), Some(s2));
    assert_eq!(id(150), Some(s1));
    assert_eq!(id(50), None);
    league.choose(ada, s1, 400).unwrap();
    assert_eq!(id(1_000), Some(s1));
    assert_eq!(id(399), Some(s2), "a choice counts from when it was made");
    let e = league.choose(ada, s3, 500).unwrap_err();
    assert!(e.to_string().contains("did not pass its check"), "{e}");
    let e = league.choose(alan, s1, 500).unwrap_err();
    assert!(e.to_string().contains("you have no submission"), "{e}");
    assert_eq!(id(1_000), Some(s1));
}

/// A bot's logs are the person's storage too: each submission has its own (capped) check and
/// ladder log, so a person whose bots fill theirs can neither submit again nor switch to
/// another submission, which would start a new log; keeping their active one stays allowed.
#[test]
fn a_persons_logs_count_against_their_storage() {
    let (dir, config, league) = nim_league("logs-quota", |q| q.storage_bytes = 10_000);
    let store = league.store();
    let ada = person(&league, "s1");
    let a = submit(&dir, &config, store, ada, "a.py", b"print(1)\n", 0).unwrap();
    let b = submit(&dir, &config, store, ada, "b.py", b"print(2)\n", 0).unwrap();
    store.set_checked(a, Status::Passed, "passed\n").unwrap();
    store.set_checked(b, Status::Passed, "passed\n").unwrap();
    assert_eq!(kept_bytes(&dir, store, ada).unwrap(), 18);
    // What a chatty bot leaves: its check's log, then its ladder log past the person's limit.
    std::fs::create_dir_all(dir.join("logs")).unwrap();
    std::fs::write(check_log(&dir, b), vec![b'.'; 2_000]).unwrap();
    std::fs::write(ladder_log(&dir, b), vec![b'.'; 9_000]).unwrap();
    assert_eq!(kept_bytes(&dir, store, ada).unwrap(), 11_018);
    let e = submit(&dir, &config, store, ada, "c.py", b"print(3)\n", 10).unwrap_err();
    assert!(
        e.to_string()
            .contains("and their logs would hold 11027 bytes"),
        "{e}"
    );
    let e = league.choose(ada, a, 20).unwrap_err();
    assert!(
        e.to_string().contains("your active submission stays"),
        "{e}"
    );
    assert_eq!(active(store, ada, 30).unwrap().map(|s| s.id), Some(b));
    league.choose(ada, b, 40).unwrap();
    // Another person is untouched by Ada's logs.
    let alan = person(&league, "s2");
    submit(&dir, &config, store, alan, "a.py", b"print(1)\n", 50).unwrap();
    remove(&dir);
}

/// The check runs the submission as `parlour check-bot` does: an honest program and an honest
/// course bot pass; one that raises, one that prints junk, one that cannot start fail, each
/// with a report that says what it did and where.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_submission_is_checked_at_once() {
    // The course adapter is the Python kit's: importable through PYTHONPATH, which programs
    // are passed.
    std::env::set_var("PYTHONPATH", crate::support::kit());
    let league = league("check", "go", &["random"], 5);
    let ada = person(&league, "s1");
    for (file, passes, says) in [
        ("raw_first.py", true, "passed"),
        ("course/go_first.py", true, "passed"),
        ("course/go_raises.py", false, "illegal"),
        ("course/go_junk.py", false, "illegal"),
    ] {
        let (id, checked) = league.submit(ada, "bot.py", &example(file), 0).unwrap();
        assert_eq!(checked.passed, passes, "{file}: {}", checked.report);
        assert!(checked.report.contains(says), "{file}: {}", checked.report);
        let stored = league.store().submission(id).unwrap().unwrap();
        assert_eq!(stored.status == Status::Passed, passes);
        assert_eq!(stored.report.as_deref(), Some(checked.report.as_str()));
    }
    let (_, checked) = league
        .submit(ada, "broken.py", b"import no_such_module_anywhere\n", 0)
        .unwrap();
    assert!(!checked.passed, "{}", checked.report);
}
