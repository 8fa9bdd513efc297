//! A problem as an XCSP3 instance (the XML format of the XCSP solver competitions).
//!
//! Variables `x[k][r][c]` in `{0, 1}` (a piece of the `k`-th kind on file `c`, rank `r`,
//! 0-based), one `sum` per kind for the count, one `sum` per square when several kinds
//! share the board, and the attacking pairs as one `group` of binary constraints
//! `le(add(%0,%1),1)`. The pairs come from [`Terrain::attacks`](crate::terrain::Terrain::attacks)
//! (blockers and the torus included) in both directions; holes and blockers are
//! instantiated to 0 and each region gets a `sum`, so the instance states the rule itself rather than our SAT
//! encoding of it.
//!
//! Fixed pieces are an `instantiation` to 1.

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::error::Error;
use crate::problem::{Problem, format_spec};
use crate::sat::encode::MAX_PIECE_VARS;

/// The most attacking pairs written (each is a line of the file).
pub const MAX_PAIRS: usize = 20_000_000;

/// The XCSP3 text of `problem`.
///
/// ```
/// use queens::{export::xcsp3, Problem};
/// let text = xcsp3::write(&Problem::queens(4).unwrap()).unwrap();
/// assert!(text.contains(r#"<instance format="XCSP3" type="CSP">"#));
/// ```
pub fn write(problem: &Problem) -> Result<String, Error> {
    let board = *problem.board();
    let too_large = || {
        Error::Unsupported(format!(
            "the problem on the {board} board is too large to export"
        ))
    };
    let kinds: Vec<_> = problem.pieces().iter().filter(|p| p.count > 0).collect();
    if kinds.len() as u64 * board.squares() > MAX_PIECE_VARS {
        return Err(too_large());
    }
    let squares = board.squares() as usize;
    let name = |k: usize, s: usize| {
        let sq = board.square_at(s);
        format!("x[{k}][{}][{}]", sq.rank, sq.file)
    };
    // Each pair once: (k, s) < (k', t) by flat index.
    let terrain = problem.terrain();
    let mut pairs: BTreeSet<(usize, usize)> = BTreeSet::new();
    for (ka, a) in kinds.iter().enumerate() {
        for s in 0..squares {
            for to in terrain.attacks(&board, &a.kind, board.square_at(s)) {
                let t = board.index(to);
                for kb in 0..kinds.len() {
                    let (x, y) = (ka * squares + s, kb * squares + t);
                    pairs.insert((x.min(y), x.max(y)));
                }
            }
            if pairs.len() > MAX_PAIRS {
                return Err(too_large());
            }
        }
    }
    let mut x = String::new();
    let _ = writeln!(
        x,
        "<!-- queens: non-attacking pieces as an XCSP3 instance -->"
    );
    let _ = writeln!(
        x,
        "<!-- board {board}, pieces {}{} -->",
        format_spec(problem.pieces()),
        if problem.fixed().is_empty() {
            String::new()
        } else {
            format!(", fixed {}", problem.fixed())
        }
    );
    let _ = writeln!(x, r#"<instance format="XCSP3" type="CSP">"#);
    let _ = writeln!(x, "  <variables>");
    let letters: Vec<String> = kinds.iter().map(|p| p.kind.letter().to_string()).collect();
    let _ = writeln!(
        x,
        r#"    <array id="x" note="x[k][r][c] = 1: a piece of kind k ({}) on rank r, file c, from 0" size="[{}][{}][{}]"> 0 1 </array>"#,
        letters.join(" "),
        kinds.len().max(1),
        board.rows(),
        board.cols()
    );
    let _ = writeln!(x, "  </variables>");
    let _ = writeln!(x, "  <constraints>");
    for (k, p) in kinds.iter().enumerate() {
        let _ = writeln!(
            x,
            "    <sum note=\"{} pieces of kind {}\">\n      <list> x[{k}][][] </list>\n      <condition> (eq,{}) </condition>\n    </sum>",
            p.count,
            p.kind.letter(),
            p.count
        );
    }
    if kinds.is_empty() {
        // No kind has a piece: the (placeholder) array must stay empty.
        let _ = writeln!(
            x,
            "    <sum>\n      <list> x[0][][] </list>\n      <condition> (eq,0) </condition>\n    </sum>"
        );
    }
    if kinds.len() > 1 {
        let _ = writeln!(x, "    <block note=\"at most one piece per square\">");
        for s in 0..squares {
            let vars: Vec<String> = (0..kinds.len()).map(|k| name(k, s)).collect();
            let _ = writeln!(
                x,
                "      <sum>\n        <list> {} </list>\n        <condition> (le,1) </condition>\n      </sum>",
                vars.join(" ")
            );
        }
        let _ = writeln!(x, "    </block>");
    }
    if !pairs.is_empty() {
        let _ = writeln!(
            x,
            "    <group note=\"no two pieces that attack each other\">"
        );
        let _ = writeln!(x, "      <intension> le(add(%0,%1),1) </intension>");
        for (a, b) in &pairs {
            let _ = writeln!(
                x,
                "      <args> {} {} </args>",
                name(a / squares, a % squares),
                name(b / squares, b % squares)
            );
        }
        let _ = writeln!(x, "    </group>");
    }
    if !problem.fixed().is_empty() {
        let fixed: Vec<String> = problem
            .fixed()
            .pieces()
            .iter()
            .map(|p| {
                let k = kinds
                    .iter()
                    .position(|x| x.kind == p.kind)
                    .expect("a fixed piece's kind is in the spec");
                name(k, board.index(p.square))
            })
            .collect();
        let _ = writeln!(
            x,
            "    <instantiation note=\"fixed pieces\">\n      <list> {} </list>\n      <values> {} </values>\n    </instantiation>",
            fixed.join(" "),
            vec!["1"; fixed.len()].join(" ")
        );
    }
    // Holes and blockers hold no piece; each region holds its number of pieces.
    let closed: Vec<String> = terrain
        .holes()
        .chain(terrain.blockers())
        .flat_map(|sq| (0..kinds.len()).map(move |k| (k, sq)))
        .map(|(k, sq)| name(k, board.index(sq)))
        .collect();
    if !closed.is_empty() {
        let _ = writeln!(
            x,
            "    <instantiation note=\"holes and blockers\">\n      <list> {} </list>\n      <values> {} </values>\n    </instantiation>",
            closed.join(" "),
            vec!["0"; closed.len()].join(" ")
        );
    }
    if let Some(r) = terrain.regions() {
        for id in 0..r.count() {
            let vars: Vec<String> = r
                .squares(id)
                .into_iter()
                .flat_map(|s| (0..kinds.len()).map(move |k| (k, s)))
                .map(|(k, s)| name(k, s))
                .collect();
            let _ = writeln!(
                x,
                "    <sum note=\"region {}\">\n      <list> {} </list>\n      <condition> (eq,{}) </condition>\n    </sum>",
                r.name(id),
                vars.join(" "),
                r.per_region()
            );
        }
    }
    let _ = writeln!(x, "  </constraints>");
    let _ = writeln!(x, "</instance>");
    Ok(x)
}
