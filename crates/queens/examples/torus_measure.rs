//! The torus engine's searches measured, not checked (bench/torus_cost.md): run by
//! `bench/torus_orbits.sh` and `bench/torus_estimate.sh`.
//!
//! ```text
//! cargo run --release -p queens --features measure --example torus_measure -- orbits 23
//! cargo run --release -p queens --features measure --example torus_measure -- estimate 23 20000
//! cargo run --release -p queens --features measure --example torus_measure -- widths 29
//! ```

use queens::engine::torus_measure::{mask_width_cost, orbit_costs, tree_estimate};

/// The number at `args[i]`, else `default`; a word that is not a number ends the run.
fn number(args: &[String], i: usize, default: u64) -> u64 {
    match args.get(i) {
        Some(a) => a
            .parse()
            .unwrap_or_else(|_| usage(&format!("bad number '{a}'"))),
        None => default,
    }
}

fn usage(why: &str) -> ! {
    eprintln!("torus_measure: {why}; give orbits [N], estimate [N [PROBES]] or widths [N]");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side = |default| {
        u32::try_from(number(&args, 1, default)).unwrap_or_else(|_| usage("the side is too large"))
    };
    match args.first().map(String::as_str) {
        Some("orbits") => orbit_costs(side(23)),
        Some("estimate") => tree_estimate(side(23), number(&args, 2, 20_000)),
        Some("widths") => mask_width_cost(side(29)),
        _ => usage("no measurement named"),
    }
}
