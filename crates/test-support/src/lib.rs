//! What parlour's test and bench targets share, so that no test file includes another with
//! `#[path]`:
//!
//! - [`fuzz`]: every crate's fuzz targets' case counts (`PARLOUR_FUZZ_CASES`), structured
//!   mutation of valid inputs, and the contract checks every game's untrusted inputs must meet;
//! - [`bench`](mod@bench): the criterion suite each game's `benches/engine.rs` runs (the units of work
//!   `parlour bench` times);
//! - [`programs`]: bot programs in the POSIX shell, for tests that start real programs.
//!
//! It is a dev-dependency only (`publish = false`).
//!
//! ```
//! use parlour_test_support::fuzz;
//!
//! // A target's case count: its own default, or `PARLOUR_FUZZ_CASES` when that is larger.
//! assert!(fuzz::cases(64) >= 64);
//! ```

pub mod bench;
pub mod fuzz;
pub mod programs;
