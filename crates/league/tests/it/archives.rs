//! Submissions of several files: zip archives with a manifest, and course packages. Every
//! hostile archive is refused before anything is kept: names that leave the folder, links, a
//! zip bomb, too many files, a manifest naming what the archive does not hold.

use std::io::Write;

use parlour_league::archive::{read, MANIFEST};
use parlour_league::people::{admit, read_roster};
use parlour_league::submission::{classify, folder, program as spec_of, submit, Kind};
use zip::write::SimpleFileOptions;

use crate::support::{league, remove};

/// A zip of these (name, content) files; a name ending in `/` is a folder.
fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = SimpleFileOptions::default();
    for (name, content) in files {
        if name.ends_with('/') {
            w.add_directory(*name, o).unwrap();
        } else {
            w.start_file(*name, o).unwrap();
            w.write_all(content).unwrap();
        }
    }
    w.finish().unwrap().into_inner()
}

const BOT: &[u8] = b"import sys\nprint('hi', file=sys.stderr)\n";

#[test]
fn an_archive_says_how_it_plays_and_is_kept_read_only() {
    let l = league("archive", "chexers", &["greedy"], 2);
    let c = l.config();
    let program = zip_of(&[
        (MANIFEST, b"command = [\"python3\", \"src/bot.py\"]\n"),
        ("src/", b""),
        ("src/bot.py", BOT),
    ]);
    assert_eq!(classify(c, "mine.zip", &program).unwrap(), Kind::Program);
    let package = zip_of(&[
        ("team/__init__.py", b"from .player import Player\n"),
        ("team/player.py", b"class Player:\n    pass\n"),
    ]);
    assert_eq!(classify(c, "team.zip", &package).unwrap(), Kind::Course);
    let rows = read_roster("name,id\nAda,s1\n").unwrap();
    let ada = admit(l.store(), &rows, false, 0).unwrap()[0].person;
    for (name, bytes, first) in [
        ("mine.zip", &program, "python3"),
        ("team.zip", &package, "python3"),
    ] {
        let id = submit(l.dir(), c, l.store(), ada, name, bytes, 0).unwrap();
        let s = l.store().submission(id).unwrap().unwrap();
        let kept = folder(l.dir(), &s.hash);
        let spec = spec_of(l.dir(), c, &s, "x").unwrap();
        assert_eq!(spec.command[0], first);
        assert_eq!(
            spec.dir.as_deref(),
            Some(std::fs::canonicalize(&kept).unwrap().as_path())
        );
        if name == "mine.zip" {
            assert_eq!(spec.command[1], "src/bot.py");
            assert_eq!(std::fs::read(kept.join("src/bot.py")).unwrap(), BOT);
        } else {
            // The course adapter runs the package; a manifest saying so was written beside it.
            assert_eq!(&spec.command[1..4], ["-m", "parlour_bot.course", "chexers"]);
            assert!(spec.command[4].ends_with("/team"), "{:?}", spec.command);
            assert!(std::fs::read_to_string(kept.join(MANIFEST))
                .unwrap()
                .contains("course = \"team\""));
        }
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(&kept).unwrap().permissions(),
        );
        assert_eq!(mode & 0o222, 0, "{name}: the kept folder is writable");
    }
    remove(l.dir());
}

#[test]
fn a_hostile_archive_is_refused_before_anything_is_kept() {
    let limit = 1 << 20;
    let symlink = {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        w.add_symlink("team", "/etc", SimpleFileOptions::default())
            .unwrap();
        w.finish().unwrap().into_inner()
    };
    let bomb = {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        w.start_file(MANIFEST, o).unwrap();
        w.write_all(b"command = [\"python3\", \"bot.py\"]\n")
            .unwrap();
        w.start_file("bot.py", o).unwrap();
        w.write_all(&vec![b' '; 20 << 20]).unwrap();
        w.finish().unwrap().into_inner()
    };
    assert!(
        bomb.len() < 200_000,
        "the bomb is small packed ({} bytes)",
        bomb.len()
    );
    let many: Vec<(String, Vec<u8>)> = (0..501)
        .map(|i| (format!("f{i}.py"), b"x".to_vec()))
        .collect();
    let many_refs: Vec<(&str, &[u8])> = many
        .iter()
        .map(|(n, c)| (n.as_str(), c.as_slice()))
        .collect();
    for (what, bytes, says) in [
        (
            "a name up and out",
            zip_of(&[
                (MANIFEST, b"command = [\"python3\", \"bot.py\"]"),
                ("../bot.py", BOT),
            ]),
            "outside its folder",
        ),
        (
            "an absolute name",
            zip_of(&[
                (MANIFEST, b"command = [\"python3\", \"bot.py\"]"),
                ("/tmp/bot.py", BOT),
            ]),
            "outside its folder",
        ),
        ("a link", symlink, "is a link"),
        ("a zip bomb", bomb, "unpacks to more than"),
        ("too many files", zip_of(&many_refs), "at most 500"),
        (
            "a missing command",
            zip_of(&[
                (MANIFEST, b"command = [\"python3\", \"gone.py\"]"),
                ("bot.py", BOT),
            ]),
            "does not hold",
        ),
        (
            "a missing program",
            zip_of(&[(MANIFEST, b"command = [\"./bot\"]"), ("bot.py", BOT)]),
            "does not hold",
        ),
        (
            "a missing package",
            zip_of(&[(MANIFEST, b"course = \"team\""), ("bot.py", BOT)]),
            "not a Python file or package",
        ),
        (
            "both ways",
            zip_of(&[
                (
                    MANIFEST,
                    b"course = \"bot.py\"\ncommand = [\"python3\", \"bot.py\"]",
                ),
                ("bot.py", BOT),
            ]),
            "exactly one of",
        ),
        (
            "an unknown key",
            zip_of(&[(MANIFEST, b"cmd = \"bot.py\""), ("bot.py", BOT)]),
            "unknown field",
        ),
        (
            "no manifest",
            zip_of(&[("a.py", BOT), ("b.py", BOT)]),
            "no parlour.toml",
        ),
        ("not a zip", b"PK not really".to_vec(), "not a zip archive"),
    ] {
        let e = read("x.zip", &bytes, 16 * limit).unwrap_err().to_string();
        assert!(e.starts_with("x.zip: ") && e.contains(says), "{what}: {e}");
    }
    // Refused at submission, nothing is kept.
    let l = league("hostile", "nim", &["perfect"], 2);
    let rows = read_roster("name,id\nAda,s1\n").unwrap();
    let ada = admit(l.store(), &rows, false, 0).unwrap()[0].person;
    let up = zip_of(&[
        (MANIFEST, b"command = [\"python3\", \"bot.py\"]"),
        ("../bot.py", BOT),
    ]);
    assert!(submit(l.dir(), l.config(), l.store(), ada, "x.zip", &up, 0).is_err());
    assert!(l.store().submissions(None).unwrap().is_empty());
    assert!(
        !l.dir().join("submissions").exists()
            || std::fs::read_dir(l.dir().join("submissions"))
                .unwrap()
                .next()
                .is_none()
    );
    remove(l.dir());
}

/// COMP30024's Chexers submissions were packages: zipped, one plays through the course
/// adapter and passes its check.
#[test]
#[ignore = "needs python3: cargo xtask test"]
fn a_chexers_package_plays() {
    std::env::set_var("PYTHONPATH", crate::support::kit());
    let l = league("package", "chexers", &["greedy"], 2);
    let rows = read_roster("name,id\nAda,s1\n").unwrap();
    let ada = admit(l.store(), &rows, false, 0).unwrap()[0].person;
    let team = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../sdk/python/tests/fixtures/course/team_sample");
    let files: Vec<(String, Vec<u8>)> = ["__init__.py", "board.py", "player.py", "util.py"]
        .iter()
        .map(|f| {
            (
                format!("team_sample/{f}"),
                std::fs::read(team.join(f)).unwrap(),
            )
        })
        .collect();
    let refs: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, c)| (n.as_str(), c.as_slice()))
        .collect();
    let (_, checked) = l.submit(ada, "team_sample.zip", &zip_of(&refs), 0).unwrap();
    assert!(checked.passed, "{}", checked.report);
    remove(l.dir());
}
