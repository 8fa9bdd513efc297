//! A [`Problem`] as a CNF formula, and a model of the formula back as a [`Placement`].
//!
//! # Variables
//! One *piece variable* per (kind, square), for every kind the problem places at least
//! one piece of: variable `k·S + s + 1` says "a piece of the `k`-th kind stands on the
//! square of row-major index `s`" (`S` squares). They come first, so a model's first
//! `K·S` values are the placement; every later variable is auxiliary.
//!
//! # Clauses
//! - **One piece per square**: at most one kind per square.
//! - **Lines**: a kind that slides without limit both ways along a step `d` (the rook
//!   along ranks and files, the bishop along diagonals, a nightrider along `(1,2)`)
//!   attacks every square of each line `s, s+d, s+2d, …`. On such a line, a piece of a
//!   *covering* kind excludes every other piece, of any kind. When every kind covers
//!   `d`, that is "at most one piece on the line", a ladder ([`card::at_most_one`]);
//!   otherwise two prefix chains, "some piece before here" and "some covering piece
//!   before here", forbid a covering piece after any piece and any piece after a
//!   covering piece. Either way the size is linear in the line, where all pairs would
//!   be quadratic (what makes naive N-queens models explode).
//! - **Other attacks** (leaps, limited or one-way slides, and pairs no line covers):
//!   one binary clause per attacking pair of (kind, square), both directions of the
//!   two-way attack test, each pair once.
//! - **Counts**: exactly `n` pieces of each kind ([`card::exactly`]). When the kinds
//!   covering `d` must put one piece on every line of `d` (their number equals the
//!   number of lines, as for `N` queens on `N` ranks), "at least one per line" is added:
//!   implied, but it lets the solver see it at once; and when one kind alone covers
//!   `d` this fixes its count, so its counter is left out.
//! - **Fixed pieces**: unit clauses.
//!
//! Nothing here looks at a kind's letter: kinds are move lists, so fairy kinds get the
//! same treatment.
//!
//! # Sizes and limits
//! 8 queens: 208 variables and 554 clauses; 12 queens 560 / 1402; 30 queens 4124 / 9970;
//! 100 queens 48784 / 117210. Problems above 250,000 piece variables (`MAX_PIECE_VARS`:
//! 500×500 for one kind; 3 queens on 1000×1000 took 49 s and 4.2 GB) or 100 million
//! literals (`MAX_LITERALS`) are refused with one sentence.
//!
//! # Terrain
//! All attacking pairs come from `Terrain::attacks` (the line shortcut only on boards
//! without blockers or wrap), holes and blockers are unit clauses, and each region gets
//! `card::exactly`. The DIMACS export writes this same formula.
//!
//! The unit tests brute-force every assignment of the piece variables of small problems
//! (with a tiny DPLL for the auxiliaries) and compare the models with the exact engine.

use std::collections::BTreeSet;

use super::card;
use super::cnf::{Cnf, Lit};
use crate::board::{Board, Square};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{Piece, Placement, Problem};

/// The largest formula the encoder builds, in literal occurrences (about 4 bytes each).
pub const MAX_LITERALS: usize = 100_000_000;

/// The most piece variables (kinds × squares) the encoder accepts.
pub const MAX_PIECE_VARS: u64 = crate::model::text::sizes::SAT_PIECE_VARS;

/// A problem encoded as CNF, with the map from piece variables back to pieces.
///
/// ```text
/// use queens::{sat::encode::Encoding, Problem};
/// let e = Encoding::new(&Problem::queens(8).unwrap()).unwrap();
/// assert_eq!(e.piece_vars(), 64);
/// assert_eq!(e.piece(12).unwrap().to_string(), "Qd2");
/// ```
#[derive(Clone, Debug)]
pub struct Encoding {
    board: Board,
    kinds: Vec<PieceKind>,
    squares: usize,
    cnf: Cnf,
}

/// A direction `(df, dr)` normalised so that a line and its reverse are one:
/// `dr > 0`, or `dr == 0` and `df > 0`.
fn normalise(df: i32, dr: i32) -> (i32, i32) {
    if dr < 0 || (dr == 0 && df < 0) {
        (-df, -dr)
    } else {
        (df, dr)
    }
}

/// The steps along which `kind` slides without limit both ways, normalised.
fn covered_steps(kind: &PieceKind) -> Vec<(i32, i32)> {
    let moves = kind.moves();
    let mut out: Vec<(i32, i32)> = moves
        .iter()
        .filter(|m| m.range == 0)
        .filter(|m| {
            moves
                .iter()
                .any(|r| r.range == 0 && (r.df, r.dr) == (-m.df, -m.dr))
        })
        .map(|m| normalise(m.df, m.dr))
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Whether `t - s` is a nonzero whole multiple of `d`.
fn on_line(s: Square, t: Square, d: (i32, i32)) -> bool {
    let (df, dr) = (t.file as i64 - s.file as i64, t.rank as i64 - s.rank as i64);
    let (sf, sr) = (d.0 as i64, d.1 as i64);
    // (df, dr) parallel to d, then a whole number of steps.
    if df * sr != dr * sf {
        return false;
    }
    let k = if sf != 0 { df / sf } else { dr / sr };
    k != 0 && df == k * sf && dr == k * sr
}

impl Encoding {
    /// Encodes `problem`; fails with [`Error::Unsupported`] when the formula would be too
    /// large (see [`MAX_LITERALS`], [`MAX_PIECE_VARS`]).
    pub fn new(problem: &Problem) -> Result<Encoding, Error> {
        let board = *problem.board();
        let wanted: Vec<(PieceKind, u32)> = problem
            .pieces()
            .iter()
            .filter(|p| p.count > 0)
            .map(|p| (p.kind.clone(), p.count))
            .collect();
        let piece_vars = wanted.len() as u64 * board.squares();
        if piece_vars > MAX_PIECE_VARS {
            return Err(too_large(&board));
        }
        let counter_size: u64 = wanted
            .iter()
            .map(|(_, n)| *n as u64 * board.squares())
            .sum();
        let squares = board.squares() as usize;
        let mut e = Encoding {
            board,
            kinds: wanted.iter().map(|(k, _)| k.clone()).collect(),
            squares,
            cnf: Cnf::new(),
        };
        e.cnf.new_vars(piece_vars as u32);
        let k = e.kinds.len();

        // One piece per square.
        if k > 1 {
            for s in 0..squares {
                let here: Vec<Lit> = (0..k).map(|ki| e.var(ki, s)).collect();
                card::at_most_one(&mut e.cnf, &here);
            }
        }

        // Lines of covering kinds (on the plain rectangle only: blockers cut lines and
        // the torus closes them, so there every attacking pair is written out).
        let terrain = problem.terrain();
        let plain = terrain.blockers().next().is_none() && !terrain.torus();
        let covered = |kind: &PieceKind| {
            if plain {
                covered_steps(kind)
            } else {
                Vec::new()
            }
        };
        let steps: BTreeSet<(i32, i32)> = e.kinds.iter().flat_map(covered).collect();
        let covering: Vec<((i32, i32), Vec<bool>)> = steps
            .iter()
            .map(|&d| {
                let who = e.kinds.iter().map(|x| covered(x).contains(&d)).collect();
                (d, who)
            })
            .collect();
        let mut implied = vec![false; k];
        for (d, who) in &covering {
            let lines = e.lines(*d);
            let on_lines: u64 = wanted
                .iter()
                .zip(who)
                .filter(|(_, w)| **w)
                .map(|((_, n), _)| *n as u64)
                .sum();
            let full = on_lines == lines.len() as u64;
            for line in &lines {
                e.encode_line(line, who);
                if full {
                    let alo: Vec<Lit> = line
                        .iter()
                        .flat_map(|&s| (0..k).filter(|&ki| who[ki]).map(move |ki| (ki, s)))
                        .map(|(ki, s)| e.var(ki, s))
                        .collect();
                    e.cnf.add_clause(&alo);
                }
                e.check_size()?;
            }
            if full && who.iter().filter(|w| **w).count() == 1 {
                implied[who.iter().position(|w| *w).expect("one covering kind")] = true;
            }
        }

        // Every other attack, pair by pair. A kind's moves along the lines it covers
        // give only covered pairs, so they are left out of the walk (for a queen that is
        // every move: no pair is enumerated at all).
        let rest: Vec<PieceKind> = e
            .kinds
            .iter()
            .map(|kind| {
                let own = covered(kind);
                let moves = kind
                    .moves()
                    .iter()
                    .filter(|m| !(m.range == 0 && own.contains(&normalise(m.df, m.dr))))
                    .copied()
                    .collect();
                PieceKind::new(kind.letter(), kind.name(), kind.notation(), moves)
                    .expect("the letter of an existing kind")
            })
            .collect();
        for (ka, a) in rest.iter().enumerate() {
            for s in 0..squares {
                let from = board.square_at(s);
                for to in terrain.attacks(&board, a, from) {
                    let t = board.index(to);
                    for (kb, b) in rest.iter().enumerate() {
                        let covered = covering
                            .iter()
                            .any(|(d, who)| (who[ka] || who[kb]) && on_line(from, to, *d));
                        // The pair also comes up from (b, to) when b attacks back:
                        // write it from the smaller variable only.
                        let twice = terrain.attacks_square(&board, b, to, from)
                            && e.var(kb, t) < e.var(ka, s);
                        if !covered && !twice {
                            let clause = [-e.var(ka, s), -e.var(kb, t)];
                            e.cnf.add_clause(&clause);
                        }
                    }
                }
                if s % 64 == 0 {
                    e.check_size()?;
                }
            }
        }

        // Counts.
        if counter_size > MAX_LITERALS as u64 / 4 {
            return Err(too_large(&board));
        }
        for (ki, (_, n)) in wanted.iter().enumerate() {
            if !implied[ki] {
                let xs: Vec<Lit> = (0..squares).map(|s| e.var(ki, s)).collect();
                card::exactly(&mut e.cnf, &xs, *n as usize);
                e.check_size()?;
            }
        }

        // Holes and blockers hold no piece; each region holds its number of pieces.
        for sq in terrain.holes().chain(terrain.blockers()) {
            for ki in 0..k {
                let v = e.var(ki, board.index(sq));
                e.cnf.add_clause(&[-v]);
            }
        }
        if let Some(r) = terrain.regions() {
            for id in 0..r.count() {
                let xs: Vec<Lit> = r
                    .squares(id)
                    .into_iter()
                    .flat_map(|s| (0..k).map(move |ki| (ki, s)))
                    .map(|(ki, s)| e.var(ki, s))
                    .collect();
                card::exactly(&mut e.cnf, &xs, r.per_region() as usize);
                e.check_size()?;
            }
        }

        // Fixed pieces.
        for p in problem.fixed().pieces() {
            let ki = e
                .kinds
                .iter()
                .position(|x| *x == p.kind)
                .expect("a fixed piece's kind is in the spec");
            let v = e.var(ki, board.index(p.square));
            e.cnf.add_clause(&[v]);
        }
        Ok(e)
    }

    fn check_size(&self) -> Result<(), Error> {
        if self.cnf.num_literals() > MAX_LITERALS {
            Err(too_large(&self.board))
        } else {
            Ok(())
        }
    }

    /// The lines of step `d` (normalised) with at least two squares, each in order.
    fn lines(&self, d: (i32, i32)) -> Vec<Vec<usize>> {
        let b = &self.board;
        let mut out = Vec::new();
        for s in 0..self.squares {
            let sq = b.square_at(s);
            // Start only where the line enters the board.
            if b.offset(sq, -(d.0 as i64), -(d.1 as i64)).is_some() {
                continue;
            }
            let mut line = vec![s];
            let mut at = sq;
            while let Some(next) = b.offset(at, d.0 as i64, d.1 as i64) {
                line.push(b.index(next));
                at = next;
            }
            out.push(line);
        }
        // Lines of one square are lines too (for the count of lines), but carry no
        // clause; keep them for `full` and drop nothing here.
        out
    }

    /// Forbids, on one line, a covering piece together with any other piece.
    fn encode_line(&mut self, line: &[usize], who: &[bool]) {
        if line.len() < 2 {
            return;
        }
        let k = self.kinds.len();
        if who.iter().all(|w| *w) {
            let all: Vec<Lit> = line
                .iter()
                .flat_map(|&s| (0..k).map(move |ki| (ki, s)))
                .map(|(ki, s)| self.var(ki, s))
                .collect();
            card::at_most_one(&mut self.cnf, &all);
            return;
        }
        // any_before: some piece on line[..=i]; cover_before: some covering piece there.
        let (mut any_before, mut cover_before): (Option<Lit>, Option<Lit>) = (None, None);
        for (i, &s) in line.iter().enumerate() {
            let last = i + 1 == line.len();
            for (ki, &covers) in who.iter().enumerate() {
                let v = self.var(ki, s);
                if let Some(c) = cover_before {
                    self.cnf.add_clause(&[-v, -c]);
                }
                if covers && let Some(a) = any_before {
                    self.cnf.add_clause(&[-v, -a]);
                }
            }
            if last {
                break;
            }
            let any = self.cnf.new_var();
            let cover = self.cnf.new_var();
            for (ki, &covers) in who.iter().enumerate() {
                let v = self.var(ki, s);
                self.cnf.add_clause(&[-v, any]);
                if covers {
                    self.cnf.add_clause(&[-v, cover]);
                }
            }
            if let Some(a) = any_before {
                self.cnf.add_clause(&[-a, any]);
            }
            if let Some(c) = cover_before {
                self.cnf.add_clause(&[-c, cover]);
            }
            any_before = Some(any);
            cover_before = Some(cover);
        }
    }

    /// The piece variable of the `kind`-th kind (see [`Encoding::kinds`]) on the square
    /// of row-major index `square`.
    pub fn var(&self, kind: usize, square: usize) -> Lit {
        (kind * self.squares + square + 1) as Lit
    }

    /// The formula.
    pub fn cnf(&self) -> &Cnf {
        &self.cnf
    }

    /// The number of piece variables; they are `1..=piece_vars()`.
    pub fn piece_vars(&self) -> u32 {
        (self.kinds.len() * self.squares) as u32
    }

    /// The piece a piece variable stands for, or `None` for an auxiliary variable.
    pub fn piece(&self, var: u32) -> Option<Piece> {
        if var == 0 || var > self.piece_vars() {
            return None;
        }
        let i = var as usize - 1;
        Some(Piece {
            kind: self.kinds[i / self.squares].clone(),
            square: self.board.square_at(i % self.squares),
        })
    }

    /// The placement of a model: every piece variable that `value` says is true.
    #[cfg_attr(not(feature = "sat"), allow(dead_code))] // the solver's alone
    pub fn decode(&self, value: impl Fn(u32) -> bool) -> Placement {
        Placement::new(
            (1..=self.piece_vars())
                .filter(|&v| value(v))
                .filter_map(|v| self.piece(v))
                .collect(),
        )
    }
}

fn too_large(board: &Board) -> Error {
    Error::Unsupported(format!(
        "the problem on the {board} board is too large to encode as a SAT formula"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Catalog, parse_spec};

    fn problem(board: &str, spec: &str, fixed: &str) -> Problem {
        let c = Catalog::standard();
        Problem::new(
            board.parse().unwrap(),
            parse_spec(spec, &c).unwrap(),
            Placement::parse(fixed, &c).unwrap(),
        )
        .unwrap()
    }

    /// Whether the clauses have a model extending `assign` (a tiny DPLL with unit
    /// propagation, independent of any solver crate).
    fn dpll(cnf: &Cnf, assign: &mut Vec<Option<bool>>) -> bool {
        let value =
            |a: &Vec<Option<bool>>, l: Lit| a[l.unsigned_abs() as usize].map(|b| b == (l > 0));
        let mut trail = Vec::new();
        loop {
            let mut changed = false;
            for c in cnf.clauses() {
                if c.iter().any(|&l| value(assign, l) == Some(true)) {
                    continue;
                }
                let open: Vec<Lit> = c
                    .iter()
                    .copied()
                    .filter(|&l| value(assign, l).is_none())
                    .collect();
                match open.len() {
                    0 => {
                        for v in trail {
                            assign[v] = None;
                        }
                        return false;
                    }
                    1 => {
                        let v = open[0].unsigned_abs() as usize;
                        assign[v] = Some(open[0] > 0);
                        trail.push(v);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        let free = (1..assign.len()).find(|&v| assign[v].is_none());
        let ok = match free {
            None => true,
            Some(v) => [true, false].into_iter().any(|b| {
                assign[v] = Some(b);
                let r = dpll(cnf, assign);
                assign[v] = None;
                r
            }),
        };
        for v in trail {
            assign[v] = None;
        }
        ok
    }

    /// Every assignment of the piece variables of a small problem that the formula
    /// admits (for some auxiliary values).
    fn brute_models(p: &Problem) -> Vec<Placement> {
        let e = Encoding::new(p).unwrap();
        let n = e.piece_vars();
        assert!(n <= 14, "too big to brute-force");
        let mut out = Vec::new();
        for x in 0..1u64 << n {
            let mut assign = vec![None; e.cnf().num_vars() as usize + 1];
            for v in 1..=n {
                assign[v as usize] = Some(x >> (v - 1) & 1 == 1);
            }
            if dpll(e.cnf(), &mut assign) {
                out.push(e.decode(|v| x >> (v - 1) & 1 == 1));
            }
        }
        out
    }

    #[test]
    fn models_are_the_solutions() {
        for (board, spec, fixed) in [
            ("3", "2R", ""),
            ("3", "3Q", ""),
            ("3x4", "3Q", ""),
            ("3x4", "2B", ""),
            ("2x3", "R,N", ""),
            ("2x3", "B,K", ""),
            ("2x3", "Q,2N", ""),
            ("2x3", "R,B", "Rb1"),
            ("3", "2B", "Bb2,Ba1"),
            ("3", "4K", "Ka1"),
            ("3x4", "6N", ""),
        ] {
            let p = problem(board, spec, fixed);
            let models = brute_models(&p);
            assert!(models.iter().all(|m| p.accepts(m)), "{board} {spec}");
            let ctl = crate::Settings {
                threads: 1,
                ..Default::default()
            };
            let want = crate::count(
                &p,
                crate::EngineChoice::Named(crate::engine::EngineName::Exact),
                &ctl,
            )
            .unwrap();
            assert_eq!(
                num_bigint::BigUint::from(models.len()),
                want,
                "{board} {spec} {fixed}"
            );
        }
    }

    #[test]
    fn lines_cover_the_board() {
        let e = Encoding::new(&problem("3x4", "Q", "")).unwrap();
        for d in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            let lines = e.lines(d);
            let mut all: Vec<usize> = lines.concat();
            all.sort();
            assert_eq!(all, (0..12).collect::<Vec<_>>(), "{d:?}");
        }
        assert_eq!(e.lines((1, 0)).len(), 3);
        assert_eq!(e.lines((1, 1)).len(), 6);
    }

    #[test]
    fn queens_drop_their_counter() {
        // 8 queens: the rank lines fix the count, so no counter registers appear.
        let e = Encoding::new(&Problem::queens(8).unwrap()).unwrap();
        assert!(e.cnf().num_vars() < 64 + 4 * 64);
    }
}
