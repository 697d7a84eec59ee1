//! The simulated class as a benchmark: `cargo run --release -p parlour-league --example class
//! -- PEOPLE MINUTES WORKERS BROWSERS` (defaults 300 30 CORES 300) prints the report as JSON.
//! It needs python3; the Python kit (`sdk/python`, whose course adapters the course bots run
//! in) is put on `PYTHONPATH` by its absolute path, which the jail's programs can follow.

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let arg = |i: usize, default: u64| args.get(i).copied().unwrap_or(default);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()?;
    std::env::set_var("PYTHONPATH", root.join("sdk/python"));
    let dir = std::env::temp_dir().join(format!("parlour-class-{}", std::process::id()));
    let class = parlour_league::simulate::Class {
        people: arg(0, 300) as usize,
        duration: std::time::Duration::from_secs(arg(1, 30) * 60),
        workers: arg(2, cores) as usize,
        browsers: arg(3, 300) as usize,
        offline_games: 2000,
        seed: 1,
        examples: root.join("sdk/python/examples"),
    };
    // The ladder's figures as soon as they are known (the offline tournament takes minutes).
    let report = parlour_league::simulate::run_reporting(&dir, &class, &|ladder| {
        if let Ok(text) = serde_json::to_string(ladder) {
            eprintln!("the ladder's part: {text}");
        }
    })?;
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}
