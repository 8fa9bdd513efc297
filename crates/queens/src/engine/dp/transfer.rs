//! Leapers by cell-by-cell transfer: kings, knights and any mix of kinds whose moves all
//! have a finite range.
//!
//! # Method
//! The squares are visited in row-major order along the narrower side (the board is
//! transposed when that shortens the window; a move `(df, dr)` becomes `(dr, df)`). A
//! leaper on square `i` can only conflict with earlier squares `i - p` for
//! `p ≤ L`, where `L` is the longest backward reach of any move in linear order
//! (`L = W + 1` for kings on a board `W` wide, `2W + 1` for knights). So the future only
//! depends on the contents of the last `L` squares — the *window* — and on how many
//! pieces of each kind stand so far.
//!
//! The table maps each window state (one `L`-bit lane per kind, packed in a `u128`) to a
//! vector of counts indexed by the number of pieces of each kind placed (mixed radix, up
//! to the problem's counts). Each square either stays empty (the window shifts) or takes
//! a piece of kind `x`, allowed when no piece in the window conflicts with it in either
//! direction: one precomputed lane mask per (column, `x`, `y`) tells which window
//! positions a `y` may not occupy. States whose counts are all zero are dropped.
//!
//! Several kinds keep the table in a hash map. One kind keeps it sorted by window
//! (`u64` keys when the window fits) and merges instead of hashing, up to four squares
//! per pass, on the settings' threads; a state there keeps only its counts from the
//! pieces in its window up, since fewer are impossible (see `Plan::run_one_kind`).
//!
//! The whole table comes out at once, so the same run answers every count up to the
//! problem's (used by ranges and `max`). Counts per state run in `u64`, then `u128`,
//! then big integers, each only if the one before overflowed; the sum over states runs
//! in `u128` (big integers past it). The one-kind passes add without checks wherever
//! the largest count so far shows that no sum can overflow.
//!
//! # Bands
//! Few pieces on a big board: the window spans a whole row of the board, yet almost all
//! rows are empty. [`bands`] cuts each placement into independent bands of rows and
//! counts them from the plain transfer on narrow strips (10 kings on 30 × 30: strips of
//! up to 10 rows, scanned along their length with a window of 11 squares, instead of a
//! window of 31). [`Method::Auto`] takes whichever of the two methods has the smaller
//! estimated work (squares × bound on states × counts per state); bands also take
//! problems whose whole-board window is too large for the plain transfer.
//!
//! # Limits
//! Every kind a leaper; `kinds × L ≤ 128` bits; a bound on the number of window states
//! (product over kinds of `Σ_{j ≤ count} C(L, j)`) at most [`MAX_STATE_BOUND`]. The run
//! stops with an error if the real table grows past [`MAX_STATES`] or its counts past
//! [`MAX_TABLE_BYTES`]. Bands need no fixed pieces and a board with more rows (or
//! files) than the tallest band, `K + (K - 1)(r - 1)` for `K` pieces reaching `r` rows.
//!
//! # The one-kind passes
//! One kind keeps its states sorted by window: shifting drops the oldest square, so the
//! sorted states form runs (by the oldest squares' contents) that stay sorted when
//! shifted, and the next table is their merge (hash look-ups were most of the time
//! before). A pass takes four squares (the table between is never written): with `t` the
//! four squares that drop out and `r` the rest, the table is 16 runs (one per `t`), each
//! sorted by `r`, and the successors of `(t, r)` are `(r, b)` for the allowed choices `b`
//! of the new squares, so the runs are merged by `r` alone and each `r` emits its choices
//! in order, each summing the counts of the states `(t, r)` that allow it (a conflict is
//! between an old square and a new one or two new ones, so "allowed" is a table on
//! `(t, b)` and a mask test on `r`). A successor's counts are its source's shifted by the
//! pieces of `t`. The sums run in blocks of 16 counts in registers (AVX2 when the CPU has
//! it; each state's counts read with the entries before them, masked, so the loads never
//! straddle earlier stores). On `T` threads the table is cut into `4T` slices at
//! quantiles of a sample of every run (pivots on the shifted windows, so a state's
//! successors stay on one side); rayon's threads take the slices, each merging into the
//! slice's own segment (the table is the segments in order, never copied together). A run
//! stops with an error once a table passes 40 M states or 6 GiB of counts (1 GiB where
//! `usize` has 32 bits) rather than exhausting the memory. Measured steps of this design:
//! `bench/transfer.md`.

mod bands;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use num_bigint::BigUint;

use super::{Acc, Overflowed, is_leaper};
use crate::engine::{Control, Count, Declaration, Engine, Honours, Job};
use crate::error::Error;
use crate::par::prelude::*;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The largest accepted bound on window states (see the [module docs](self)).
pub const MAX_STATE_BOUND: f64 = 1e11;
/// The run stops when the table holds more window states than this.
pub const MAX_STATES: usize = 40_000_000;
/// The run stops when one table's counts would take more memory than this (two tables
/// are alive at a time). 16 knights on 16 × 16 peak at about 3.5 GB a table; 17 would
/// need several times that. 1 GB where addresses have 32 bits (WebAssembly has 4 GB in
/// all; `6 << 30` would wrap to 2 GB there).
pub const MAX_TABLE_BYTES: usize = if usize::BITS >= 64 { 6 << 30 } else { 1 << 30 };

fn too_large(states: usize) -> Error {
    Error::Unsupported(format!(
        "the transfer table grew past {states} states and {} GiB; no counting method here takes this problem",
        MAX_TABLE_BYTES >> 30
    ))
}

/// The leaper transfer counter (see the [module docs](self)).
pub struct TransferEngine;

#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(*b as u64);
        }
    }
    #[inline]
    fn write_u128(&mut self, v: u128) {
        let x = (v as u64) ^ ((v >> 64) as u64).rotate_left(29);
        self.0 = (x ^ (x >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 29;
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.write_u128(v as u128);
    }
}

type StateMap = HashMap<u128, u32, BuildHasherDefault<MixHasher>>;

/// The layout of one transfer run.
struct Plan {
    width: usize,
    height: usize,
    caps: Vec<u32>,
    window: usize,
    /// `conflict[(c * k + x) * k + y]`: window positions (bit `p - 1` for square `i - p`)
    /// where a `y` conflicts with an `x` placed in column `c`.
    conflict: Vec<u128>,
    /// Forced kind per square (oriented row-major), from fixed pieces.
    forced: Vec<Option<usize>>,
    /// The log of the bound on window states (see the [module docs](self)).
    ln_bound: f64,
}

fn offsets(kind: &PieceKind, transposed: bool, w: i64, h: i64) -> Vec<(i64, i64)> {
    let mut v = Vec::new();
    for m in kind.moves() {
        for k in 1..=m.range as i64 {
            let (df, dr) = (m.df as i64 * k, m.dr as i64 * k);
            let (dx, dy) = if transposed { (dr, df) } else { (df, dr) };
            if dx.abs() >= w || dy.abs() >= h {
                break;
            }
            v.push((dx, dy));
        }
    }
    v
}

fn window_of(offs: &[Vec<(i64, i64)>], w: i64) -> usize {
    let mut l = 1i64;
    for o in offs {
        for &(dx, dy) in o {
            for (x, y) in [(dx, dy), (-dx, -dy)] {
                if y < 0 || (y == 0 && x < 0) {
                    l = l.max(-y * w - x);
                }
            }
        }
    }
    l as usize
}

fn ln_binomial_sum(l: usize, cap: u32) -> f64 {
    // log of Σ_{j ≤ cap} C(l, j), summed in floating point (an estimate only).
    let mut term = 1f64;
    let mut sum = 1f64;
    for j in 1..=(cap as usize).min(l) {
        term *= (l + 1 - j) as f64 / j as f64;
        sum += term;
    }
    sum.ln()
}

impl Plan {
    fn new(problem: &Problem) -> Result<Plan, String> {
        let kinds: Vec<&PieceKind> = problem.pieces().iter().map(|p| &p.kind).collect();
        if let Some(k) = kinds.iter().find(|k| !is_leaper(k)) {
            return Err(format!(
                "the transfer engine counts leapers only, and {} slides without limit",
                k.name()
            ));
        }
        if kinds.is_empty() {
            return Err("the transfer engine needs at least one kind".into());
        }
        let caps: Vec<u32> = problem.pieces().iter().map(|p| p.count).collect();
        let fixed: Vec<(u32, u32, usize)> = problem
            .fixed()
            .pieces()
            .iter()
            .map(|f| {
                let k = kinds
                    .iter()
                    .position(|k| **k == f.kind)
                    .expect("fixed kinds are in the spec");
                (f.square.file, f.square.rank, k)
            })
            .collect();
        let b = problem.board();
        Plan::on(b.rows() as i64, b.cols() as i64, &kinds, caps, &fixed)
    }

    /// The plan for `kinds` (all leapers, at least one) with at most `caps` pieces on a
    /// `rows × cols` board, with fixed pieces `(file, rank, kind)`. Takes boards smaller
    /// than the pieces too (the band method's strips): their counts are simply zero.
    fn on(
        rows: i64,
        cols: i64,
        kinds: &[&PieceKind],
        caps: Vec<u32>,
        fixed: &[(u32, u32, usize)],
    ) -> Result<Plan, String> {
        let mut best: Option<(usize, bool)> = None;
        for transposed in [false, true] {
            let (w, h) = if transposed {
                (rows, cols)
            } else {
                (cols, rows)
            };
            if w > 4096 || h > 1 << 20 {
                continue;
            }
            let offs: Vec<Vec<(i64, i64)>> =
                kinds.iter().map(|k| offsets(k, transposed, w, h)).collect();
            let l = window_of(&offs, w);
            if best.is_none_or(|(bl, _)| l < bl) {
                best = Some((l, transposed));
            }
        }
        let Some((window, transposed)) = best else {
            return Err("the board is too large for the transfer engine".into());
        };
        let nk = kinds.len();
        if nk * window > 128 {
            return Err(format!(
                "the transfer engine's window ({window} squares per kind) does not fit in 128 bits"
            ));
        }
        let bound: f64 = caps.iter().map(|&c| ln_binomial_sum(window, c)).sum();
        if bound > MAX_STATE_BOUND.ln() {
            return Err(format!(
                "the transfer engine's table would be too large (a window of {window} squares)"
            ));
        }
        let (w, h) = if transposed {
            (rows as usize, cols as usize)
        } else {
            (cols as usize, rows as usize)
        };
        let offs: Vec<Vec<(i64, i64)>> = kinds
            .iter()
            .map(|k| offsets(k, transposed, w as i64, h as i64))
            .collect();
        let mut conflict = vec![0u128; w * nk * nk];
        for c in 0..w {
            for p in 1..=window {
                let back = c as i64 - p as i64;
                let dy = back.div_euclid(w as i64);
                let dx = back.rem_euclid(w as i64) - c as i64;
                for x in 0..nk {
                    for y in 0..nk {
                        if offs[x].contains(&(dx, dy)) || offs[y].contains(&(-dx, -dy)) {
                            conflict[(c * nk + x) * nk + y] |= 1u128 << (p - 1);
                        }
                    }
                }
            }
        }
        let mut forced = vec![None; w * h];
        for &(file, rank, k) in fixed {
            let (x, y) = if transposed {
                (rank as usize, file as usize)
            } else {
                (file as usize, rank as usize)
            };
            forced[y * w + x] = Some(k);
        }
        Ok(Plan {
            width: w,
            height: h,
            caps,
            window,
            conflict,
            forced,
            ln_bound: bound,
        })
    }

    /// The natural log of the estimated work: squares × bound on states × counts per
    /// state. Only compared with other estimates of the same kind (the band method's).
    fn ln_cost(&self) -> f64 {
        let p: f64 = self.caps.iter().map(|&c| (c as f64 + 1.0).ln()).sum();
        ((self.width * self.height) as f64).ln() + self.ln_bound + p
    }

    /// The count table: entry `Σ n_x · stride_x` holds the number of placements with
    /// `n_x` pieces of kind `x` (kinds in the problem's order).
    fn run<T: Cell>(&self, ctl: &Control) -> Result<Result<Vec<BigUint>, Overflowed>, Error> {
        let nk = self.caps.len();
        let l = self.window;
        let mut stride = vec![1usize; nk + 1];
        for x in 0..nk {
            stride[x + 1] = stride[x] * (self.caps[x] as usize + 1);
        }
        let p = stride[nk];
        let lane = lane_of(l);
        let mut keep: u128 = 0;
        for x in 0..nk {
            keep |= (lane & !1) << (x * l);
        }
        // For each kind, the count indices below its cap.
        let room: Vec<Vec<usize>> = (0..nk)
            .map(|x| {
                (0..p)
                    .filter(|i| {
                        (i / stride[x]) % (self.caps[x] as usize + 1) < self.caps[x] as usize
                    })
                    .collect()
            })
            .collect();

        let mut keys: Vec<u128> = vec![0];
        let mut vals: Vec<T> = vec![T::zero(); p];
        vals[0] = T::one();
        let mut next_keys: Vec<u128> = Vec::new();
        let mut next_vals: Vec<T> = Vec::new();
        let mut index = StateMap::default();
        let cells = self.width * self.height;
        for cell in 0..cells {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            let c = cell % self.width;
            next_keys.clear();
            next_vals.clear();
            index.clear();
            let forced = self.forced[cell];
            for (s, &key) in keys.iter().enumerate() {
                let cur = &vals[s * p..(s + 1) * p];
                let shifted = (key << 1) & keep;
                let mut slot_of = |k: u128, nk_: &mut Vec<u128>, nv: &mut Vec<T>| -> usize {
                    *index.entry(k).or_insert_with(|| {
                        nk_.push(k);
                        nv.extend(std::iter::repeat_n(T::zero(), p));
                        (nk_.len() - 1) as u32
                    }) as usize
                };
                if forced.is_none() {
                    let t = slot_of(shifted, &mut next_keys, &mut next_vals);
                    let dst = &mut next_vals[t * p..(t + 1) * p];
                    for (d, v) in dst.iter_mut().zip(cur) {
                        if let Err(e) = d.add_from(v) {
                            return Ok(Err(e));
                        }
                    }
                }
                for x in 0..nk {
                    if forced.is_some_and(|f| f != x) {
                        continue;
                    }
                    let free = (0..nk).all(|y| {
                        (key >> (y * l)) & lane & self.conflict[(c * nk + x) * nk + y] == 0
                    });
                    if !free || room[x].iter().all(|&i| cur[i].is_zero()) {
                        continue;
                    }
                    let t = slot_of(shifted | (1u128 << (x * l)), &mut next_keys, &mut next_vals);
                    let dst = &mut next_vals[t * p..(t + 1) * p];
                    for &i in &room[x] {
                        if let Err(e) = dst[i + stride[x]].add_from(&cur[i]) {
                            return Ok(Err(e));
                        }
                    }
                }
            }
            if next_keys.len() > MAX_STATES
                || next_vals.len() * std::mem::size_of::<T>() > MAX_TABLE_BYTES
            {
                return Err(too_large(next_keys.len()));
            }
            std::mem::swap(&mut keys, &mut next_keys);
            std::mem::swap(&mut vals, &mut next_vals);
            ctl.report(cell as u64 + 1, cells as u64);
        }
        Ok(Ok(sum_states(|| vals.chunks_exact(p).map(|s| (0, s)), p)))
    }

    /// [`Plan::run`] for one kind, without hashing: the states stay sorted by window.
    /// The hash table of the general case spent about 85% of the time in look-ups (12
    /// knights on 12 × 12).
    ///
    /// A pass takes up to [`MAX_BITS`] squares at once. Call `t` a window's oldest
    /// `bits` squares (they drop out in the pass) and `r` the rest: sorted by window,
    /// the table falls into `2^bits` runs, one per `t`, each sorted by `r`; and the
    /// successors of the state `(t, r)` are the windows `(r, b)`, one per allowed choice
    /// `b` of the pass's squares, which sort by `r` first and `b` next. So the new table
    /// comes out in order from merging the runs by `r` alone: each `r` gathers its
    /// states (at most one per run) and each choice `b`, in order, sums the counts of
    /// those that allow it. A conflict involves an old square and a new one, or two new
    /// ones, so whether `(t, r)` allows `b` is a test on `t` and `b` (a table per pass)
    /// and one on `r` and `b` (one mask test per square). The table between the squares
    /// of a pass is never written: the run is bound by moving counts through memory.
    ///
    /// A state whose window holds `m` pieces keeps its counts for `m` to `cap` pieces
    /// only ([`Seg`]): the counts of `(t, r)` go to `(r, b)` shifted down by the pieces
    /// of `t`, which leave the window, and cut at the top by those of `b`.
    ///
    /// On `t` threads the shifted windows (`r` moved up by `bits`, so a state's
    /// successors fall on one side) are cut at pivots into one slice per segment of
    /// `segs` ([`SLICES_PER_THREAD`] per thread), at the quantiles of a sample of every
    /// run; rayon's threads take the slices (work stealing), merging each slice of every run into
    /// the slice's own segment. The table is the segments in order, never copied
    /// together.
    ///
    /// The run starts at square `cell` from the table `segs`; when a count overflows
    /// `T` it hands back that square and the table before it, so that the caller goes
    /// on in a wider type instead of starting over (15 knights overflow `u64` late in
    /// the run).
    #[allow(clippy::type_complexity)]
    fn run_one_kind<K: Window, T: Cell>(
        &self,
        ctl: &Control,
        cell: usize,
        mut segs: Vec<Seg<K, T>>,
    ) -> Result<Result<Vec<BigUint>, (usize, Vec<Seg<K, T>>)>, Error> {
        let cap = self.caps[0] as usize;
        let p = cap + 1;
        let l = self.window;
        let lane = lane_of(l);
        let threads = ctl.thread_count().clamp(1, 8);
        let chunks = segs.len();
        let mut next: Vec<Seg<K, T>> = (0..chunks).map(|_| Seg::default()).collect();
        let cells = self.width * self.height;
        let mut cell = cell;
        while cell < cells {
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            let bits: usize = MAX_BITS.min(l).min(cells - cell);
            // Sums of up to `2^bits` counts below `2^top` stay below `2^(top + bits)`:
            // where that fits the type, the pass adds without checking.
            let top = segs.iter().map(|s| s.top).max().unwrap_or(0);
            let step = Step::new(self, cell, bits, top.saturating_add(bits as u32) > T::WIDTH);
            // The shifted windows (`r` moved up by `bits`), where the pivots cut.
            let keep = K::narrow(lane & !((1u128 << bits) - 1));
            let n: usize = segs.iter().map(|s| s.keys.len()).sum();
            let key_at = |g: usize| -> K {
                let mut g = g;
                for s in &segs {
                    if g < s.keys.len() {
                        return s.keys[g];
                    }
                    g -= s.keys.len();
                }
                unreachable!("a state index past the table")
            };
            // The first index in lo..hi whose key is not `below` (keys ascend).
            let cut = |lo: usize, hi: usize, below: &dyn Fn(K) -> bool| -> usize {
                let (mut lo, mut hi) = (lo, hi);
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if below(key_at(mid)) {
                        lo = mid + 1;
                    } else {
                        hi = mid;
                    }
                }
                lo
            };
            // Run r: the states whose `bits` oldest squares read r.
            let mut runs = vec![0];
            for r in 1..1u128 << bits {
                let edge = K::narrow(r << (l - bits));
                runs.push(cut(0, n, &|k| k < edge));
            }
            runs.push(n);
            // Pivots at the quantiles of the shifted windows of all the runs together,
            // from a sample of each run in proportion to its length (the longest run
            // alone left one thread up to half as much again as the other, 14 knights
            // on two threads); one thread for small tables.
            let parts = if n < 1 << 15 || threads == 1 {
                1
            } else {
                chunks
            };
            let mut sample: Vec<K> = Vec::new();
            if parts > 1 {
                for r in 0..runs.len() - 1 {
                    let (lo, hi) = (runs[r], runs[r + 1]);
                    let k = (hi - lo) * 1024 / n;
                    sample.extend(
                        (0..k).map(|j| (key_at(lo + (hi - lo) * j / k) << bits as u32) & keep),
                    );
                }
                sample.sort_unstable();
            }
            let mut pivots: Vec<K> = (1..parts)
                .map(|t| sample[sample.len() * t / parts])
                .collect();
            pivots.dedup();
            // bounds[r][t]: where thread t's slice of run r starts.
            let bounds: Vec<Vec<usize>> = (0..runs.len() - 1)
                .map(|r| {
                    let mut v = vec![runs[r]];
                    for &pv in &pivots {
                        let below = |k: K| (k << bits as u32) & keep < pv;
                        v.push(cut(runs[r], runs[r + 1], &below));
                    }
                    v.push(runs[r + 1]);
                    v
                })
                .collect();
            let jobs = pivots.len() + 1;
            let slices = |t: usize| -> Vec<Run<'_, K, T>> {
                bounds
                    .iter()
                    .map(|b| Run::new(&segs, b[t], b[t + 1], p))
                    .collect()
            };
            let stop = || ctl.cancelled();
            let overflowed = if jobs == 1 {
                step.merge(slices(0), &mut next[0], &stop).is_err()
            } else {
                // rayon's threads take the slices, each merging into the slice's own
                // segment; work stealing balances them (the merge's work per state
                // varies along the table, so fixed shares left one thread up to half
                // as much again as the other).
                ctl.in_pool(|| {
                    Ok(next[..jobs]
                        .par_iter_mut()
                        .enumerate()
                        .map(|(t, out)| step.merge(slices(t), out, &stop).is_err())
                        .reduce(|| false, |a, b| a | b))
                })?
            };
            // A merge cut short by the stop leaves a partial table: never used.
            if ctl.cancelled() {
                return Err(Error::Interrupted);
            }
            for out in next.iter_mut().skip(jobs) {
                out.clear();
            }
            let states: usize = next.iter().map(|s| s.keys.len()).sum();
            let counts: usize = next.iter().map(|s| s.len).sum();
            if states > MAX_STATES || counts * std::mem::size_of::<T>() > MAX_TABLE_BYTES {
                return Err(too_large(states));
            }
            if overflowed {
                return Ok(Err((cell, segs)));
            }
            std::mem::swap(&mut segs, &mut next);
            cell += bits;
            ctl.report(cell as u64, cells as u64);
        }
        let n: usize = segs.iter().map(|s| s.keys.len()).sum();
        Ok(Ok(sum_states(
            || {
                Run::new(&segs, 0, n, p).map(|(key, v)| {
                    let m = key.count_ones() as usize;
                    (m, &v[LEAD..LEAD + p - m])
                })
            },
            p,
        )))
    }

    /// The one-kind table: [`Plan::run_one_kind`] in `u64`, going on in `u128` and then
    /// in big integers from the square where a count overflowed.
    fn one_kind_table<K: Window>(&self, ctl: &Control) -> Result<Vec<BigUint>, Error> {
        let cap = self.caps[0] as usize;
        let threads = ctl.thread_count().clamp(1, 8);
        let chunks = if threads == 1 {
            1
        } else {
            threads * SLICES_PER_THREAD
        };
        let mut start: Vec<Seg<K, u64>> = (0..chunks).map(|_| Seg::default()).collect();
        start[0].vals.push(1);
        start[0].vals.extend(std::iter::repeat_n(0, cap));
        start[0].len = LEAD + cap + 1;
        start[0].top = 1;
        start[0].push(K::zero(), LEAD);
        let (cell, segs) = match self.run_one_kind(ctl, 0, start)? {
            Ok(t) => return Ok(t),
            Err(at) => at,
        };
        let (cell, segs) = match self.run_one_kind(ctl, cell, widen(segs, |&v| v as u128))? {
            Ok(t) => return Ok(t),
            Err(at) => at,
        };
        match self.run_one_kind(ctl, cell, widen(segs, |&v| BigUint::from(v)))? {
            Ok(t) => Ok(t),
            Err(_) => unreachable!("big integers do not overflow"),
        }
    }

    /// The count table, in `u64` per state first (half the memory traffic of `u128`),
    /// then `u128`, then big integers: one kind goes on in the wider type from the
    /// square where a count overflowed, several kinds start over.
    fn table(&self, ctl: &Control) -> Result<Vec<BigUint>, Error> {
        if self.caps.len() == 1 {
            // Windows of up to 64 squares in `u64` keys: less to move and compare.
            return if self.window <= 64 {
                self.one_kind_table::<u64>(ctl)
            } else {
                self.one_kind_table::<u128>(ctl)
            };
        }
        if let Ok(t) = self.run::<u64>(ctl)? {
            return Ok(t);
        }
        if let Ok(t) = self.run::<u128>(ctl)? {
            return Ok(t);
        }
        match self.run::<BigUint>(ctl)? {
            Ok(t) => Ok(t),
            Err(Overflowed) => unreachable!("big integers do not overflow"),
        }
    }
}

/// The counts a one-kind pass sums in whole blocks (see [`Cell::block`]): up to 15
/// pieces.
const BLOCK: usize = 16;

/// The entries before the first state's counts in a one-kind segment ([`Seg`]), so
/// that every state's counts have [`MAX_BITS`] entries before them to read (and mask
/// off) in [`Cell::block`].
const LEAD: usize = MAX_BITS;

/// A table's number type with its value as a `u128` when it fits, so that the sum over
/// states (which may pass a state's type) runs in `u128`; and the sums of the one-kind
/// passes.
trait Cell: Acc {
    /// Sums below `2^WIDTH` fit the type (`u32::MAX` for big integers).
    const WIDTH: u32;
    /// Whether [`Cell::block`] applies: machine integers.
    const BLOCKS: bool;

    fn as_u128(&self) -> Option<u128>;

    /// The number of bits of the value (0 for zero).
    fn bit_len(&self) -> u32;

    /// Adds `other`, wrapping past the type's range (the caller knows it does not,
    /// or does not care).
    fn wrapping_add_from(&mut self, other: &Self);

    /// Writes into `dst` the sum of the count lists in `from`, each `(counts, shift)`
    /// moved up by `shift` and cut at `dst`'s end, adding with checks when `checked`;
    /// hands back the number of bits of the largest sum (0: all are zero). Each list
    /// starts [`LEAD`] entries before its counts (as [`Run`] hands them out).
    #[inline(always)]
    fn gather(
        dst: &mut [Self],
        from: &[(&[Self], usize)],
        checked: bool,
    ) -> Result<u32, Overflowed> {
        let len = dst.len();
        for d in dst.iter_mut() {
            *d = Self::zero();
        }
        for &(v, shift) in from {
            if shift >= len {
                continue;
            }
            let v = &v[LEAD..];
            if checked {
                Self::add_slice(&mut dst[shift..], &v[..len - shift])?;
            } else {
                for (d, x) in dst[shift..].iter_mut().zip(&v[..len - shift]) {
                    d.wrapping_add_from(x);
                }
            }
        }
        Ok(dst.iter().map(|v| v.bit_len()).max().unwrap_or(0))
    }

    /// [`Cell::gather`] of `len` sums without checks, in whole blocks, so that the
    /// loops have a fixed length: each list in `from` is read as the [`BLOCK`] entries
    /// that end up in `dst` once it is moved up by its shift (from the [`LEAD`] before
    /// its counts on: the first `shift` of them are masked off). What lands past `len`
    /// is scratch, which the next state overwrites. Only where the sums do not
    /// overflow, and `len ≤ BLOCK`.
    #[inline(always)]
    fn block(dst: &mut [Self; BLOCK], from: &[(&[Self], usize)], len: usize) -> u32 {
        for d in dst.iter_mut() {
            *d = Self::zero();
        }
        for &(v, shift) in from {
            for (j, d) in dst.iter_mut().enumerate().skip(shift) {
                d.wrapping_add_from(&v[LEAD - shift + j]);
            }
        }
        dst[..len].iter().map(|v| v.bit_len()).max().unwrap_or(0)
    }
}

/// [`Cell`] for a machine integer; the largest sum's bits from the sums' bitwise or.
macro_rules! cell_for_int {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            const WIDTH: u32 = <$t>::BITS;
            const BLOCKS: bool = true;

            #[inline]
            fn as_u128(&self) -> Option<u128> {
                Some(*self as u128)
            }

            #[inline]
            fn bit_len(&self) -> u32 {
                <$t>::BITS - self.leading_zeros()
            }

            #[inline]
            fn wrapping_add_from(&mut self, other: &Self) {
                *self = self.wrapping_add(*other);
            }

            #[inline(always)]
            fn block(dst: &mut [Self; BLOCK], from: &[(&[Self], usize)], len: usize) -> u32 {
                // The sums stay in registers: adding into `dst` at each list's shift
                // made loads straddle the stores before them, which stalls (a third
                // of the time).
                let mut sum: [Self; BLOCK] = [0; BLOCK];
                for &(v, shift) in from {
                    let v: [Self; BLOCK] =
                        v[LEAD - shift..LEAD - shift + BLOCK].try_into().expect("a block");
                    for (j, (s, x)) in sum.iter_mut().zip(v).enumerate() {
                        *s = s.wrapping_add(if j >= shift { x } else { 0 });
                    }
                }
                *dst = sum;
                // The or of the first `len` sums, in a loop of fixed length.
                let mut or = 0;
                for (j, s) in sum.iter().enumerate() {
                    or |= if j < len { *s } else { 0 };
                }
                or.bit_len()
            }
        }
    )*};
}

cell_for_int!(u64, u128);

impl Cell for BigUint {
    const WIDTH: u32 = u32::MAX;
    const BLOCKS: bool = false;

    fn as_u128(&self) -> Option<u128> {
        u128::try_from(self).ok()
    }

    fn bit_len(&self) -> u32 {
        u32::try_from(self.bits()).unwrap_or(u32::MAX)
    }

    fn wrapping_add_from(&mut self, other: &Self) {
        *self += other;
    }
}

/// The mask of a window of `l` squares.
fn lane_of(l: usize) -> u128 {
    if l == 128 {
        u128::MAX
    } else {
        (1u128 << l) - 1
    }
}

/// A one-kind table in a wider count type (the same layout).
fn widen<K, T, U>(segs: Vec<Seg<K, T>>, f: impl Fn(&T) -> U) -> Vec<Seg<K, U>> {
    segs.into_iter()
        .map(|s| Seg {
            vals: s.vals[..s.len].iter().map(&f).collect(),
            len: s.len,
            keys: s.keys,
            marks: s.marks,
            top: s.top,
        })
        .collect()
}

/// The key type of a one-kind table: `u64` for windows up to 64 squares, else `u128`.
trait Window: num_traits::PrimInt + std::ops::Shl<u32, Output = Self> + Send + Sync + 'static {
    /// A mask of the window (it fits: the window fits the type).
    fn narrow(v: u128) -> Self;
}

impl Window for u64 {
    #[inline]
    fn narrow(v: u128) -> Self {
        v as u64
    }
}

impl Window for u128 {
    #[inline]
    fn narrow(v: u128) -> Self {
        v
    }
}

/// How many states one entry of [`Seg::marks`] covers.
const MARK: usize = 64;

/// One segment of a one-kind table: states in key order. A state whose window holds
/// `m` pieces keeps its counts for `m` to `cap` pieces only (fewer pieces than the
/// window holds are impossible), `cap + 1 - m` counts one after the other.
struct Seg<K, T> {
    keys: Vec<K>,
    /// The counts, up to `len`, from [`LEAD`] on (the entries before are zeros);
    /// past `len`, scratch that the merge writes over (kept from pass to pass, so
    /// that it is not zeroed again).
    vals: Vec<T>,
    len: usize,
    /// `marks[j]`: where the counts of state `j * MARK` start in `vals`, so that a
    /// thread can start anywhere without a pass over all the keys before it.
    marks: Vec<usize>,
    /// No count reaches `2^top` (see [`Cell::WIDTH`]).
    top: u32,
}

impl<K, T: Cell> Default for Seg<K, T> {
    fn default() -> Self {
        Seg {
            keys: Vec::new(),
            vals: vec![T::zero(); LEAD],
            len: LEAD,
            marks: Vec::new(),
            top: 0,
        }
    }
}

impl<K: Window, T> Seg<K, T> {
    fn clear(&mut self) {
        self.keys.clear();
        self.len = LEAD;
        self.marks.clear();
        self.top = 0;
    }

    /// Adds the state `key`, whose counts start at `start` in `vals` (already there).
    #[inline]
    fn push(&mut self, key: K, start: usize) {
        if self.keys.len().is_multiple_of(MARK) {
            self.marks.push(start);
        }
        self.keys.push(key);
    }

    /// Where the counts of state `i` start in `vals` (`vals.len()` past the last state),
    /// for counts up to `p - 1` pieces.
    fn start_of(&self, i: usize, p: usize) -> usize {
        if i == self.keys.len() {
            return self.len;
        }
        let from = i / MARK * MARK;
        self.marks[i / MARK]
            + self.keys[from..i]
                .iter()
                .map(|k| p - k.count_ones() as usize)
                .sum::<usize>()
    }
}

/// The states `lo..hi` of a table of segments (indices across the segments in order),
/// walked forwards. A state's counts come as the rest of its segment's `vals`, from
/// [`LEAD`] entries before the state's first count on (scratch included): the state's
/// own are as many as `p` less the pieces in its window, and the merge reads whole
/// blocks around them.
struct Run<'a, K, T> {
    /// Per segment: the keys, and the counts from [`LEAD`] before the first state's.
    pieces: Vec<(&'a [K], &'a [T])>,
    piece: usize,
    /// The next state in the current piece, and where its counts start.
    i: usize,
    at: usize,
    /// Counts for up to `p - 1` pieces.
    p: usize,
}

impl<'a, K: Window, T> Run<'a, K, T> {
    fn new(segs: &'a [Seg<K, T>], lo: usize, hi: usize, p: usize) -> Run<'a, K, T> {
        let mut pieces = Vec::new();
        let mut base = 0;
        for s in segs {
            let len = s.keys.len();
            let (a, b) = (lo.max(base), hi.min(base + len));
            if a < b {
                pieces.push((
                    &s.keys[a - base..b - base],
                    &s.vals[s.start_of(a - base, p) - LEAD..],
                ));
            }
            base += len;
        }
        Run {
            pieces,
            piece: 0,
            i: 0,
            at: LEAD,
            p,
        }
    }
}

impl<'a, K: Window, T> Iterator for Run<'a, K, T> {
    /// A state's window and its counts (from as many pieces as the window holds), with
    /// [`LEAD`] entries before them and the rest of the segment's after them.
    type Item = (K, &'a [T]);

    #[inline]
    fn next(&mut self) -> Option<(K, &'a [T])> {
        loop {
            let (keys, vals) = *self.pieces.get(self.piece)?;
            if let Some(&key) = keys.get(self.i) {
                let len = self.p - key.count_ones() as usize;
                let v = &vals[self.at - LEAD..];
                self.i += 1;
                self.at += len;
                return Some((key, v));
            }
            self.piece += 1;
            self.i = 0;
            self.at = LEAD;
        }
    }
}

/// Slices of the table per thread in a one-kind pass (each thread takes the next slice
/// when done with one, so that they finish together).
const SLICES_PER_THREAD: usize = 4;

/// How many windows `r` a one-kind merge takes between two looks at the stop (a pass
/// of 16 knights runs about a second).
const STOP_POLL: u32 = 1 << 16;

/// The most squares a one-kind pass takes at once (at most 5: a set of choices is a
/// [`Choices`]). Fewer passes move fewer counts through memory; more squares mean more
/// runs to merge and choices to try per `r`. Measured on 14 knights on 14 × 14 (one
/// thread, CPU time): 2.95 s for three squares a pass, 2.67 s for four, 2.82 s for
/// five (two squares took 4.85 s before the block sums).
const MAX_BITS: usize = 4;

/// A set of choices for the squares of a pass: bit `b` for choice `b`, whose bit
/// `bits - 1 - s` tells whether square `s` of the pass is taken (so the choices come
/// in window order).
type Choices = u32;

/// What one pass (up to [`MAX_BITS`] squares) of a one-kind run needs to know.
struct Step<K> {
    /// Squares in this pass, 1 to [`MAX_BITS`].
    bits: u32,
    /// The window but its `bits` oldest squares: the part `r` that stays.
    rest: K,
    /// Window positions a piece on each square of the pass conflicts with.
    conflict: [K; MAX_BITS],
    /// `by_old[t]`: the choices that the dropped squares `t` allow, which the fixed
    /// pieces allow and whose pieces do not attack each other.
    by_old: [Choices; 1 << MAX_BITS],
    /// `within[f]`: the choices that take only squares in `f` (bit `s` for square `s`).
    within: [Choices; 1 << MAX_BITS],
    cap: usize,
    /// A sum may overflow the count type: add with checks.
    checked: bool,
}

impl<K: Window> Step<K> {
    /// The pass over `bits` squares from square `cell`.
    fn new(plan: &Plan, cell: usize, bits: usize, checked: bool) -> Step<K> {
        let l = plan.window;
        let lane = lane_of(l);
        let conflict = |s: usize| plan.conflict[(cell + s) % plan.width] & lane;
        let taken = |b: usize, s: usize| (b >> (bits - 1 - s)) & 1 == 1;
        let nb = 1 << bits;
        let mut by_old = [0; 1 << MAX_BITS];
        for (t, allowed) in by_old.iter_mut().enumerate().take(nb) {
            for b in 0..nb {
                // The squares as the pass fills them in, `r` empty: a conflict involves
                // one old square and one new one, or two new ones, so those with `r`
                // are apart (`within`).
                let mut w = (t as u128) << (l - bits);
                let mut ok = true;
                for s in 0..bits {
                    if taken(b, s) {
                        ok &= w & conflict(s) == 0;
                    } else {
                        ok &= plan.forced[cell + s].is_none();
                    }
                    w = ((w << 1) & lane) | taken(b, s) as u128;
                }
                if ok {
                    *allowed |= 1 << b;
                }
            }
        }
        let mut within = [0; 1 << MAX_BITS];
        for (f, set) in within.iter_mut().enumerate().take(nb) {
            for b in 0..nb {
                if (0..bits).all(|s| !taken(b, s) || (f >> s) & 1 == 1) {
                    *set |= 1 << b;
                }
            }
        }
        Step {
            bits: bits as u32,
            rest: K::narrow(lane >> bits),
            conflict: std::array::from_fn(|s| K::narrow(if s < bits { conflict(s) } else { 0 })),
            by_old,
            within,
            cap: plan.caps[0] as usize,
            checked,
        }
    }

    /// Merges the runs (one per content `t` of the squares that drop out, in order,
    /// each sorted by the rest `r`) by `r` into `out`: per `r`, the successor for each
    /// allowed choice `b`, in order, with the sum of the counts of the states `(t, r)`
    /// that allow it. Stops early, leaving `out` short, once `stop` says so (polled every
    /// [`STOP_POLL`] `r`s; the caller checks it again after the merge).
    fn merge<T: Cell>(
        &self,
        runs: Vec<Run<'_, K, T>>,
        out: &mut Seg<K, T>,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<(), Overflowed> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("avx2")
        {
            // SAFETY: the CPU has the features the function is compiled for.
            return unsafe { self.merge_x86(runs, out, stop) };
        }
        self.merge_body(runs, out, stop)
    }

    /// [`Step::merge`] compiled with `popcnt` (the pieces in a window, per state) and
    /// AVX2 (the counts' sums).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,avx2")]
    unsafe fn merge_x86<T: Cell>(
        &self,
        runs: Vec<Run<'_, K, T>>,
        out: &mut Seg<K, T>,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<(), Overflowed> {
        self.merge_body(runs, out, stop)
    }

    #[inline(always)]
    fn merge_body<T: Cell>(
        &self,
        mut runs: Vec<Run<'_, K, T>>,
        out: &mut Seg<K, T>,
        stop: &(dyn Fn() -> bool + Sync),
    ) -> Result<(), Overflowed> {
        out.clear();
        let nb = 1usize << self.bits;
        debug_assert_eq!(runs.len(), nb);
        let p = self.cap + 1;
        // Sums in whole blocks (see `Cell::block`) where the counts fit one.
        let blocks = T::BLOCKS && !self.checked && p <= BLOCK;
        // The next state of each run: `r` (past every `r` once the run is done, which
        // keeps the search for the least a plain minimum) and its counts.
        let done = K::max_value();
        let mut keys = [done; 1 << MAX_BITS];
        let mut vals: [&[T]; 1 << MAX_BITS] = [&[]; 1 << MAX_BITS];
        for t in 0..nb {
            if let Some((k, v)) = runs[t].next() {
                (keys[t], vals[t]) = (k & self.rest, v);
            }
        }
        // The states met at one `r`: counts, pieces in `t` (the shift of the counts:
        // the successor holds the pieces of `r` and `b`, not those of `t`), choices.
        let mut srcs: [(&[T], usize, Choices); 1 << MAX_BITS] = [(&[], 0, 0); 1 << MAX_BITS];
        let mut from: [(&[T], usize); 1 << MAX_BITS] = [(&[], 0); 1 << MAX_BITS];
        let mut top = 0;
        // The first state asks at once: rayon starts a slice whenever a thread is free,
        // and a slice started after the deadline ran 2^16 states before its first look
        // (16 knights on a 1 s budget ended at 1.4 s).
        let mut polled = STOP_POLL - 1;
        loop {
            let r = keys[..nb].iter().fold(done, |m, &k| m.min(k));
            if r == done {
                break;
            }
            polled += 1;
            if polled == STOP_POLL {
                polled = 0;
                if stop() {
                    break;
                }
            }
            let mut n = 0;
            let mut any: Choices = 0;
            for t in 0..nb {
                if keys[t] == r {
                    srcs[n] = (vals[t], t.count_ones() as usize, self.by_old[t]);
                    any |= self.by_old[t];
                    n += 1;
                    match runs[t].next() {
                        Some((k, v)) => (keys[t], vals[t]) = (k & self.rest, v),
                        None => keys[t] = done,
                    }
                }
            }
            let mut free = 0;
            for s in 0..self.bits as usize {
                if (r << s as u32) & self.conflict[s] == K::zero() {
                    free |= 1 << s;
                }
            }
            let mut choices = any & self.within[free];
            let held = r.count_ones() as usize;
            let base = r << self.bits;
            while choices != 0 {
                let b = choices.trailing_zeros();
                choices &= choices - 1;
                let placed = held + b.count_ones() as usize;
                if placed > self.cap {
                    continue;
                }
                let len = p - placed;
                let mut m = 0;
                let mut whole = blocks;
                for &(v, shift, allows) in &srcs[..n] {
                    if (allows >> b) & 1 == 1 {
                        from[m] = (v, shift);
                        whole &= v.len() >= LEAD + BLOCK;
                        m += 1;
                    }
                }
                let start = out.len;
                let need = start + len.max(BLOCK);
                if out.vals.len() < need {
                    // Room for the counts and a whole block; zeroed once, then reused.
                    // The capacity doubles, but only what is about to be written is
                    // zeroed (65,536 counts ahead): zeroing the whole doubled
                    // table paged in memory never used, and a run stopped by its budget
                    // spent 0.2 s giving those pages back.
                    if out.vals.capacity() < need {
                        let room = (2 * out.vals.capacity()).max(need).max(1 << 16);
                        out.vals.reserve_exact(room - out.vals.len());
                    }
                    let ahead = (need + (1 << 16)).min(out.vals.capacity());
                    out.vals.resize(ahead, T::zero());
                }
                let dst = &mut out.vals[start..];
                let bits = if whole {
                    T::block(
                        (&mut dst[..BLOCK]).try_into().expect("a block"),
                        &from[..m],
                        len,
                    )
                } else {
                    T::gather(&mut dst[..len], &from[..m], self.checked)?
                };
                if bits > 0 {
                    out.push(base | K::narrow(b as u128), start);
                    out.len += len;
                    top = top.max(bits);
                }
            }
            if out.keys.len() > MAX_STATES {
                // The caller sees the table's size and stops with the error.
                break;
            }
        }
        out.top = top;
        Ok(())
    }
}

/// The counts of a table summed over its states, each state given as (the number of
/// pieces its first count is for, its counts), for up to `p - 1` pieces: in `u128`
/// while the sums fit, else in big integers (`states` is walked again).
fn sum_states<'a, T: Cell + 'a, I: Iterator<Item = (usize, &'a [T])>>(
    states: impl Fn() -> I,
    p: usize,
) -> Vec<BigUint> {
    let mut total = vec![0u128; p];
    let mut fits = true;
    'sum: for (from, state) in states() {
        for (t, v) in total[from..].iter_mut().zip(state) {
            match v.as_u128().and_then(|v| t.checked_add(v)) {
                Some(n) => *t = n,
                None => {
                    fits = false;
                    break 'sum;
                }
            }
        }
    }
    if fits {
        return total.iter().map(|&n| BigUint::from(n)).collect();
    }
    let mut total = vec![BigUint::default(); p];
    for (from, state) in states() {
        for (t, v) in total[from..].iter_mut().zip(state) {
            *t += v.to_big();
        }
    }
    total
}

/// Which of the engine's two methods runs (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The cheaper of the two by estimated work; [`Method::Plain`] when bands do not apply.
    Auto,
    /// The transfer over the whole board.
    Plain,
    /// Bands of lines combined from narrow strips ([`bands`]); no fixed pieces.
    Bands,
}

/// A chosen method with its layout.
enum Chosen {
    Plain(Plan),
    Bands(bands::BandPlan),
}

impl Chosen {
    fn new(problem: &Problem, method: Method) -> Result<Chosen, String> {
        match method {
            Method::Plain => Plan::new(problem).map(Chosen::Plain),
            Method::Bands => bands::BandPlan::new(problem)
                .map(Chosen::Bands)
                .ok_or_else(|| {
                    "the band method needs no fixed pieces and a board longer than the tallest band"
                        .to_string()
                }),
            // Whatever the cheaper method takes, so bands also take problems whose
            // whole-board window is too large for the plain transfer.
            Method::Auto => match (
                Chosen::new(problem, Method::Plain),
                Chosen::new(problem, Method::Bands),
            ) {
                (Ok(plain), Ok(bands)) if bands.ln_cost() < plain.ln_cost() => Ok(bands),
                (Ok(plain), _) => Ok(plain),
                (Err(_), Ok(bands)) => Ok(bands),
                (Err(e), Err(_)) => Err(e),
            },
        }
    }

    /// The natural log of the method's estimated work.
    fn ln_cost(&self) -> f64 {
        match self {
            Chosen::Plain(plan) => plan.ln_cost(),
            Chosen::Bands(plan) => plan.ln_cost(),
        }
    }

    fn table(&self, ctl: &Control) -> Result<Vec<BigUint>, Error> {
        match self {
            Chosen::Plain(plan) => plan.table(ctl),
            Chosen::Bands(plan) => plan.table(ctl),
        }
    }
}

/// Every count up to the problem's (the engine's table, which `engine::counts_by_size`
/// reaches through `select`): entry `Σ n_x · Π_{y<x} (c_y + 1)` is the number of
/// placements with `n_x` pieces of the problem's `x`-th kind (`c_y` the problem's
/// counts), fixed pieces included and in place. For the tests, which hold it and the
/// two methods to each other.
///
/// ```text
/// use queens::{Board, Catalog, Placement, Problem, parse_spec};
/// use queens::engine::dp::transfer::counts_up_to;
/// let c = Catalog::standard();
/// let p = Problem::new(Board::square(3).unwrap(), parse_spec("4K", &c).unwrap(), Placement::default()).unwrap();
/// let t = counts_up_to(&p, &queens::Control::default()).unwrap();
/// let t: Vec<String> = t.iter().map(|n| n.to_string()).collect();
/// assert_eq!(t, ["1", "9", "16", "8", "1"]);
/// ```
#[cfg(test)]
fn counts_up_to(problem: &Problem, ctl: &Control) -> Result<Vec<BigUint>, Error> {
    counts_up_to_by(problem, Method::Auto, ctl)
}

/// [`counts_up_to`] by the given method; refused with one sentence when the method does
/// not take the problem.
#[cfg(test)]
fn counts_up_to_by(
    problem: &Problem,
    method: Method,
    ctl: &Control,
) -> Result<Vec<BigUint>, Error> {
    Chosen::new(problem, method)
        .map_err(|reason| Error::EngineRefuses {
            engine: "transfer",
            reason,
        })?
        .table(ctl)
}

impl Engine for TransferEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Transfer.as_str(),
            summary: "leapers (kings, knights, any finite-range kinds), counted square by square over a window of states",
            jobs: &[Job::Count],
            honours: Honours::PARALLEL,
            ..Default::default()
        }
    }

    fn prepare<'p>(
        &self,
        problem: &'p Problem,
        _job: Job,
    ) -> Result<crate::engine::Run<'p>, String> {
        Chosen::new(problem, Method::Auto).map(|chosen| crate::engine::Run::Count(Box::new(chosen)))
    }
}

/// The transfer engine's count is the last entry of the table its chosen method builds.
impl Count for Chosen {
    fn count(&self, _problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let table = self.table(ctl)?;
        Ok(table.last().cloned().unwrap_or_default())
    }

    fn counts_by_size(
        &self,
        _problem: &Problem,
        ctl: &Control,
    ) -> Option<Result<Vec<BigUint>, Error>> {
        Some(self.table(ctl))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(board: &str, spec: &str) -> Problem {
        Problem::new(
            board.parse().unwrap(),
            crate::parse_spec(spec, &crate::Catalog::standard()).unwrap(),
            crate::Placement::default(),
        )
        .unwrap()
    }

    // Moved from tests/it/counting.rs: `counts_up_to` is internal.
    /// The transfer engine's whole table at once agrees with one count per size (by
    /// the exact engine).
    #[test]
    fn transfer_table_matches_single_counts() {
        let p = problem("6x7", "12K");
        let table = counts_up_to(&p, &Control::default()).unwrap();
        assert_eq!(table.len(), 13);
        let one_thread = crate::Settings {
            threads: 1,
            ..crate::Settings::default()
        };
        for (k, n) in table.iter().enumerate() {
            let exact = crate::count(
                &problem("6x7", &format!("{k}K")),
                crate::EngineChoice::Named(crate::engine::EngineName::Exact),
                &one_thread,
            )
            .unwrap();
            assert_eq!(*n, exact, "{k}");
        }
    }

    /// Leapers for the method cross-checks: the standard two and fairy ones (one
    /// asymmetric, one limited rider, one with a reach of three lines).
    fn leaper(i: usize) -> crate::PieceKind {
        use crate::piece::{Move, octo};
        let leaps = |letter: char, name: &str, v: Vec<(i32, i32)>| {
            crate::PieceKind::new(
                letter,
                name,
                name,
                v.into_iter().map(|(a, b)| Move::leap(a, b)).collect(),
            )
            .unwrap()
        };
        match i {
            0 => crate::PieceKind::king(),
            1 => crate::PieceKind::knight(),
            2 => leaps('C', "camel", octo(1, 3)),
            3 => leaps('W', "wazir", octo(1, 0)),
            4 => leaps('P', "pawnlike", vec![(1, 1), (-1, 1)]),
            5 => leaps('Z', "zebra", octo(2, 3)),
            _ => crate::PieceKind::new(
                'S',
                "short rook",
                "R2",
                octo(1, 0)
                    .into_iter()
                    .map(|(a, b)| Move {
                        df: a,
                        dr: b,
                        range: 2,
                    })
                    .collect(),
            )
            .unwrap(),
        }
    }

    /// Random leaper mixes (one or two kinds, 1 to `most` pieces in all) on boards up to
    /// `rows × cols`; `None` when the pieces do not fit.
    fn leaper_problem(
        rows: u32,
        cols: u32,
        most: u32,
    ) -> impl proptest::strategy::Strategy<Value = Problem> {
        use proptest::prelude::*;
        (
            1..=rows,
            1..=cols,
            proptest::collection::btree_map(0usize..7, 0..=most, 1..=2),
        )
            .prop_filter_map("fits", move |(r, c, kinds)| {
                let total: u32 = kinds.values().sum();
                if total == 0 || total > most {
                    return None;
                }
                let pieces = kinds
                    .into_iter()
                    .map(|(k, n)| crate::PieceCount {
                        kind: leaper(k),
                        count: n,
                    })
                    .collect();
                Problem::new(
                    crate::Board::new(r, c).unwrap(),
                    pieces,
                    crate::Placement::default(),
                )
                .ok()
            })
    }

    /// The table by `method`, `None` only when the band method does not apply: an error
    /// of a method that took the problem fails the test.
    fn table_by(p: &Problem, method: Method) -> Option<Vec<BigUint>> {
        if method == Method::Bands && bands::BandPlan::new(p).is_none() {
            return None;
        }
        Some(counts_up_to_by(p, method, &Control::default()).unwrap())
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

        /// The band method's whole table equals the plain transfer's wherever bands apply.
        #[test]
        fn bands_match_plain(p in leaper_problem(8, 14, 6)) {
            let Some(bands) = table_by(&p, Method::Bands) else {
                return Ok(());
            };
            proptest::prop_assert_eq!(Some(bands), table_by(&p, Method::Plain), "{:?}", p);
        }

        /// The band method against the exact engine (a search, not a transfer).
        #[test]
        fn bands_match_exact(p in leaper_problem(8, 8, 4)) {
            let Some(bands) = table_by(&p, Method::Bands) else {
                return Ok(());
            };
            let one_thread = crate::Settings { threads: 1, ..crate::Settings::default() };
            let exact = crate::count(&p, crate::EngineChoice::Named(crate::engine::EngineName::Exact), &one_thread).unwrap();
            proptest::prop_assert_eq!(bands.last().cloned().unwrap(), exact, "{:?}", p);
        }
    }

    /// Counts past `u64` (wazirs, kings' orthogonal half, on 12 × 12: entries up to
    /// about 10^25): the one-kind run, which goes on in `u128` where `u64` overflowed,
    /// equals the several-kinds run (the same wazirs beside a kind with no pieces),
    /// which starts over.
    #[test]
    fn one_kind_goes_on_past_u64() {
        use crate::piece::{Move, octo};
        let wazir = crate::PieceKind::new(
            'W',
            "wazir",
            "W",
            octo(1, 0)
                .into_iter()
                .map(|(a, b)| Move::leap(a, b))
                .collect(),
        )
        .unwrap();
        let pieces = |with_king: bool| {
            let mut v = vec![crate::PieceCount {
                kind: wazir.clone(),
                count: 72,
            }];
            if with_king {
                v.push(crate::PieceCount {
                    kind: crate::PieceKind::king(),
                    count: 0,
                });
            }
            v
        };
        let on = |with_king| {
            let p = Problem::new(
                crate::Board::square(12).unwrap(),
                pieces(with_king),
                crate::Placement::default(),
            )
            .unwrap();
            counts_up_to_by(&p, Method::Plain, &Control::default()).unwrap()
        };
        let one = on(false);
        assert!(one.iter().any(|n| *n > BigUint::from(u64::MAX)));
        assert!(one.iter().all(|n| *n < BigUint::from(u128::MAX)));
        // Kinds in canonical order (K first): the king's digit is 0 in every entry
        // with it at its cap of 0, so the tables line up entry by entry.
        assert_eq!(one, on(true));
        assert_eq!(one[72], BigUint::from(2u32)); // the two checkerboard colourings
    }

    /// Counts past `u128` (kings on a 1 × 400 strip: `C(401 - k, k)` placements of `k`,
    /// up to about `2^276`): the one-kind run goes on from `u64` to `u128` to big
    /// integers, and stays exact.
    #[test]
    fn one_kind_goes_on_past_u128() {
        let p = problem("1x400", "200K");
        let table = counts_up_to_by(&p, Method::Plain, &Control::default()).unwrap();
        assert!(table.iter().any(|n| n.bits() > 128));
        for (k, n) in table.iter().enumerate() {
            let k = k as u64;
            assert_eq!(*n, super::super::binomial(401 - k, k), "{k}");
        }
    }

    /// Long count lists (more than a block of them, [`BLOCK`]) in a table large enough
    /// to fill the merge's first buffer: the one-kind run equals the several-kinds run
    /// (the same knights beside a kind with no pieces), entry by entry.
    #[test]
    fn one_kind_long_count_lists() {
        let with = |spec: &str| {
            counts_up_to_by(&problem("8x8", spec), Method::Plain, &Control::default()).unwrap()
        };
        let one = with("40N");
        assert_eq!(one[32], BigUint::from(2u32)); // the two colours
        assert!(one[33..].iter().all(|n| *n == BigUint::default()));
        let two = with("40N,0K");
        // Kinds in canonical order (K first, at its cap of 0): entry `n` is `n` knights.
        assert_eq!(one, two);
    }

    /// The band method applies where it should: kings on a long board, both
    /// orientations; not with fixed pieces, nor when a band could span the board.
    #[test]
    fn bands_apply_where_they_should() {
        let c = Control::default();
        let tall = counts_up_to_by(&problem("30x6", "5K"), Method::Bands, &c).unwrap();
        let wide = counts_up_to_by(&problem("6x30", "5K"), Method::Bands, &c).unwrap();
        assert_eq!(tall, wide);
        assert_eq!(
            tall,
            counts_up_to_by(&problem("30x6", "5K"), Method::Plain, &c).unwrap()
        );
        assert!(counts_up_to_by(&problem("8x8", "8K"), Method::Bands, &c).is_err());
        assert!(counts_up_to_by(&problem("8x8", "4N"), Method::Bands, &c).is_ok());
        assert!(counts_up_to_by(&problem("8x8", "5N"), Method::Bands, &c).is_err());
        let fixed = Problem::new(
            "20x20".parse().unwrap(),
            crate::parse_spec("3K", &crate::Catalog::standard()).unwrap(),
            crate::Placement::parse("Ka1", &crate::Catalog::standard()).unwrap(),
        )
        .unwrap();
        assert!(counts_up_to_by(&fixed, Method::Bands, &c).is_err());
        assert!(counts_up_to_by(&fixed, Method::Auto, &c).is_ok());
    }
}
