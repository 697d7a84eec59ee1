//! The Python package `parlour` (crates/python + python/), installed as the README says —
//! `pip install ".[envs,ray]"` into a virtual environment — and its pytest suite run against the
//! real binary: the API for every game, PettingZoo's `api_test` and Gymnasium's `check_env`,
//! determinism against `parlour play --trace`, resampling, the batch API, tournaments, the
//! training example, and the Ray driver on a local cluster (python/tests/test_ray.py).
//!
//! The virtual environment is kept in `target/python-venv`, and the extension is built by
//! maturin into `target/python-build` (a target directory of its own: the one `cargo test`
//! holds is locked while tests run).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{root, run, stderr, stdout};

fn venv(root: &Path) -> PathBuf {
    let venv = root.join("target/python-venv");
    if !venv.join("bin/python").exists() {
        run(
            "python3 -m venv",
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
        );
    }
    venv
}

#[test]
fn the_python_packages_own_tests_pass() {
    let root = root();
    let venv = venv(&root);
    let pip = venv.join("bin/pip");
    // Exactly the README's install (with the Ray driver's extra), plus the test runner.
    run(
        "pip install .[envs,ray]",
        Command::new(&pip)
            .args([
                "install",
                "-q",
                "--disable-pip-version-check",
                ".[envs,ray]",
                "pytest",
                "mypy",
            ])
            .current_dir(&root)
            .env("CARGO_TARGET_DIR", root.join("target/python-build")),
    );
    // The type stubs say what the native module really has (names, signatures, classes), as
    // mypy's stubtest reads it. (PyO3's classes are "disjoint bases" in PEP 800's sense, which
    // the stubs cannot mark until Python 3.15's typing: that one check is off.)
    run(
        "stubtest parlour._parlour",
        Command::new(venv.join("bin/python"))
            .args([
                "-m",
                "mypy.stubtest",
                "--ignore-disjoint-bases",
                "parlour._parlour",
            ])
            .current_dir(root.join("target")),
    );
    let o = Command::new(venv.join("bin/python"))
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "python/tests",
        ])
        .current_dir(&root)
        .env("PARLOUR_BIN", env!("CARGO_BIN_EXE_parlour"))
        .output()
        .expect("pytest runs");
    let out = stdout(&o);
    assert!(o.status.success(), "{out}{}", stderr(&o));
    assert!(out.contains(" passed"), "{out}");
    assert!(!out.contains("skipped"), "a test was skipped: {out}");
}
