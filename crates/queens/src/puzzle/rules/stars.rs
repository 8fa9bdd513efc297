//! Star Battle's own techniques (two or more stars per unit), on blocks that hold at
//! most one star: two neighbouring squares of a line, or a 2x2 block.
//!
//! - `line-pairs`: a row (column) whose free squares, covered by pairs of neighbouring
//!   squares from one end, need as many pairs as stars it still needs;
//! - `region-blocks`: a region whose free squares fit in as many 2x2 blocks as stars it
//!   still needs (two for a fresh region of a two-star puzzle);
//! - `2x2-blocks`: two neighbouring rows (columns) whose free squares, covered by 2x2
//!   blocks from one end, need as many blocks as stars the two still need.
//!
//! In each, every block holds exactly one star (the module docs of [`super`] prove
//! it), which gives: a star on a block's only free square, a cross on every square
//! touching all free squares of a block or lying in two blocks, and for `2x2-blocks`
//! a cross on the rest of a line whose stars all come from blocks confined to it.

use super::trial::fit;
use super::{Deducer, Level, Step, Unit, View, bits};

/// One block of a cover: its name as a player reads it and its free squares.
struct Block {
    name: String,
    free: Vec<usize>,
}

/// The positions along a line covered by pairs of neighbouring positions from the low
/// end (`from_low`) or the high end: the fewest pairs that cover `mask`, each as the
/// pair (its two positions; one at the ends of a line of `n`) and the positions of
/// `mask` it holds.
fn cover(mut mask: u64, from_low: bool, n: usize) -> Vec<(u64, u64)> {
    let board = if n >= 64 { !0 } else { (1u64 << n) - 1 };
    let mut out = Vec::new();
    while mask != 0 {
        let pair = if from_low {
            0b11u64 << mask.trailing_zeros()
        } else {
            let x = 63 - mask.leading_zeros();
            if x == 0 { 1 } else { 0b11u64 << (x - 1) }
        };
        out.push((pair & board, mask & pair));
        mask &= !pair;
    }
    out
}

impl Deducer<'_> {
    /// The squares of line `l` (a row when `rows`), by position along it.
    fn line_cell(&self, rows: bool, l: usize, x: usize) -> usize {
        if rows { l * self.n + x } else { x * self.n + l }
    }

    /// `a3-b4`: the squares spanned by `cells` (one name for one square).
    fn span(&self, cells: &[usize]) -> String {
        let n = self.n;
        let lo = cells.iter().map(|&i| i / n).min().unwrap_or(0) * n
            + cells.iter().map(|&i| i % n).min().unwrap_or(0);
        let hi = cells.iter().map(|&i| i / n).max().unwrap_or(0) * n
            + cells.iter().map(|&i| i % n).max().unwrap_or(0);
        if lo == hi {
            self.p.square(lo).to_string()
        } else {
            format!("{}-{}", self.p.square(lo), self.p.square(hi))
        }
    }

    /// What blocks that each hold exactly one star give: stars on the blocks with one
    /// free square, crosses on the squares touching every free square of a block.
    fn block_moves(&self, v: &View, blocks: &[Block]) -> (Vec<usize>, Vec<usize>) {
        let mut place = Vec::new();
        let mut cross = Vec::new();
        for b in blocks {
            if b.free.len() == 1 {
                place.push(b.free[0]);
            } else {
                cross.extend(self.touching_all(v, &b.free));
            }
        }
        place.sort_unstable();
        place.dedup();
        cross.sort_unstable();
        cross.dedup();
        cross.retain(|j| !place.contains(j));
        (place, cross)
    }

    /// The step of a block rule: `premise` (ending in the blocks "each holding at most
    /// one star"), then what follows, with `more` (squares and why) crossed as well.
    fn block_step(
        &self,
        rule: &'static str,
        level: Level,
        premise: String,
        (place, cross): (Vec<usize>, Vec<usize>),
        more: &[(Vec<usize>, String)],
    ) -> Option<Step> {
        let mut all_cross = cross.clone();
        for (c, _) in more {
            all_cross.extend(c);
        }
        all_cross.sort_unstable();
        all_cross.dedup();
        all_cross.retain(|j| !place.contains(j));
        if place.is_empty() && all_cross.is_empty() {
            return None;
        }
        let mut then = Vec::new();
        let verb = |k: usize, one: &str, many: &str| if k == 1 { one } else { many }.to_string();
        if !place.is_empty() {
            then.push(format!(
                "{} alone in {} {} a {}",
                self.list(&place),
                verb(place.len(), "its block", "their blocks"),
                verb(place.len(), "takes", "take"),
                self.piece_word()
            ));
        }
        if !cross.is_empty() {
            then.push(format!(
                "{} {} every free square of one block and {} crossed",
                self.list(&cross),
                verb(cross.len(), "touches", "touch"),
                verb(cross.len(), "is", "are")
            ));
        }
        for (c, why) in more.iter().filter(|(c, _)| !c.is_empty()) {
            then.push(format!("{} {why}", self.list(c)));
        }
        Some(Step {
            rule,
            level,
            place: self.squares(&place),
            cross: self.squares(&all_cross),
            why: format!("{premise}, so each holds exactly one: {}", then.join("; ")),
        })
    }

    /// `line-pairs`: a row (column) whose free squares fit only as many stars apart as
    /// it needs; the pairs of neighbouring squares that cover them each hold one.
    pub(super) fn line_pairs(&self, v: &View) -> Option<Step> {
        let n = self.n;
        for rows in [true, false] {
            for l in 0..n {
                let u = if rows { Unit::Row(l) } else { Unit::Col(l) };
                let need = self.need(v, u);
                if need <= 0 || self.free_count(v, u) == need {
                    continue;
                }
                let mask = (0..n)
                    .filter(|&x| v.free[self.line_cell(rows, l, x)])
                    .fold(0u64, |m, x| m | 1 << x);
                if fit(mask) != need {
                    continue;
                }
                for from_low in [true, false] {
                    let blocks: Vec<Block> = cover(mask, from_low, n)
                        .into_iter()
                        .map(|(_, held)| {
                            let free: Vec<usize> =
                                bits(held).map(|x| self.line_cell(rows, l, x)).collect();
                            Block {
                                name: self.span(&free),
                                free,
                            }
                        })
                        .collect();
                    let free: Vec<usize> = blocks.iter().flat_map(|b| b.free.clone()).collect();
                    let premise = format!(
                        "{} needs {} and its free squares {} fit only that many apart, one in each of {} (neighbours hold at most one {})",
                        self.unit_name(u),
                        self.star_word(need),
                        self.list(&free),
                        join_names(&blocks),
                        self.piece_word()
                    );
                    let moves = self.block_moves(v, &blocks);
                    if let Some(step) =
                        self.block_step("line-pairs", Level::Medium, premise, moves, &[])
                    {
                        return Some(step);
                    }
                }
            }
        }
        None
    }

    /// `region-blocks`: a region whose free squares fit in as many 2x2 blocks as stars
    /// it still needs (two to four); each block holds one.
    pub(super) fn region_blocks(&self, v: &View) -> Option<Step> {
        let n = self.n;
        if n < 2 {
            return None;
        }
        for g in 0..n {
            let need = v.reg_need[g];
            let free: Vec<usize> = self.cells[g]
                .iter()
                .copied()
                .filter(|&j| v.free[j])
                .collect();
            if !(2..=4).contains(&need) || free.len() as i32 <= need {
                continue;
            }
            let mut covers = Vec::new();
            self.block_covers(&free, need as usize, &mut Vec::new(), &mut covers);
            for anchors in covers {
                let inside = |a: usize, j: usize| {
                    let (r, c) = (a / n, a % n);
                    (r..r + 2).contains(&(j / n)) && (c..c + 2).contains(&(j % n))
                };
                let overlaps: Vec<usize> = free
                    .iter()
                    .copied()
                    .filter(|&j| anchors.iter().filter(|&&a| inside(a, j)).count() >= 2)
                    .collect();
                let blocks: Vec<Block> = anchors
                    .iter()
                    .map(|&a| Block {
                        name: self.span(&[a, a + n + 1]),
                        free: free
                            .iter()
                            .copied()
                            .filter(|&j| inside(a, j) && !overlaps.contains(&j))
                            .collect(),
                    })
                    .collect();
                if blocks.iter().any(|b| b.free.is_empty()) {
                    continue;
                }
                let premise = format!(
                    "{} needs {} and its free squares {} fit in {} 2x2 blocks, {}, each holding at most one",
                    self.unit_name(Unit::Region(g)),
                    self.star_word(need),
                    self.list(&free),
                    need,
                    join_names(&blocks)
                );
                let moves = self.block_moves(v, &blocks);
                let more = [(
                    overlaps.clone(),
                    if overlaps.len() == 1 {
                        "lies in two blocks and is crossed".to_string()
                    } else {
                        "lie in two blocks and are crossed".to_string()
                    },
                )];
                if let Some(step) =
                    self.block_step("region-blocks", Level::Medium, premise, moves, &more)
                {
                    return Some(step);
                }
            }
        }
        None
    }

    /// Every set of `left` more 2x2 blocks (by their lowest squares, `chosen` so far)
    /// that covers `free`, added to `out` (at most 64 sets).
    fn block_covers(
        &self,
        free: &[usize],
        left: usize,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let n = self.n;
        let covered = |a: usize, j: usize| {
            (a / n..a / n + 2).contains(&(j / n)) && (a % n..a % n + 2).contains(&(j % n))
        };
        let Some(&f) = free
            .iter()
            .find(|&&j| !chosen.iter().any(|&a| covered(a, j)))
        else {
            let mut set = chosen.clone();
            set.sort_unstable();
            if !out.contains(&set) {
                out.push(set);
            }
            return;
        };
        if left == 0 || out.len() >= 64 {
            return;
        }
        let (r, c) = (f / n, f % n);
        for ar in [r.saturating_sub(1), r.min(n - 2)] {
            for ac in [c.saturating_sub(1), c.min(n - 2)] {
                let a = ar * n + ac;
                if chosen.contains(&a) || !covered(a, f) {
                    continue;
                }
                chosen.push(a);
                self.block_covers(free, left - 1, chosen, out);
                chosen.pop();
            }
        }
    }

    /// `2x2-blocks`: two neighbouring rows (columns) whose free squares, covered by 2x2
    /// blocks from one end, need as many blocks as stars the two still need.
    pub(super) fn two_by_two(&self, v: &View) -> Option<Step> {
        let n = self.n;
        for rows in [true, false] {
            for l in 0..n.saturating_sub(1) {
                let (u0, u1) = if rows {
                    (Unit::Row(l), Unit::Row(l + 1))
                } else {
                    (Unit::Col(l), Unit::Col(l + 1))
                };
                let (n0, n1) = (self.need(v, u0), self.need(v, u1));
                if n0 <= 0 || n1 <= 0 {
                    continue;
                }
                let mask = (0..n)
                    .filter(|&x| {
                        v.free[self.line_cell(rows, l, x)] || v.free[self.line_cell(rows, l + 1, x)]
                    })
                    .fold(0u64, |m, x| m | 1 << x);
                if fit(mask) != n0 + n1 {
                    continue;
                }
                for from_low in [true, false] {
                    let blocks: Vec<Block> = cover(mask, from_low, n)
                        .into_iter()
                        .map(|(pair, held)| {
                            let free: Vec<usize> = bits(held)
                                .flat_map(|x| {
                                    [self.line_cell(rows, l, x), self.line_cell(rows, l + 1, x)]
                                })
                                .filter(|&j| v.free[j])
                                .collect();
                            // The whole block, clipped to the board.
                            let (x0, x1) = (
                                pair.trailing_zeros() as usize,
                                63 - pair.leading_zeros() as usize,
                            );
                            let corners =
                                [self.line_cell(rows, l, x0), self.line_cell(rows, l + 1, x1)];
                            Block {
                                name: self.span(&corners),
                                free,
                            }
                        })
                        .collect();
                    // A line whose stars all come from the blocks confined to it: the
                    // rest of it is crossed.
                    let mut more = Vec::new();
                    for (line, u, need) in [(l, u0, n0), (l + 1, u1, n1)] {
                        let in_line = |j: usize| if rows { j / n == line } else { j % n == line };
                        let own: Vec<&Block> = blocks
                            .iter()
                            .filter(|b| b.free.iter().all(|&j| in_line(j)))
                            .collect();
                        if own.len() as i32 == need {
                            let rest: Vec<usize> = self
                                .unit_cells(u)
                                .into_iter()
                                .filter(|&j| v.free[j] && !own.iter().any(|b| b.free.contains(&j)))
                                .collect();
                            let names: Vec<String> = own.iter().map(|b| b.name.clone()).collect();
                            let (lie, are) = if rest.len() == 1 {
                                ("lies", "is")
                            } else {
                                ("lie", "are")
                            };
                            let why = format!(
                                "{lie} in {} outside {}, which give it its {}, and {are} crossed",
                                self.unit_name(u),
                                super::join_and(&names),
                                self.star_word(need),
                            );
                            more.push((rest, why));
                        }
                    }
                    let premise = format!(
                        "{} {} and {} need {} and their free squares split into {} 2x2 blocks, {}, each holding at most one",
                        if rows { "rows" } else { "columns" },
                        if rows {
                            (l + 1).to_string()
                        } else {
                            crate::board::file_name(l as u32)
                        },
                        if rows {
                            (l + 2).to_string()
                        } else {
                            crate::board::file_name(l as u32 + 1)
                        },
                        self.star_word(n0 + n1),
                        n0 + n1,
                        join_names(&blocks)
                    );
                    let moves = self.block_moves(v, &blocks);
                    if let Some(step) =
                        self.block_step("2x2-blocks", Level::Hard, premise, moves, &more)
                    {
                        return Some(step);
                    }
                }
            }
        }
        None
    }
}

/// The blocks' names joined: `a3-b4, c3-d4 and f3`.
fn join_names(blocks: &[Block]) -> String {
    let names: Vec<String> = blocks.iter().map(|b| b.name.clone()).collect();
    super::join_and(&names)
}
