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
//!
//! With a terrain, the terrain is data and the attack constraint walks each move step by
//! step (off the board, back on its own square, past a blocker: no attack), so the model
//! still derives the pairs itself.

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
    let terrain = problem.terrain();
    let kinds: Vec<_> = problem.pieces().iter().filter(|p| p.count > 0).collect();
    if kinds.len() as u64 * board.squares() > MAX_PIECE_VARS {
        return Err(Error::Unsupported(format!(
            "the problem on the {board} board is too large to export"
        )));
    }
    let (rows, cols) = (board.rows(), board.cols());
    // On the torus a rider may go round the board: its steps are bounded by the
    // squares (it stops when back on its own square, which the constraint skips).
    let longest = if terrain.torus() {
        rows * cols
    } else {
        rows.max(cols) - 1
    };
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

"#,
    );
    if terrain.is_plain() {
        s.push_str(
            r#"% No piece on a square that another piece reaches by one of its moves.
constraint forall(m in 1..M, r in 1..R, c in 1..C, t in 1..reach[m], k in 1..K
                  where r + t * mdr[m] in 1..R /\ c + t * mdf[m] in 1..C)(
  not x[mk[m], r, c] \/ not x[k, r + t * mdr[m], c + t * mdf[m]]);
"#,
        );
    } else {
        write_terrain(&mut s, problem);
    }
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

/// The board beyond the rectangle: holes, blockers, wrap and regions as data, and the
/// attack constraint that walks each move square by square, stopping at a blocker and
/// (on the torus) wrapping around.
fn write_terrain(s: &mut String, problem: &Problem) {
    let board = problem.board();
    let terrain = problem.terrain();
    let (rows, cols) = (board.rows(), board.cols());
    let grid = |f: &dyn Fn(crate::board::Square) -> String| {
        let cells: Vec<String> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| crate::board::Square::new(c, r)))
            .map(f)
            .collect();
        format!("array2d(1..R, 1..C, [{}])", cells.join(", "))
    };
    let _ = writeln!(s, "\n% The board beyond the rectangle.");
    let _ = writeln!(s, "bool: torus = {};", terrain.torus());
    let _ = writeln!(
        s,
        "array[1..R, 1..C] of bool: hole = {};",
        grid(&|q| terrain.is_hole(q).to_string())
    );
    let _ = writeln!(
        s,
        "array[1..R, 1..C] of bool: blocker = {};",
        grid(&|q| terrain.is_blocker(q).to_string())
    );
    let (count, per) = terrain
        .regions()
        .map_or((0, 0), |r| (r.count(), r.per_region()));
    let _ = writeln!(s, "int: NG = {count};");
    let _ = writeln!(s, "int: per_region = {per};");
    let _ = writeln!(
        s,
        "array[1..R, 1..C] of int: region = {};",
        grid(&|q| {
            terrain
                .regions()
                .and_then(|r| r.region_at(board.index(q)))
                .map_or(0, |g| g + 1)
                .to_string()
        })
    );
    s.push_str(
        r#"
% The square t steps along move m from (r, c), wrapped on the torus; 0 when off the board.
function int: rr(int: m, int: r, int: t) =
  if torus then ((r - 1 + t * mdr[m]) mod R + R) mod R + 1
  elseif r + t * mdr[m] in 1..R then r + t * mdr[m] else 0 endif;
function int: cc(int: m, int: c, int: t) =
  if torus then ((c - 1 + t * mdf[m]) mod C + C) mod C + 1
  elseif c + t * mdf[m] in 1..C then c + t * mdf[m] else 0 endif;

% No piece on a square that another piece reaches by one of its moves: each step of
% the move stays on the board, passes no blocker and is not back on the piece's square.
constraint forall(m in 1..M, r in 1..R, c in 1..C, t in 1..reach[m], k in 1..K
                  where forall(u in 1..t)(rr(m, r, u) > 0 /\ cc(m, c, u) > 0
                                          /\ not (rr(m, r, u) = r /\ cc(m, c, u) = c))
                     /\ forall(u in 1..t-1)(not blocker[rr(m, r, u), cc(m, c, u)]))(
  not x[mk[m], r, c] \/ not x[k, rr(m, r, t), cc(m, c, t)]);

% Holes and blockers hold no piece.
constraint forall(k in 1..K, r in 1..R, c in 1..C where hole[r, c] \/ blocker[r, c])(not x[k, r, c]);

% Each region holds its number of pieces.
constraint forall(g in 1..NG)(
  sum(k in 1..K, r in 1..R, c in 1..C where region[r, c] = g)(bool2int(x[k, r, c])) = per_region);
"#,
    );
}
