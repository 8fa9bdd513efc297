//! Mirrors `queens decode`: a SAT solver's answer to `queens export --to dimacs` (its
//! `s` and `v` lines) read back as a placement, the problem and the variable map
//! taken from the DIMACS file's header (`--cnf`) or rebuilt from the problem.
//!
//! No external solver is needed: queens itself solves the problem and the answer a
//! solver would print is written out by hand from the `c var N K@square` lines.
//!
//! Run it with `cargo run -p queens --example decode`.

use std::collections::HashMap;

use queens::export::dimacs::{Answer, VarMap, read_answer};
use queens::export::{Format, export};
use queens::verify::conflicts;
use queens::{
    Catalog, EngineChoice, Error, Placement, Problem, Settings, fairy, parse_spec, solve,
};

/// A solver's output in the SAT-competition format for the model whose true
/// variables are `truths`, among the piece variables `1..=vars` (a real solver also
/// prints the auxiliary variables, which decoding ignores).
fn solver_output(truths: &[u32], vars: u32) -> String {
    let mut out = String::from("c hand-written for the example\ns SATISFIABLE\n");
    let lits: Vec<String> = (1..=vars)
        .map(|v| {
            let sign = if truths.contains(&v) { "" } else { "-" };
            format!("{sign}{v}")
        })
        .collect();
    for line in lits.chunks(10) {
        out += &format!("v {}\n", line.join(" "));
    }
    out + "v 0\n"
}

fn main() -> Result<(), Error> {
    // `queens export 5 --pieces N,B,R,Q,A --to dimacs > p.cnf`.
    let catalog = Catalog::standard();
    let problem = Problem::parse("5", Some("N,B,R,Q,A"), None, &catalog)?;
    let cnf = export(&problem, Format::Dimacs)?;

    // The variable of each (kind, square), from the header's `c var 12 Q@b3` lines.
    let var_of: HashMap<&str, u32> = cnf
        .lines()
        .filter_map(|l| l.strip_prefix("c var "))
        .filter_map(|l| l.split_once(' '))
        .map(|(v, what)| (what, v.parse().expect("a variable number")))
        .collect();
    let vars_of = |p: &Placement| -> Vec<u32> {
        p.pieces()
            .iter()
            .map(|x| var_of[format!("{}@{}", x.kind, x.square).as_str()])
            .collect()
    };

    // `minisat p.cnf out`, played by queens: the answer as a solver prints it.
    let solution =
        solve(&problem, EngineChoice::Auto, &Settings::default())?.expect("N,B,R,Q,A fit on 5x5");
    let output = solver_output(&vars_of(&solution), var_of.len() as u32);
    let shown: Vec<&str> = output.lines().take(4).collect();
    println!("the solver's answer (out):\n{}\n...\n", shown.join("\n"));

    // `queens decode --cnf p.cnf --model out`: everything from the two files.
    // The header also holds the `c piece LETTER=BETZA` lines of fairy kinds.
    let map = VarMap::from_dimacs(&cnf, &catalog)?;
    let kinds = fairy::catalog_with(&map.definitions)?;
    let rebuilt = Problem::new(
        map.board,
        parse_spec(&map.pieces, &kinds)?,
        Placement::parse(&map.fixed, &kinds)?,
    )?;
    assert_eq!(rebuilt, problem);
    let Answer::Sat(truths) = read_answer(&output)? else {
        panic!("the answer is SATISFIABLE");
    };
    let placement = map.decode(&truths);
    println!("queens decode --cnf p.cnf --model out\n{placement}");
    assert_eq!(placement, solution);
    assert!(problem.accepts(&placement));

    // `queens decode 5 --pieces N,B,R,Q,A --model out`: the map rebuilt from the
    // problem, without the file. A bare model (minisat's result file) reads too.
    let map = VarMap::for_problem(&problem)?;
    assert_eq!(map.decode(&truths), solution);
    let bare = output.replace("s SATISFIABLE", "SAT").replace("v ", "");
    assert_eq!(read_answer(&bare)?, Answer::Sat(truths));

    // `queens decode 3 --model out` after UNSATISFIABLE: no solution (exit 1).
    assert_eq!(read_answer("s UNSATISFIABLE\n")?, Answer::Unsat);
    println!("\nqueens decode 3 --model out   (s UNSATISFIABLE)\nno solution");

    // A wrong model decodes, but is not a solution: the CLI names an attacking pair.
    let wrong = Placement::parse("Na1 Bb1 Rc3 Qe2 Ad5", &catalog)?;
    let placement = map.decode(&vars_of(&wrong));
    assert_eq!(placement, wrong);
    assert!(!problem.accepts(&placement));
    let clash = conflicts(problem.board(), &placement);
    println!(
        "\nqueens decode --cnf p.cnf --model wrong\n{placement}\nnot a solution: {}",
        clash[0]
    );
    // Output that is not an answer is refused.
    assert!(matches!(
        read_answer("s UNKNOWN\n"),
        Err(Error::BadModel { .. })
    ));
    Ok(())
}
