//! Mirrors `queens count --unique`: the number of solutions distinct up to the
//! board's rotations and reflections (those that keep every kind's moves and the
//! fixed pieces).
//!
//! Run it with `cargo run -p queens --example count_unique`.

use queens::symmetry::symmetries;
use queens::{
    Board, Catalog, EngineChoice, Error, Placement, Problem, Settings, count, count_unique,
    parse_spec,
};

fn main() -> Result<(), Error> {
    let catalog = Catalog::standard();
    let cases: [(&str, &str, &str, u32, u32); 6] = [
        // board, pieces, fixed, all, unique
        ("8", "8Q", "", 92, 12),
        ("10", "10Q", "", 724, 92),
        ("5", "N,B,R,Q,A", "", 96, 12),
        ("6", "2N,2B,R,Q", "", 104_416, 13_052),
        // A rectangle has 4 symmetries, not 8.
        ("5x7", "5Q", "", 164, 43),
        // A fixed queen in the corner leaves only the diagonal reflection.
        ("8", "8Q", "Qa1", 4, 2),
    ];
    for (board, spec, fixed, all, unique) in cases {
        let problem = Problem::new(
            board.parse::<Board>()?,
            parse_spec(spec, &catalog)?,
            Placement::parse(fixed, &catalog)?,
        )?;
        let settings = Settings::default();
        let n = count_unique(&problem, EngineChoice::Auto, &settings)?;
        let total = count(&problem, EngineChoice::Auto, &settings)?;
        let group = symmetries(&problem).len();
        let fixed = if fixed.is_empty() {
            String::new()
        } else {
            format!(" --fixed {fixed}")
        };
        println!(
            "queens count {board} --pieces {spec}{fixed} --unique\n{n}   ({total} in all, {group} symmetries)"
        );
        assert_eq!((total, n), (all.into(), unique.into()));
    }
    Ok(())
}
