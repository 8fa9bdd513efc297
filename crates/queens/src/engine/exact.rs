//! The exact engine: backtracking on bitboards for any mix of kinds, fixed pieces too.
//!
//! # How it searches
//! The free pieces are laid out as a sequence of *slots*, kind by kind, the most
//! constraining kinds first (largest attack set). Within a kind the pieces are
//! interchangeable, so each slot takes a square greater than the previous slot of the
//! same kind: every placement is visited exactly once.
//!
//! For every kind still to be placed the search keeps a bitboard of the squares where a
//! piece of that kind could still go. Placing a piece of kind `X` on `t` removes, from the
//! set of kind `P`, the square `t`, the squares `X` attacks from `t`, and the squares from
//! which `P` would attack `t` (the attack test is two-way, so asymmetric fairy pieces
//! are right too). Both sets come from tables precomputed per (kind, square).
//!
//! Pruning: after each placement, every kind must still have at least as many candidate
//! squares as pieces left to place; and a kind that slides along ranks holds at most one
//! piece per rank, so its `r`-th-from-last piece must stand at least `r - 1` ranks below
//! the top (this turns N-queens into the usual row-by-row search). The last slot of
//! the whole search is not descended into: its candidates are counted by a popcount.
//!
//! Counting runs in parallel: the first levels of the tree are expanded into tasks
//! that rayon's work stealing spreads over the threads; `solve` and `enumerate` run on
//! one thread so that their order is deterministic.
//!
//! # Limits
//! Boards of up to 4096 squares (64×64, or any R×C with R·C ≤ 4096). The bitboard
//! width is picked per board, from one word (≤ 64 squares) to 64 words.
//!
//! # Details
//! - For a symmetric kind the reverse set (the squares from which `P` attacks `t`) is its
//!   attack set; reverse tables are built only when some kind is asymmetric.
//! - The rank bound relies on `PieceKind::slides_along_ranks`, true only for an
//!   *unlimited* slide along the rank in at least one direction: then two pieces of the
//!   kind on one rank always conflict (the left one attacks the right one or the other
//!   way round), which is all the bound needs. A limited slider (`R2`) or a rider with a
//!   longer step (`DD`) is not a rank slider.
//! - Counts are `u128` inside (checked adds) and `BigUint` at the interface.
//! - Terrain: the tables come from `Terrain::attacks`; holes and blockers are removed
//!   from the candidate sets; the one-per-rank bound is dropped when the board has
//!   blockers (they can part a rank). With regions each level of the search holds one
//!   more bitboard, the squares taken; placing on a square whose region then holds
//!   `per_region` pieces removes the region from every candidate set, and a region that
//!   lacks pieces must keep as many candidates (`Search::place_in_region`). Since the
//!   spec holds `per_region` times the number of regions, no region can end short.
//! - Counts in parts: the tasks are the first pieces' squares at the first depth with at
//!   least 1024 pre-placements, stored as bytes per task and replayed when run (not as
//!   candidate sets); the count up to symmetry is one more task (`engine::parts`).
//! - A step budget counts the nodes of `solve` and `enumerate` (one ordered search); the
//!   parallel count takes none.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::par::prelude::*;
use num_bigint::BigUint;

use super::parts::{self, PlanId, Tally, TaskList};
use super::{
    Control, Count, CountParts, Declaration, Engine, Honours, Job, List, Method, Parts,
    PartsReport, Run, Sink, Solve,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{Piece, Placement, Problem};
use crate::verify::conflicts_on;

/// The largest number of squares the exact engine accepts.
pub const MAX_SQUARES: u64 = crate::model::text::sizes::EXACT_SQUARES;

/// The general exact engine (see the [module docs](self)).
pub struct ExactEngine;

/// Runs `$body` with `$search`, the [`Search`] of `$problem` with the fewest 64-bit
/// words per bitboard that hold its squares: one compiled search per width.
macro_rules! with_width {
    ($problem:expr, $search:ident => $body:expr) => {
        with_width!(@words $problem, $search => $body;
            0..=1 => 1, 2 => 2, 3..=4 => 4, 5..=8 => 8, 9..=16 => 16, 17..=32 => 32, _ => 64)
    };
    (@words $problem:expr, $search:ident => $body:expr; $($words:pat => $w:literal),+) => {
        match ($problem.board().squares() as usize).div_ceil(64) {
            $($words => {
                let $search = Search::<$w>::new($problem);
                $body
            })+
        }
    };
}

impl Engine for ExactEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Exact.as_str(),
            summary: "bitboard backtracking for any mix of kinds and fixed pieces, the general engine",
            jobs: &[Job::Solve, Job::Enumerate, Job::Count, Job::CountParts],
            // Counting runs in parallel; steps (nodes visited) bound solve and enumerate.
            honours: Honours {
                parallel: true,
                step_budget: true,
                ..Default::default()
            },
            handles_terrain: true,
            ..Default::default()
        }
    }

    fn counts_steps(&self, job: Job) -> bool {
        // Steps are the nodes of one ordered search: solving and listing, not the
        // parallel count.
        matches!(job, Job::Solve | Job::Enumerate | Job::SolvePerm)
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        let b = problem.board();
        if b.squares() > MAX_SQUARES {
            return Err(format!(
                "the {b} board is too large for the exact engine, which handles at most {MAX_SQUARES} squares (64x64)"
            ));
        }
        Ok(match job {
            Job::Enumerate => Run::List(Box::new(Exact)),
            Job::Count => Run::Count(Box::new(Exact)),
            Job::CountParts => Run::Parts(Box::new(Exact)),
            _ => Run::Solve(Box::new(Exact)),
        })
    }
}

/// A job the exact engine accepted: a board of at most [`MAX_SQUARES`] squares.
struct Exact;

impl Solve for Exact {
    fn solve(&self, problem: &Problem, ctl: &Control) -> Result<Option<Placement>, Error> {
        super::first_listed(self, problem, ctl)
    }
}

impl List for Exact {
    fn enumerate(&self, problem: &Problem, ctl: &Control, sink: &mut Sink) -> Result<(), Error> {
        with_width!(problem, s => s.enumerate(ctl, sink))
    }
}

impl Count for Exact {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        with_width!(problem, s => s.count(ctl)).map(BigUint::from)
    }
}

impl CountParts for Exact {
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        parts::only_method("exact", Method::Exact, parts.method)?;
        with_width!(problem, s => s.count_parts(problem, ctl, parts))
    }
}

/// Boards up to this many squares are counted in one piece on one thread.
const SMALL_SQUARES: usize = 144;

/// Tasks of a count in parts: at least this many where the search has enough
/// levels (the first level with as many partial placements).
const PART_TASKS: usize = 1024;

/// The cancellation check inside one counting task: every 4096 inner nodes it asks
/// [`Control::cancelled`] (a clock read), so a count stops soon after a time budget
/// runs out even when one task is long; once stopped, every level returns at once.
struct Poll<'a> {
    ctl: &'a Control<'a>,
    nodes: std::cell::Cell<u32>,
    stopped: std::cell::Cell<bool>,
}

impl<'a> Poll<'a> {
    fn new(ctl: &'a Control<'a>) -> Poll<'a> {
        Poll {
            ctl,
            nodes: std::cell::Cell::new(0),
            stopped: std::cell::Cell::new(false),
        }
    }

    /// Counts a node; whether the task must stop.
    #[inline]
    fn stop(&self) -> bool {
        let n = self.nodes.get().wrapping_add(1);
        self.nodes.set(n);
        if n & 0xfff == 0 && self.ctl.cancelled() {
            self.stopped.set(true);
        }
        self.stopped.get()
    }
}

/// One free piece to place.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// Index into `Search::kinds`.
    kind: usize,
    /// Pieces of this kind left to place, this one included.
    remaining: u32,
    /// Candidates must have an index below this (the rank bound of rank sliders).
    hi: usize,
}

struct Search<const W: usize> {
    board: Board,
    squares: usize,
    /// Kinds with free pieces, most constraining first.
    kinds: Vec<PieceKind>,
    /// Free pieces per kind.
    free: Vec<u32>,
    /// `att[k * squares + s]`: what kind `k` attacks from `s`.
    att: Vec<Bitboard<W>>,
    /// `ratt[k * squares + t]`: squares from which kind `k` attacks `t`; empty when
    /// every kind is symmetric (then `att` serves).
    ratt: Vec<Bitboard<W>>,
    slots: Vec<Slot>,
    /// Candidate squares per kind before any free piece is placed.
    start: Vec<Bitboard<W>>,
    fixed: Placement,
    /// The fixed pieces already attack each other (or overfill a region).
    dead: bool,
    /// Candidate sets per level: one per kind, and with regions one more, the squares
    /// taken so far (free and fixed pieces), from which regions' counts are read.
    stride: usize,
    /// The regions' free squares, and their pieces each; empty without regions.
    regions: Vec<Bitboard<W>>,
    /// The region of each square (`usize::MAX` outside every region).
    region_of: Vec<usize>,
    per_region: u32,
}

impl<const W: usize> Search<W> {
    fn new(problem: &Problem) -> Self {
        let board = *problem.board();
        let terrain = problem.terrain();
        let squares = board.squares() as usize;
        let fixed = problem.fixed().clone();
        let mut kinds: Vec<(PieceKind, u32)> = problem
            .pieces()
            .iter()
            .map(|pc| {
                let fixed_n = fixed.pieces().iter().filter(|f| f.kind == pc.kind).count() as u32;
                (pc.kind.clone(), pc.count - fixed_n)
            })
            .filter(|(_, n)| *n > 0)
            .collect();
        kinds.sort_by_key(|(k, _)| (std::cmp::Reverse(k.reach()), k.canonical_rank()));
        let (kinds, free): (Vec<PieceKind>, Vec<u32>) = kinds.into_iter().unzip();

        let mut att = vec![Bitboard::EMPTY; kinds.len() * squares];
        let symmetric = kinds.iter().all(PieceKind::is_symmetric);
        let mut ratt = if symmetric {
            Vec::new()
        } else {
            vec![Bitboard::EMPTY; kinds.len() * squares]
        };
        for (k, kind) in kinds.iter().enumerate() {
            for s in 0..squares {
                for t in terrain.attacks(&board, kind, board.square_at(s)) {
                    let ti = board.index(t);
                    att[k * squares + s].insert(ti);
                    if !symmetric {
                        ratt[k * squares + ti].insert(s);
                    }
                }
            }
        }

        let rows = board.rows() as usize;
        let cols = board.cols() as usize;
        let mut slots = Vec::new();
        for (k, kind) in kinds.iter().enumerate() {
            for i in 0..free[k] {
                let remaining = free[k] - i;
                // Blockers can part a rank: then two rank sliders may share it.
                let one_per_rank = kind.slides_along_ranks() && terrain.blockers().next().is_none();
                let hi = if one_per_rank {
                    // The r pieces left need r distinct ranks from this one upwards.
                    (rows + 1).saturating_sub(remaining as usize) * cols
                } else {
                    squares
                };
                slots.push(Slot {
                    kind: k,
                    remaining,
                    hi,
                });
            }
        }

        let mut all = Bitboard::<W>::first(squares);
        for sq in terrain.holes().chain(terrain.blockers()) {
            all.0[board.index(sq) >> 6] &= !(1u64 << (board.index(sq) & 63));
        }
        let mut start: Vec<Bitboard<W>> = kinds
            .iter()
            .map(|kind| {
                let mut m = all;
                for f in fixed.pieces() {
                    for s in 0..squares {
                        if terrain.conflict(&board, kind, board.square_at(s), &f.kind, f.square) {
                            m.0[s >> 6] &= !(1u64 << (s & 63));
                        }
                    }
                }
                m
            })
            .collect();
        // (`Problem::with_terrain` keeps fixed pieces off holes and blockers.)
        let mut dead = !conflicts_on(&board, terrain, &fixed).is_empty();
        let (mut regions, mut region_of, mut per_region) = (Vec::new(), Vec::new(), 0);
        if let Some(r) = terrain.regions() {
            per_region = r.per_region();
            region_of = (0..squares)
                .map(|i| r.region_at(i).unwrap_or(usize::MAX))
                .collect();
            regions = (0..r.count())
                .map(|id| {
                    let mut m = Bitboard::EMPTY;
                    for i in r.squares(id) {
                        m.insert(i);
                    }
                    all.and(&m)
                })
                .collect();
            let mut taken = Bitboard::<W>::EMPTY;
            for f in fixed.pieces() {
                taken.insert(board.index(f.square));
            }
            for region in &regions {
                let held = taken.count_and(region);
                if held > per_region {
                    dead = true;
                } else if held == per_region {
                    for m in start.iter_mut() {
                        *m = m.and_not(region);
                    }
                }
            }
            start.push(taken);
        }
        let stride = start.len();
        Search {
            board,
            squares,
            kinds,
            free,
            att,
            ratt,
            slots,
            start,
            fixed,
            dead,
            stride,
            regions,
            region_of,
            per_region,
        }
    }

    #[inline]
    fn reverse(&self, k: usize, t: usize) -> &Bitboard<W> {
        if self.ratt.is_empty() {
            &self.att[k * self.squares + t]
        } else {
            &self.ratt[k * self.squares + t]
        }
    }

    /// Places slot `d`'s piece on `t`: writes the candidate sets for depth `d + 1` into
    /// `next` and says whether every kind still has room for its pieces (and, with
    /// regions, every region that is not full still has room for its own).
    #[inline]
    fn place(&self, d: usize, t: usize, cur: &[Bitboard<W>], next: &mut [Bitboard<W>]) -> bool {
        let k = self.slots[d].kind;
        let ns = &self.slots[d + 1];
        let lo = if ns.kind == k { t + 1 } else { 0 };
        let a = &self.att[k * self.squares + t];
        let nk = self.kinds.len();
        let regions = !self.regions.is_empty();
        for j in ns.kind..nk {
            let mut m = cur[j];
            m.remove_both(a, self.reverse(j, t), t);
            next[j] = m;
            if !regions && !self.room(j, ns, lo, &m) {
                return false;
            }
        }
        if regions {
            if !self.place_in_region(t, ns.kind, cur, next) {
                return false;
            }
            for (j, m) in next.iter().enumerate().take(nk).skip(ns.kind) {
                if !self.room(j, ns, lo, m) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether kind `j`'s candidates `m` leave room for its pieces still to place (the
    /// next slot's kind counts only candidates from `lo`).
    #[inline]
    fn room(&self, j: usize, ns: &Slot, lo: usize, m: &Bitboard<W>) -> bool {
        let (have, need) = if j == ns.kind {
            (m.range(lo, self.squares).len(), ns.remaining)
        } else {
            (m.len(), self.free[j])
        };
        have >= need
    }

    /// The regions' part of [`Search::place`]: records `t` as taken, closes its region
    /// when full (removing its squares from the kinds `from..`), and says whether every
    /// region still has candidates for the pieces it lacks.
    #[cold]
    fn place_in_region(
        &self,
        t: usize,
        from: usize,
        cur: &[Bitboard<W>],
        next: &mut [Bitboard<W>],
    ) -> bool {
        let nk = self.kinds.len();
        let mut taken = cur[nk];
        taken.insert(t);
        next[nk] = taken;
        let r = self.region_of[t];
        if r != usize::MAX && taken.count_and(&self.regions[r]) == self.per_region {
            for m in &mut next[from..nk] {
                *m = m.and_not(&self.regions[r]);
            }
        }
        let mut open = Bitboard::EMPTY;
        for m in &next[from..nk] {
            open = open.or(m);
        }
        self.regions.iter().all(|region| {
            let lack = self.per_region.saturating_sub(taken.count_and(region));
            lack == 0 || open.count_and(region) >= lack
        })
    }

    fn next_lo(&self, d: usize, t: usize) -> usize {
        if self.slots[d + 1].kind == self.slots[d].kind {
            t + 1
        } else {
            0
        }
    }

    fn count_from(&self, d: usize, lo: usize, levels: &mut [Bitboard<W>], poll: &Poll) -> u128 {
        let nk = self.stride;
        let slot = self.slots[d];
        let (cur, rest) = levels.split_at_mut(nk);
        let mut cand = cur[slot.kind].range(lo, slot.hi);
        if d + 1 == self.slots.len() {
            return cand.len() as u128;
        }
        if poll.stop() {
            return 0;
        }
        let mut total = 0u128;
        while let Some(t) = cand.pop_lowest() {
            if self.place(d, t, cur, &mut rest[..nk]) {
                total += self.count_from(d + 1, self.next_lo(d, t), rest, poll);
            }
        }
        total
    }

    fn scratch(&self) -> Vec<Bitboard<W>> {
        vec![Bitboard::EMPTY; (self.slots.len() + 1) * self.stride.max(1)]
    }

    /// The deterministic task list of a count in parts: the squares of the first
    /// pieces (slots `0..d`) of every partial placement at the first depth with
    /// [`PART_TASKS`] of them (or the last but one slot), in search order. Kept as
    /// squares, not candidate sets: a task's sets are replayed when it runs, so that a
    /// plan on a 64x64 board costs bytes per task, not kilobytes.
    fn part_tasks(&self, want: usize) -> Vec<Vec<u16>> {
        let mut level: Vec<Vec<u16>> = vec![Vec::new()];
        let mut d = 0;
        while level.len() < want && d + 1 < self.slots.len() {
            let mut next_level = Vec::new();
            for prefix in &level {
                let (lo, masks) = self.replay(prefix);
                let mut cand = masks[self.slots[d].kind].range(lo, self.slots[d].hi);
                let mut next = vec![Bitboard::EMPTY; self.stride];
                while let Some(t) = cand.pop_lowest() {
                    if self.place(d, t, &masks, &mut next) {
                        let mut p = prefix.clone();
                        p.push(t as u16);
                        next_level.push(p);
                    }
                }
            }
            level = next_level;
            d += 1;
        }
        level
    }

    /// The lower bound and candidate sets after placing the slots `0..prefix.len()` on
    /// the squares `prefix` (which the search accepted).
    fn replay(&self, prefix: &[u16]) -> (usize, Vec<Bitboard<W>>) {
        let mut cur = self.start.clone();
        let mut lo = 0;
        for (d, &t) in prefix.iter().enumerate() {
            let t = t as usize;
            let mut next = vec![Bitboard::EMPTY; self.stride];
            let fits = self.place(d, t, &cur, &mut next);
            debug_assert!(fits, "a planned task replays");
            cur = next;
            lo = self.next_lo(d, t);
        }
        (lo, cur)
    }

    /// Counts `problem` in parts (the search's [`Search::part_tasks`], and a last task
    /// for the placements the board's symmetries fix, for the count up to symmetry).
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        let trivial = self.dead || self.slots.is_empty();
        let tasks = if trivial {
            vec![Vec::new()]
        } else {
            self.part_tasks(PART_TASKS)
        };
        let id = PlanId::of(
            "exact",
            Method::Exact,
            1,
            format!("exact-v1 {trivial} {tasks:?}"),
        );
        let run = |i: usize, ctl: &Control, _: &dyn Fn() -> bool| {
            let total = if self.dead {
                Some(0)
            } else if self.slots.is_empty() {
                Some(1)
            } else {
                self.count_task(&tasks[i], &mut self.scratch(), ctl)
            };
            Ok(total.map(|total| Tally { total, unique: 0 }))
        };
        let plan = TaskList::new(id, problem, tasks.len(), false, run);
        parts::count_in_parts(&plan, ctl, parts)
    }

    /// Counts the placements below the pre-placement `prefix` (squares of the first
    /// slots, as [`Search::part_tasks`] makes them), with `levels` as scratch; `None`
    /// when `ctl` stopped it.
    fn count_task(
        &self,
        prefix: &[u16],
        levels: &mut [Bitboard<W>],
        ctl: &Control,
    ) -> Option<u128> {
        let (lo, masks) = self.replay(prefix);
        levels[..self.stride].copy_from_slice(&masks);
        let poll = Poll::new(ctl);
        let n = self.count_from(prefix.len(), lo, levels, &poll);
        (!poll.stopped.get()).then_some(n)
    }

    fn count(&self, ctl: &Control) -> Result<u128, Error> {
        if self.dead {
            return Ok(0);
        }
        if self.slots.is_empty() {
            return Ok(1);
        }
        let threads = ctl.thread_count();
        if threads == 1 && self.squares <= SMALL_SQUARES {
            // One thread on a small board: the whole tree here, without building a
            // pool (a 9x9 region puzzle is counted in a tenth of the time a pool takes
            // to start); larger boards keep their tasks for progress reports.
            let n = self
                .count_task(&[], &mut self.scratch(), ctl)
                .ok_or(Error::Interrupted)?;
            ctl.report(1, 1);
            return Ok(n);
        }
        let tasks = self.part_tasks(64 * threads);
        let total_tasks = tasks.len() as u64;
        let done = AtomicU64::new(0);
        let run = || {
            tasks
                .par_iter()
                .map_init(
                    || self.scratch(),
                    |levels, prefix| {
                        if ctl.cancelled() {
                            return Err(Error::Interrupted);
                        }
                        let n = self
                            .count_task(prefix, levels, ctl)
                            .ok_or(Error::Interrupted)?;
                        let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                        ctl.report(finished, total_tasks);
                        Ok(n)
                    },
                )
                .try_reduce(
                    || 0u128,
                    |a, b| a.checked_add(b).ok_or(Error::Overflow("128-bit")),
                )
        };
        ctl.in_pool(run)
    }

    fn enumerate(&self, ctl: &Control, sink: &mut Sink) -> Result<(), Error> {
        if self.dead {
            return Ok(());
        }
        if self.slots.is_empty() {
            let _ = sink(&self.fixed);
            return Ok(());
        }
        let mut levels = self.scratch();
        levels[..self.stride].copy_from_slice(&self.start);
        let mut chosen = vec![0usize; self.slots.len()];
        let mut walker = Walker {
            search: self,
            chosen: &mut chosen,
            sink,
            ctl,
            visited: 0,
        };
        match walker.walk(0, 0, &mut levels) {
            ControlFlow::Break(Some(e)) => Err(e),
            _ => Ok(()),
        }
    }

    fn placement(&self, chosen: &[usize]) -> Placement {
        let mut pieces: Vec<Piece> = self.fixed.pieces().to_vec();
        for (slot, &s) in self.slots.iter().zip(chosen) {
            pieces.push(Piece {
                kind: self.kinds[slot.kind].clone(),
                square: self.board.square_at(s),
            });
        }
        Placement::new(pieces)
    }
}

struct Walker<'a, 'b, const W: usize> {
    search: &'a Search<W>,
    chosen: &'a mut [usize],
    sink: &'a mut dyn FnMut(&Placement) -> ControlFlow<()>,
    ctl: &'a Control<'b>,
    visited: u64,
}

impl<const W: usize> Walker<'_, '_, W> {
    /// Walks the subtree at depth `d`; `Break(None)` when the sink stopped, `Break(Some)`
    /// when the caller cancelled.
    fn walk(
        &mut self,
        d: usize,
        lo: usize,
        levels: &mut [Bitboard<W>],
    ) -> ControlFlow<Option<Error>> {
        let s = self.search;
        let nk = s.stride;
        let slot = s.slots[d];
        let (cur, rest) = levels.split_at_mut(nk);
        let mut cand = cur[slot.kind].range(lo, slot.hi);
        self.visited += 1;
        if self.visited & 0xffff == 0 && self.ctl.cancelled()
            || self.ctl.step_budget.is_some_and(|max| self.visited > max)
        {
            return ControlFlow::Break(Some(Error::Interrupted));
        }
        while let Some(t) = cand.pop_lowest() {
            self.chosen[d] = t;
            if d + 1 == s.slots.len() {
                if (self.sink)(&s.placement(self.chosen)).is_break() {
                    return ControlFlow::Break(None);
                }
            } else if s.place(d, t, cur, &mut rest[..nk]) {
                self.walk(d + 1, s.next_lo(d, t), rest)?;
            }
        }
        ControlFlow::Continue(())
    }
}
