//! Tournament throughput (`cargo bench -p parlour-arena`): the runs `parlour bench GAME
//! --tournament` times — 1 and 2 worker threads, with and without recording to a database.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parlour_arena::bench::{CoreLimit, KINDS};
use parlour_arena::store::Store;
use parlour_arena::{Tournament, TournamentConfig};
use parlour_core::BotSpec;
use parlour_protocol::{EntrySpec, Player};
use parlour_uno::Uno;

const GAMES: u64 = 4000;

fn benches(c: &mut Criterion) {
    let game = Uno::standard();
    let entries: Vec<EntrySpec> = ["heuristic", "random", "random", "random"]
        .map(|b| EntrySpec::Bot(BotSpec::named(b)))
        .to_vec();
    let config = TournamentConfig::new(&game, entries, GAMES, 1);
    let make = |e: &EntrySpec, seed| Player::<Uno>::built_in(e, seed);
    let t = Tournament::new(game, config, &make).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut group = c.benchmark_group("tournament-uno");
    group.throughput(Throughput::Elements(GAMES));
    group.sample_size(10);
    for (jobs, db) in KINDS {
        let name = format!("{jobs}-core{}", if db { "-db" } else { "" });
        let mut run = 0;
        group.bench_function(&name, |b| {
            b.iter(|| {
                run += 1;
                let path = dir.path().join(format!("{name}-{run}.sqlite"));
                let mut store = db.then(|| Store::create(&path, t.config()).unwrap());
                let _cores = CoreLimit::new(jobs);
                t.run(
                    jobs,
                    Vec::new(),
                    &make,
                    &mut |batch| store.as_mut().map_or(Ok(()), |s| s.record(batch)),
                    &mut |_| {},
                )
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(tournament, benches);
criterion_main!(tournament);
