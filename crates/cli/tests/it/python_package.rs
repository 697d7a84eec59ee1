//! The Python package `parlour` (crates/python + python/), installed as docs/python.md says —
//! `pip install ".[envs,ray]"` into a virtual environment — and its pytest suite run against the
//! real binary: the API for every game, PettingZoo's `api_test` and Gymnasium's `check_env`,
//! determinism against `parlour play --trace`, resampling, the batch API, tournaments, the
//! training example, and the Ray driver on a local cluster (python/tests/test_ray.py).
//!
//! `cargo xtask test` installs the package (with its extras, pytest and mypy) into
//! `target/python-venv`, building the extension with maturin into `target/python-build`; this
//! test runs what is installed there, so it is ignored by plain `cargo test`.

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::{root, run, stderr, stdout};

/// The virtual environment `cargo xtask test` installs the package into.
fn venv() -> PathBuf {
    let venv = root().join("target/python-venv");
    assert!(
        venv.join("bin/python").exists(),
        "{} is missing: `cargo xtask test` (or `cargo xtask install`) installs the Python \
         package there",
        venv.display()
    );
    venv
}

#[test]
#[ignore = "needs the Python package installed: cargo xtask test"]
fn the_python_packages_own_tests_pass() {
    let root = root();
    let venv = venv();
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
