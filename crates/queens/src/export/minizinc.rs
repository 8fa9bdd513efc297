//! A problem as a MiniZinc model, data inline.
//!
//! The model is generic: a 0/1 variable `x[k, r, c]` per kind and square, and the kinds'
//! *moves* as data (kind, file step, rank step, reach). The attack constraint is one
//! comprehension over moves, squares and steps, so MiniZinc derives every attacking
//! pair itself: nothing of our encoder or attack tables goes into it, which makes a CP
//! solver's count an independent check of ours. Blocking is ignored, as everywhere (see
//! [`crate::piece`]).
//!
//! The output item prints each solution in the `coords` form (`Qa1 Nc3`), in canonical
//! order (kind, file, rank), so `queens verify` reads it as it is.

use std::fmt::Write;

use crate::board::file_name;
use crate::error::Error;
use crate::problem::{Problem, format_spec};
use crate::sat::encode::MAX_PIECE_VARS;

/// The MiniZinc text of `problem`.
///
/// ```
/// use queens::{export::minizinc, Problem};
/// let text = minizinc::write(&Problem::queens(8).unwrap()).unwrap();
/// assert!(text.contains("solve satisfy;"));
/// ```
pub fn write(problem: &Problem) -> Result<String, Error> {
    let board = problem.board();
    if !problem.terrain().is_plain() {
        // The model derives attacks from the moves by a comprehension, which has no
        // blockers, wrap or regions in it.
        return Err(Error::Unsupported(
            "the MiniZinc export models plain rectangular boards only; export holes, blockers, the torus or regions with --to dimacs or --to xcsp3".into(),
        ));
    }
    let kinds: Vec<_> = problem.pieces().iter().filter(|p| p.count > 0).collect();
    if kinds.len() as u64 * board.squares() > MAX_PIECE_VARS {
        return Err(Error::Unsupported(format!(
            "the problem on the {board} board is too large to export"
        )));
    }
    let (rows, cols) = (board.rows(), board.cols());
    let longest = rows.max(cols) - 1;
    let mut moves: Vec<(usize, i32, i32, u32)> = Vec::new();
    for (k, p) in kinds.iter().enumerate() {
        for m in p.kind.moves() {
            let reach = if m.range == 0 {
                longest
            } else {
                m.range.min(longest)
            };
            moves.push((k + 1, m.df, m.dr, reach));
        }
    }
    let list = |items: Vec<String>| items.join(", ");
    let mut s = String::new();
    let _ = writeln!(s, "% queens: non-attacking pieces as a MiniZinc model");
    let _ = writeln!(
        s,
        "% board {board}, pieces {}",
        format_spec(problem.pieces())
    );
    if !problem.fixed().is_empty() {
        let _ = writeln!(s, "% fixed {}", problem.fixed());
    }
    let _ = writeln!(
        s,
        "% x[k, r, c]: a piece of kind k on file c, rank r (both from 1; file 1 is a)."
    );
    let _ = writeln!(
        s,
        "% Line pieces attack along the whole line (blocking ignored).\n"
    );
    let _ = writeln!(s, "int: R = {rows};");
    let _ = writeln!(s, "int: C = {cols};");
    let _ = writeln!(s, "int: K = {};", kinds.len());
    let _ = writeln!(
        s,
        "array[1..K] of string: letter = [{}];",
        list(
            kinds
                .iter()
                .map(|p| format!("\"{}\"", p.kind.letter()))
                .collect()
        )
    );
    let _ = writeln!(
        s,
        "array[1..K] of int: pieces = [{}];",
        list(kinds.iter().map(|p| p.count.to_string()).collect())
    );
    let _ = writeln!(
        s,
        "array[1..C] of string: files = [{}];",
        list((0..cols).map(|c| format!("\"{}\"", file_name(c))).collect())
    );
    let _ = writeln!(s, "\n% Moves: kind, file step, rank step, most steps.");
    let _ = writeln!(s, "int: M = {};", moves.len());
    let columns: [(&str, Vec<String>); 4] = [
        ("mk", moves.iter().map(|m| m.0.to_string()).collect()),
        ("mdf", moves.iter().map(|m| m.1.to_string()).collect()),
        ("mdr", moves.iter().map(|m| m.2.to_string()).collect()),
        ("reach", moves.iter().map(|m| m.3.to_string()).collect()),
    ];
    for (name, values) in columns {
        let _ = writeln!(s, "array[1..M] of int: {name} = [{}];", list(values));
    }
    s.push_str(
        r#"
array[1..K, 1..R, 1..C] of var bool: x;

% Exactly pieces[k] pieces of kind k.
constraint forall(k in 1..K)(sum(r in 1..R, c in 1..C)(bool2int(x[k, r, c])) = pieces[k]);

% At most one piece per square.
constraint forall(r in 1..R, c in 1..C)(sum(k in 1..K)(bool2int(x[k, r, c])) <= 1);

% No piece on a square that another piece reaches by one of its moves.
constraint forall(m in 1..M, r in 1..R, c in 1..C, t in 1..reach[m], k in 1..K
                  where r + t * mdr[m] in 1..R /\ c + t * mdf[m] in 1..C)(
  not x[mk[m], r, c] \/ not x[k, r + t * mdr[m], c + t * mdf[m]]);
"#,
    );
    if !problem.fixed().is_empty() {
        let _ = writeln!(s, "\n% Fixed pieces.");
        for p in problem.fixed().pieces() {
            let k = kinds
                .iter()
                .position(|x| x.kind == p.kind)
                .expect("a fixed piece's kind is in the spec");
            let _ = writeln!(
                s,
                "constraint x[{}, {}, {}];",
                k + 1,
                p.square.rank as u64 + 1,
                p.square.file as u64 + 1
            );
        }
    }
    s.push_str(
        r#"
solve satisfy;

output [join(" ", [letter[k] ++ files[c] ++ show(r) | k in 1..K, c in 1..C, r in 1..R
                   where fix(x[k, r, c])]) ++ "\n"];
"#,
    );
    Ok(s)
}
