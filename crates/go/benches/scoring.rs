//! Optimal scoring of dealt 10-card sets (`cargo bench -p parlour-go --bench scoring`): the
//! workload of `parlour go score-bench`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parlour_go::scoring::{best_partition, best_score, dealt_sets};

fn benches(c: &mut Criterion) {
    let sets = dealt_sets(1, 1024);
    let mut group = c.benchmark_group("go-scoring");
    group.throughput(Throughput::Elements(sets.len() as u64));
    group.bench_function("best_score", |b| {
        b.iter(|| {
            for set in &sets {
                black_box(best_score(set).unwrap());
            }
        })
    });
    group.bench_function("best_partition", |b| {
        b.iter(|| {
            for set in &sets {
                black_box(best_partition(set).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group!(scoring, benches);
criterion_main!(scoring);
