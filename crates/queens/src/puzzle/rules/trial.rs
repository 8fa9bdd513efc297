//! `trial`: a star on a free square, followed by the forced moves, leaves some unit
//! without room for its stars, so the square is crossed.
//!
//! The search for such a square runs on the solver's propagation ([`Node`]: last
//! squares, exclusions and rows too narrow for their stars, to a fixed point), which is
//! fast. The square found is then played again move by move on the rules' own view of
//! the position, to name what a player would write down: which unit forced each star,
//! and which unit was left without room and how. That replay follows the same moves
//! (last squares in rows, columns and regions; rows and columns too narrow for their
//! stars apart), so it reaches a contradiction whenever the propagation does; the
//! general sentence is kept only as a guard.

use super::{Deducer, Level, Step, Unit, View, bits};
use crate::puzzle::solver::Node;
use crate::puzzle::{Mark, State};

/// How a unit ends up without room in a trial.
enum Failure {
    /// Fewer free squares than stars it needs: (unit, need, free squares).
    Short(Unit, i32, i32),
    /// A row or column whose free squares hold fewer stars apart than it needs:
    /// (unit, need, its free squares).
    Narrow(Unit, i32, Vec<usize>),
    /// A unit whose last free squares touch: (unit, two of them).
    Touching(Unit, usize, usize),
    /// A unit given more stars than it takes (the last squares of another unit all in
    /// it): (unit, its stars).
    Over(Unit, i32),
}

impl Deducer<'_> {
    /// `trial`: the first free square (squares of small regions first, where a person
    /// tries) whose star, followed by the forced moves, leaves a unit without room.
    pub(super) fn trial(&self, s: &State) -> Option<Step> {
        let n = self.n;
        let base = Node::from_state(&self.tables, s)?;
        let mut order: Vec<usize> = (0..n * n).filter(|&i| s.marks[i] == Mark::Free).collect();
        order.sort_by_key(|&i| self.cells[self.p.region(i)].len());
        for i in order {
            let mut node = base.clone();
            if !node.possible(i / n, i % n) {
                continue;
            }
            node.place(&self.tables, i / n, i % n);
            if !node.propagate(&self.tables) {
                let why = self.replay(s, i).unwrap_or_else(|| {
                    format!(
                        "forces moves that leave some row, column or region without room for its {}",
                        self.units_pieces()
                    )
                });
                return Some(self.crossing_star("trial", Level::Expert, i, why));
            }
        }
        None
    }

    /// The trial of square `i` told move by move: "forces a queen on e5 (row 5's last
    /// free square), then one on b1 (...); that leaves region c with no free square for
    /// its queen". `None` if the replay finds no contradiction (it always should).
    fn replay(&self, s: &State, i: usize) -> Option<String> {
        let mut t = s.clone();
        let mut forced: Vec<(Unit, Vec<usize>)> = Vec::new();
        let mut place = vec![i];
        let failure = loop {
            let v = self.view(&t);
            for j in self.ruled_out_all(&v, &place) {
                t.marks[j] = Mark::Cross;
            }
            for &j in &place {
                t.marks[j] = Mark::Star;
            }
            let v = self.view(&t);
            if let Some(f) = self.failure(&v) {
                break f;
            }
            let u = self.units().find(|&u| {
                let need = self.need(&v, u);
                need > 0 && self.free_count(&v, u) == need
            })?;
            place = self
                .unit_cells(u)
                .into_iter()
                .filter(|&j| v.free[j])
                .collect();
            if let Some((a, b)) = pair_touching(self, &place) {
                break Failure::Touching(u, a, b);
            }
            forced.push((u, place.clone()));
        };
        let piece = self.piece_word();
        let mut moves = Vec::new();
        for (k, (u, squares)) in forced.iter().enumerate() {
            let on = match (k, squares.len()) {
                (0, 1) => format!("a {piece} on {}", self.list(squares)),
                (_, 1) => format!("one on {}", self.list(squares)),
                _ => format!("{piece}s on {}", self.list(squares)),
            };
            let last = match squares.len() {
                1 => "last free square".to_string(),
                m => format!("last {m} free squares"),
            };
            moves.push(format!("{on} ({}'s {last})", self.unit_name(*u)));
        }
        let end = match failure {
            Failure::Short(u, need, free) => format!(
                "leaves {} with {} for {}",
                self.unit_name(u),
                match free {
                    0 => "no free square".to_string(),
                    1 => "one free square".to_string(),
                    f => format!("{f} free squares"),
                },
                if need == 1 && self.p.stars() == 1 {
                    format!("its {piece}")
                } else {
                    self.star_word(need)
                }
            ),
            Failure::Narrow(u, need, free) => format!(
                "leaves {} only {}, where no {} fit apart",
                self.unit_name(u),
                self.list(&free),
                self.star_word(need)
            ),
            Failure::Over(u, have) => format!(
                "gives {} {}, more than its {}",
                self.unit_name(u),
                self.star_word(have),
                self.star_word(self.p.stars() as i32)
            ),
            Failure::Touching(u, a, b) => format!(
                "leaves {} only {} and {}, which touch",
                self.unit_name(u),
                self.p.square(a),
                self.p.square(b)
            ),
        };
        let sq = self.p.square(i);
        Some(if moves.is_empty() {
            format!("{end}, so {sq} is crossed")
        } else {
            format!(
                "forces {}; that {end}, so {sq} is crossed",
                moves.join(", then ")
            )
        })
    }

    /// A unit the position leaves without room, if any: too many stars or too few free
    /// squares first,
    /// then a row or column whose free squares cannot hold its stars apart.
    fn failure(&self, v: &View) -> Option<Failure> {
        let n = self.n;
        for u in self.units() {
            let (need, free) = (self.need(v, u), self.free_count(v, u));
            if need < 0 {
                return Some(Failure::Over(u, self.p.stars() as i32 - need));
            }
            if free < need {
                return Some(Failure::Short(u, need, free));
            }
        }
        for u in self.units().take(2 * n) {
            let need = self.need(v, u);
            if need < 2 {
                continue;
            }
            let cells = self.unit_cells(u);
            let mask = cells
                .iter()
                .enumerate()
                .filter(|&(_, &j)| v.free[j])
                .fold(0u64, |m, (x, _)| m | 1 << x);
            if fit(mask) < need {
                let free = bits(mask).map(|x| cells[x]).collect();
                return Some(Failure::Narrow(u, need, free));
            }
        }
        None
    }
}

/// Two squares of `squares` that touch, if any.
fn pair_touching(d: &Deducer, squares: &[usize]) -> Option<(usize, usize)> {
    squares.iter().enumerate().find_map(|(k, &a)| {
        squares[k + 1..]
            .iter()
            .find(|&&b| d.touch(a, b))
            .map(|&b| (a, b))
    })
}

/// The most stars that fit apart on the positions `mask` of a line (greedy from the
/// lowest, which is optimal on a line).
pub(super) fn fit(mut mask: u64) -> i32 {
    let mut k = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        k += 1;
        mask &= !(low | (low << 1));
    }
    k
}
