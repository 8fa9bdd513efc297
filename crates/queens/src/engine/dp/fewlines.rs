//! A few line pieces on a big board: enumerate all but three, count the last three.
//!
//! The engine takes one kind whose moves are all unlimited slides along ranks, files,
//! diagonals or anti-diagonals (queen, rook, bishop, and fairy line pieces such as a
//! rook that also slides along one diagonal). Two pieces of such a kind conflict exactly
//! when they share a *line* of one of the kind's directions, and two distinct squares
//! share at most one line.
//!
//! **The last three pieces, counted.** For a set `S` of free squares (the squares
//! attacked by no piece placed so far), let `F = |S|` and `f_L = |S ∩ L|` for each line
//! `L`. In the graph on `S` whose edges are attacking pairs,
//!
//! - the edges number `E = Σ_L C(f_L, 2)` (one line per pair);
//! - a square `v` has degree `deg v = Σ_{L ∋ v} (f_L - 1)`;
//! - a triangle is either three squares on one line (`Σ_L C(f_L, 3)`) or three squares
//!   pairwise on lines of three different directions. Such a triangle is right-angled
//!   and isosceles: its right-angle vertex `q` sees the other two at the same distance
//!   `s` along two perpendicular directions (rank and file, or diagonal and
//!   anti-diagonal), and the third side lies along a third direction of the kind. With
//!   each line of `S` stored as a 128-bit mask, the triangles at `q` are eight
//!   `popcount(ray & ray)` of rays taken from `q`'s lines.
//!
//! Inclusion–exclusion over the edges inside a triple then gives the independent triples
//! `C(F, 3) - E·(F - 2) + Σ_v C(deg v, 2) - triangles` (a triangle counts
//! `1 - 3 + 3 - 1 = 0`, a path of two edges `1 - 2 + 1 = 0`), in `O(F)` word operations.
//!
//! **The first `k - 3` pieces, enumerated.** Summed over the independent `(k-3)`-sets
//! `T` of the board, the independent triples in the squares `T` leaves free count each
//! answer `C(k, 3)` times (once per way to split it into `T` and a triple). The *ring*
//! of a square, its distance to the nearest edge, is kept by every symmetry of the
//! board. Each `T` is charged to the `m` squares `q` of `T` on its least ring, with
//! weight `L/m` (`L = lcm(1, …, k-3)`, so weights are integers): the sum for one `q`
//! runs over the `(k-4)`-sets of free squares on rings no lower than `q`'s, in
//! increasing order. That sum is the same for every image of `q` under the symmetries
//! of the board that keep the kind's directions, so one `q` per orbit is visited,
//! weighted by the orbit's size. The total divided by `L·C(k, 3)` is the count. For
//! `k ≤ 3` the board itself is the free set.
//!
//! The cost is about `N·C(N, k-3)/(8·(k-1))` word operations for `N` squares (about a
//! sixteenth of enumerating every `(k-3)`-set, each leaf a pass over the free squares).
//! Measured (`--threads 1`): 4 queens on 100×100 in 0.3 s, 5 on 30×30 in 0.4 s, 6 on
//! 20×20 in 3 s, 6 on 40×40 in 1094 s; 6 on 80×80 would take days (time ∝ side⁸). Lines are
//! `u64` masks for sides up to 64 and `u128` up to 128 ([`MAX_SIDE`]). Counts are
//! exact: `u128` with checked arithmetic (an overflow is an error, not a wrong answer).
//!
//! Free squares are kept as line masks, four views per square, copied
//! per level; the leaf loop has a copy compiled with `popcnt`, picked at run time. Counts
//! in parts: one task per first square of an orbit (one task with the closed count for
//! `k ≤ 3`), divisor `lcm(1..k-3) · C(k, 3)` (see `engine::parts`).

use std::sync::atomic::{AtomicU64, Ordering};

use crate::par::prelude::*;
use num_bigint::BigUint;

use super::single_kind;
use crate::engine::parts::{self, PlanId, Tally, TaskList};
use crate::engine::{
    Control, Count, CountParts, Declaration, Engine, Honours, Job, Method, Parts, PartsReport, Run,
};
use crate::error::Error;
use crate::piece::{Move, PieceKind};
use crate::problem::Problem;

/// The line-piece counter (see the [module docs](self)).
pub struct FewLinesEngine;

/// The largest side the engine takes (one `u128` mask per line).
pub const MAX_SIDE: u32 = 128;

/// Line direction: along a rank (same rank, files differ).
pub const RANK: u8 = 1;
/// Line direction: along a file.
pub const FILE: u8 = 2;
/// Line direction: a diagonal (`rank - file` constant).
pub const DIAG: u8 = 4;
/// Line direction: an anti-diagonal (`rank + file` constant).
pub const ANTI: u8 = 8;

/// The line directions of `kind` (a set of [`RANK`], [`FILE`], [`DIAG`], [`ANTI`]) when
/// every move of it is an unlimited slide by one step along one of them, else `None`.
/// A slide one way along a line is enough: of two pieces on the line, one attacks the
/// other.
///
/// ```text
/// use queens::engine::dp::fewlines::{line_directions, RANK, FILE, DIAG, ANTI};
/// use queens::PieceKind;
/// assert_eq!(line_directions(&PieceKind::queen()), Some(RANK | FILE | DIAG | ANTI));
/// assert_eq!(line_directions(&PieceKind::rook()), Some(RANK | FILE));
/// assert_eq!(line_directions(&PieceKind::knight()), None);
/// assert_eq!(line_directions(&PieceKind::amazon()), None);
/// ```
pub fn line_directions(kind: &PieceKind) -> Option<u8> {
    let mut dirs = 0;
    for m in kind.moves() {
        let Move { df, dr, range } = *m;
        if range != 0 {
            return None;
        }
        dirs |= match (df, dr) {
            (1 | -1, 0) => RANK,
            (0, 1 | -1) => FILE,
            (1, 1) | (-1, -1) => DIAG,
            (1, -1) | (-1, 1) => ANTI,
            _ => return None,
        };
    }
    (dirs != 0).then_some(dirs)
}

/// The board and the kind's directions.
struct Geo {
    rows: usize,
    cols: usize,
    dirs: u8,
}

impl Geo {
    fn diag(&self, r: usize, c: usize) -> usize {
        r + self.cols - 1 - c
    }
    fn anti(&self, r: usize, c: usize) -> usize {
        r + c
    }
    /// Offsets of the file, diagonal and anti-diagonal masks in [`Free::m`].
    fn files(&self) -> usize {
        self.rows
    }
    fn diags(&self) -> usize {
        self.rows + self.cols
    }
    fn antis(&self) -> usize {
        2 * (self.rows + self.cols) - 1
    }
    fn lines(&self) -> usize {
        3 * (self.rows + self.cols) - 2
    }
    /// The distance of a square to the nearest edge, kept by every symmetry.
    fn ring(&self, r: usize, c: usize) -> usize {
        r.min(c).min(self.rows - 1 - r).min(self.cols - 1 - c)
    }
}

/// A line mask: `u64` for sides up to 64, `u128` up to 128.
trait Word: Copy + Send + Sync + Eq + 'static {
    const ZERO: Self;
    fn bit(i: usize) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn andnot(self, o: Self) -> Self;
    fn ones(self) -> u32;
    fn low(self) -> usize;
    fn clear_low(self) -> Self;
    fn rev(self) -> Self;
    fn shr(self, n: u32) -> Self;
    /// The bits at `i` and above.
    fn at_least(self, i: usize) -> Self;
    /// The bits below `i`.
    fn below(self, i: usize) -> Self;
    const BITS: u32;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline(always)]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline(always)]
            fn or(self, o: Self) -> Self {
                self | o
            }
            #[inline(always)]
            fn andnot(self, o: Self) -> Self {
                self & !o
            }
            #[inline(always)]
            fn ones(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn low(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn clear_low(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn rev(self) -> Self {
                self.reverse_bits()
            }
            #[inline(always)]
            fn shr(self, n: u32) -> Self {
                self.checked_shr(n).unwrap_or(0)
            }
            #[inline(always)]
            fn at_least(self, i: usize) -> Self {
                (!0 as $t).checked_shl(i as u32).map_or(0, |m| self & m)
            }
            #[inline(always)]
            fn below(self, i: usize) -> Self {
                (!0 as $t).checked_shl(i as u32).map_or(self, |m| self & !m)
            }
        }
    };
}
word!(u64);
word!(u128);

/// The free squares, four times over, in one vector: by rank (bit = file), by file, by
/// diagonal and by anti-diagonal (bit = rank for the last three).
#[derive(Clone)]
struct Free<W> {
    m: Vec<W>,
}

const fn c2(f: u128) -> u128 {
    f * f.saturating_sub(1) / 2
}

const fn c3(f: u128) -> u128 {
    if f < 3 { 0 } else { f * (f - 1) * (f - 2) / 6 }
}

/// Per-leaf scratch: each line's count and reversed mask.
struct Scratch<W> {
    count: Vec<u32>,
    rev: Vec<W>,
}

impl<W: Word> Scratch<W> {
    fn new(g: &Geo) -> Self {
        Scratch {
            count: vec![0; g.lines()],
            rev: vec![W::ZERO; g.lines()],
        }
    }
}

impl<W: Word> Free<W> {
    fn full(g: &Geo) -> Self {
        let mut f = Free {
            m: vec![W::ZERO; g.lines()],
        };
        for r in 0..g.rows {
            for c in 0..g.cols {
                f.m[r] = f.m[r].or(W::bit(c));
                f.m[g.files() + c] = f.m[g.files() + c].or(W::bit(r));
                f.m[g.diags() + g.diag(r, c)] = f.m[g.diags() + g.diag(r, c)].or(W::bit(r));
                f.m[g.antis() + g.anti(r, c)] = f.m[g.antis() + g.anti(r, c)].or(W::bit(r));
            }
        }
        f
    }

    #[inline(always)]
    fn remove(&mut self, g: &Geo, r: usize, c: usize) {
        let m = &mut self.m;
        m[r] = m[r].andnot(W::bit(c));
        m[g.files() + c] = m[g.files() + c].andnot(W::bit(r));
        let d = g.diags() + g.diag(r, c);
        m[d] = m[d].andnot(W::bit(r));
        let a = g.antis() + g.anti(r, c);
        m[a] = m[a].andnot(W::bit(r));
    }

    /// Puts a piece on `(r, c)`: the square and every free square it attacks leave.
    #[inline(always)]
    fn place(&mut self, g: &Geo, r: usize, c: usize) {
        self.remove(g, r, c);
        let lines: [(u8, usize, Walk); 4] = [
            (RANK, r, |r, _, x| (r, x)),
            (FILE, g.files() + c, |_, c, y| (y, c)),
            (DIAG, g.diags() + g.diag(r, c), |r, c, y| (y, c + y - r)),
            (ANTI, g.antis() + g.anti(r, c), |r, c, y| (y, r + c - y)),
        ];
        for (bit, line, at) in lines {
            if g.dirs & bit != 0 {
                let mut m = self.m[line];
                while m != W::ZERO {
                    let (y, x) = at(r, c, m.low());
                    m = m.clear_low();
                    self.remove(g, y, x);
                }
            }
        }
    }

    fn size(&self, g: &Geo) -> u128 {
        self.m[..g.rows].iter().map(|m| u128::from(m.ones())).sum()
    }

    /// The masks of the lines of the kind's directions.
    fn lines<'a>(&'a self, g: &'a Geo) -> impl Iterator<Item = W> + 'a {
        let spans = [
            (RANK, 0, g.rows),
            (FILE, g.files(), g.diags()),
            (DIAG, g.diags(), g.antis()),
            (ANTI, g.antis(), g.lines()),
        ];
        spans
            .into_iter()
            .filter(|(bit, _, _)| g.dirs & bit != 0)
            .flat_map(|(_, a, b)| self.m[a..b].iter().copied())
    }

    /// The number of pairs of free squares that share no line.
    fn pairs(&self, g: &Geo) -> u128 {
        c2(self.size(g))
            - self
                .lines(g)
                .map(|m| c2(u128::from(m.ones())))
                .sum::<u128>()
    }

    /// The number of sets of three free squares, no two on one line (module docs).
    #[inline(always)]
    fn triples(&self, g: &Geo, s: &mut Scratch<W>) -> u128 {
        let d = g.dirs;
        let n = self.size(g);
        let mut edges = 0u128;
        let mut collinear = 0u128;
        let spans = [
            (RANK, 0, g.rows),
            (FILE, g.files(), g.diags()),
            (DIAG, g.diags(), g.antis()),
            (ANTI, g.antis(), g.lines()),
        ];
        let mut ndirs = 0u32;
        for (bit, a, b) in spans {
            let used = d & bit != 0;
            ndirs += u32::from(used);
            for i in a..b {
                let f = if used { self.m[i].ones() } else { 0 };
                s.count[i] = f;
                s.rev[i] = self.m[i].rev();
                edges += c2(u128::from(f));
                collinear += c3(u128::from(f));
            }
        }
        let rf = d & (RANK | FILE) == RANK | FILE;
        let da = d & (DIAG | ANTI) == DIAG | ANTI;
        let hv_tri = rf && d & (DIAG | ANTI) != 0;
        let da_tri = da && d & (RANK | FILE) != 0;
        let top = W::BITS;
        // Rays from a square at `pos` of a line: bit j is the square j+1 steps away.
        let up = |m: W, pos: usize| m.shr(pos as u32 + 1);
        let down = |rev: W, pos: usize| rev.shr(top - pos as u32);
        let mut paths = 0u128;
        let mut corners = 0u64;
        for r in 0..g.rows {
            let row = self.m[r];
            let mut m = row;
            while m != W::ZERO {
                let c = m.low();
                m = m.clear_low();
                let (fi, di, ai) = (
                    g.files() + c,
                    g.diags() + g.diag(r, c),
                    g.antis() + g.anti(r, c),
                );
                // Each used line counts this square too: subtract it once per direction.
                let deg = s.count[r] + s.count[fi] + s.count[di] + s.count[ai] - ndirs;
                paths += c2(u128::from(deg));
                let mut t = 0u32;
                if hv_tri {
                    let (e, w) = (up(row, c), down(s.rev[r], c));
                    let (no, so) = (up(self.m[fi], r), down(s.rev[fi], r));
                    if d & DIAG != 0 {
                        // (0, s) and (-s, 0): their difference (s, s) lies on a diagonal.
                        t += e.and(so).ones() + w.and(no).ones();
                    }
                    if d & ANTI != 0 {
                        t += e.and(no).ones() + w.and(so).ones();
                    }
                }
                if da_tri {
                    let (dn, ds) = (up(self.m[di], r), down(s.rev[di], r));
                    // Anti-diagonal bits are ranks: up is towards lower files.
                    let (an, as_) = (up(self.m[ai], r), down(s.rev[ai], r));
                    if d & RANK != 0 {
                        // (s, s) and (s, -s) share the rank r + s.
                        t += dn.and(an).ones() + ds.and(as_).ones();
                    }
                    if d & FILE != 0 {
                        // (s, s) and (-s, s) share the file c + s.
                        t += dn.and(as_).ones() + ds.and(an).ones();
                    }
                }
                corners += u64::from(t);
            }
        }
        let corners = u128::from(corners);
        // C(F,3) - E(F-2) + paths - triangles, arranged to stay non-negative.
        (c3(n) + paths) - (edges * n.saturating_sub(2) + collinear + corners)
    }
}

/// One enumeration task: the first square fixed, the rest in increasing order inside
/// the first square's ring (see [`count_line_pieces`]).
struct Task<'a, W> {
    g: &'a Geo,
    /// Squares with ring at least the first square's: the rectangle `lo..=hi_r × lo..=hi_c`.
    lo: usize,
    hi_r: usize,
    hi_c: usize,
    ring: usize,
    /// `lcm(1..=k-3)`: a set whose least ring holds `m` of its squares weighs `lcm/m`.
    lcm: u128,
    stack: Vec<Free<W>>,
    scratch: Scratch<W>,
    /// Whether to stop (a cancel or the time budget), asked at the two shallowest
    /// levels (a task of 6 pieces on 100x100 runs for minutes) and every
    /// [`POLL_NODES`] nodes below them (with many pieces a level-2 subtree is itself
    /// long: 15 queens on 15x15 ran 7 s past a 0.1 s budget before).
    stop: &'a dyn Fn() -> bool,
    /// Nodes since the last look at `stop` below the two shallowest levels.
    nodes: u32,
}

/// How many deep nodes a task visits between two looks at its stop flag.
const POLL_NODES: u32 = 1 << 12;

macro_rules! descend {
    ($name:ident $(, $attr:meta)?) => {
        $(#[$attr])?
        fn $name<W: Word>(t: &mut Task<W>, depth: usize, from: usize, on_ring: u128) -> Result<u128, Error> {
            let g = t.g;
            if depth + 1 == t.stack.len() {
                let (stack, scratch) = (&t.stack, &mut t.scratch);
                return Ok(stack[depth].triples(g, scratch) * (t.lcm / on_ring));
            }
            let mut sum = 0u128;
            let (r0, c0) = (from / g.cols, from % g.cols);
            for r in r0.max(t.lo)..=t.hi_r {
                let mut m = t.stack[depth].m[r].at_least(t.lo).below(t.hi_c + 1);
                if r == r0 {
                    m = m.at_least(c0);
                }
                while m != W::ZERO {
                    // Every node whose children are leaves polls too: a leaf counts
                    // the triples of a whole board (milliseconds on 100x100, where
                    // 4096 of them ran 2 s past a 0.2 s budget).
                    let poll = if depth < 2 || depth + 2 >= t.stack.len() {
                        true
                    } else {
                        t.nodes += 1;
                        t.nodes % POLL_NODES == 0
                    };
                    if poll && (t.stop)() {
                        return Err(Error::Interrupted);
                    }
                    let c = m.low();
                    m = m.clear_low();
                    let (lower, upper) = t.stack.split_at_mut(depth + 1);
                    upper[0].m.copy_from_slice(&lower[depth].m);
                    upper[0].place(g, r, c);
                    let ring = u128::from(g.ring(r, c) == t.ring);
                    // SAFETY (for the feature-gated copy): called only where its
                    // features were detected.
                    #[allow(unused_unsafe)]
                    let n = unsafe { $name(t, depth + 1, r * g.cols + c + 1, on_ring + ring)? };
                    sum = sum.checked_add(n).ok_or(Error::Overflow("128-bit"))?;
                }
            }
            Ok(sum)
        }
    };
}

descend!(descend_plain);
#[cfg(target_arch = "x86_64")]
descend!(descend_popcnt, target_feature(enable = "popcnt"));

/// Runs one task on the fastest copy of the search this CPU has.
fn run_task<W: Word>(t: &mut Task<W>) -> Result<u128, Error> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has the feature the function is compiled for.
        return unsafe { descend_popcnt(t, 0, 0, 1) };
    }
    descend_plain(t, 0, 0, 1)
}

/// A board symmetry as a map of `(rank, file, rows, cols)` to `(rank, file)`.
type Map = fn(usize, usize, usize, usize) -> (usize, usize);

/// The square `j` along a line through `(rank, file)`: `(rank, file, j) -> (rank, file)`.
type Walk = fn(usize, usize, usize) -> (usize, usize);

/// The symmetries of a `rows × cols` board (as maps of `(r, c)`) that keep the line
/// directions `dirs`.
fn symmetries(g: &Geo) -> Vec<Map> {
    // (map, image of the directions' bits, needs a square board)
    let swap_da = |d: u8| {
        (d & !(DIAG | ANTI))
            | if d & DIAG != 0 { ANTI } else { 0 }
            | if d & ANTI != 0 { DIAG } else { 0 }
    };
    let swap_rf = |d: u8| {
        (d & !(RANK | FILE))
            | if d & RANK != 0 { FILE } else { 0 }
            | if d & FILE != 0 { RANK } else { 0 }
    };
    let all: [(Map, u8, bool); 8] = [
        (|r, c, _, _| (r, c), g.dirs, false),
        (|r, c, _, w| (r, w - 1 - c), swap_da(g.dirs), false),
        (|r, c, h, _| (h - 1 - r, c), swap_da(g.dirs), false),
        (|r, c, h, w| (h - 1 - r, w - 1 - c), g.dirs, false),
        (|r, c, _, _| (c, r), swap_rf(g.dirs), true),
        (|r, c, h, w| (w - 1 - c, h - 1 - r), swap_rf(g.dirs), true),
        (|r, c, _, w| (w - 1 - c, r), swap_rf(swap_da(g.dirs)), true),
        (|r, c, h, _| (c, h - 1 - r), swap_rf(swap_da(g.dirs)), true),
    ];
    all.into_iter()
        .filter(|&(_, image, square)| image == g.dirs && (!square || g.rows == g.cols))
        .map(|(m, _, _)| m)
        .collect()
}

/// The number of ways to place `k` pieces of a kind with line directions `dirs` (see
/// [`line_directions`]) on a `rows × cols` board, no two on one line of those
/// directions. Sides up to [`MAX_SIDE`].
///
/// ```text
/// use queens::engine::dp::fewlines::{count_line_pieces, RANK, FILE, DIAG, ANTI};
/// use queens::Control;
/// let q = RANK | FILE | DIAG | ANTI;
/// assert_eq!(count_line_pieces(8, 8, q, 8, &Control::default()).unwrap(), 92);
/// assert_eq!(count_line_pieces(25, 25, q, 4, &Control::default()).unwrap(), 2729909796);
/// assert_eq!(count_line_pieces(3, 5, RANK | FILE, 3, &Control::default()).unwrap(), 60);
/// ```
pub fn count_line_pieces(
    rows: u32,
    cols: u32,
    dirs: u8,
    k: u32,
    ctl: &Control,
) -> Result<u128, Error> {
    if rows == 0 || cols == 0 || rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(Error::Unsupported(format!(
            "the fewlines engine takes sides from 1 to {MAX_SIDE}"
        )));
    }
    let g = Geo {
        rows: rows as usize,
        cols: cols as usize,
        dirs: dirs & (RANK | FILE | DIAG | ANTI),
    };
    if g.rows.max(g.cols) <= 64 {
        count_with::<u64>(&g, k, ctl)
    } else {
        count_with::<u128>(&g, k, ctl)
    }
}

/// The enumeration's tasks for `k` pieces: one first square per orbit of the board's
/// symmetries, with the orbit's size; and `lcm(1..=k-3)` (see [`count_line_pieces`]).
/// Boards with `k <= 3`, or fewer squares than pieces, have no tasks.
struct Plan<'a, W> {
    g: &'a Geo,
    k: u32,
    full: Free<W>,
    firsts: Vec<(usize, usize, u128)>,
    lcm: u128,
}

impl<'a, W: Word> Plan<'a, W> {
    fn new(g: &'a Geo, k: u32) -> Plan<'a, W> {
        let full = Free::<W>::full(g);
        if k <= 3 || k as usize > g.rows * g.cols {
            return Plan {
                g,
                k,
                full,
                firsts: Vec::new(),
                lcm: 1,
            };
        }
        // One square per orbit of the symmetries, with the orbit's size.
        let maps = symmetries(g);
        let (h, w) = (g.rows, g.cols);
        let firsts: Vec<(usize, usize, u128)> = (0..h)
            .flat_map(|r| (0..w).map(move |c| (r, c)))
            .filter_map(|(r, c)| {
                let mut images: Vec<(usize, usize)> = maps.iter().map(|m| m(r, c, h, w)).collect();
                images.sort_unstable();
                images.dedup();
                (images[0] == (r, c)).then_some((r, c, images.len() as u128))
            })
            .collect();
        let lcm = (1..=u128::from(k - 3)).fold(1, |l, i| l * i / gcd(l, i));
        Plan {
            g,
            k,
            full,
            firsts,
            lcm,
        }
    }

    /// The count when the plan has no tasks (`k <= 3` or too few squares).
    fn direct(&self) -> Option<u128> {
        let g = self.g;
        match self.k {
            0 => Some(1),
            1 => Some(self.full.size(g)),
            2 => Some(self.full.pairs(g)),
            3 => Some(self.full.triples(g, &mut Scratch::new(g))),
            k if k as usize > g.rows * g.cols => Some(0),
            _ => None,
        }
    }

    /// What the tasks' sums add up to, per placement: `lcm · C(k, 3)`.
    fn divisor(&self) -> u128 {
        if self.direct().is_some() {
            return 1;
        }
        let k = u128::from(self.k);
        self.lcm * (k * (k - 1) * (k - 2) / 6)
    }

    /// The weighted sum of task `i`, or [`Error::Interrupted`] when `stop` said so.
    fn run(&self, i: usize, stop: &dyn Fn() -> bool) -> Result<u128, Error> {
        let g = self.g;
        let (r, c, weight) = self.firsts[i];
        let ring = g.ring(r, c);
        let mut task = Task {
            g,
            lo: ring,
            hi_r: g.rows - 1 - ring,
            hi_c: g.cols - 1 - ring,
            ring,
            lcm: self.lcm,
            stack: vec![self.full.clone(); self.k as usize - 3],
            scratch: Scratch::new(g),
            stop,
            nodes: 0,
        };
        task.stack[0].place(g, r, c);
        run_task(&mut task)?
            .checked_mul(weight)
            .ok_or(Error::Overflow("128-bit"))
    }
}

fn count_with<W: Word>(g: &Geo, k: u32, ctl: &Control) -> Result<u128, Error> {
    let plan = Plan::<W>::new(g, k);
    if let Some(n) = plan.direct() {
        return Ok(n);
    }
    let total = plan.firsts.len() as u64;
    let done = AtomicU64::new(0);
    let stop = || ctl.cancelled();
    let run = || {
        (0..plan.firsts.len())
            .into_par_iter()
            .map(|i| {
                if ctl.cancelled() {
                    return Err(Error::Interrupted);
                }
                let n = plan.run(i, &stop)?;
                ctl.report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Ok(n)
            })
            .try_reduce(
                || 0u128,
                |a, b| a.checked_add(b).ok_or(Error::Overflow("128-bit")),
            )
    };
    let sum = ctl.in_pool(run)?;
    let times = plan.divisor();
    debug_assert_eq!(sum % times, 0, "each placement counts lcm·C(k,3) times");
    Ok(sum / times)
}

/// `count` of the checked `problem` in parts: the orbit representatives' tasks (a
/// single one giving the closed count when `k <= 3`), and a last task for the
/// placements the board's symmetries fix, for the count up to symmetry.
fn count_parts_with<W: Word>(
    g: &Geo,
    k: u32,
    problem: &Problem,
    ctl: &Control,
    parts: &Parts,
) -> Result<PartsReport, Error> {
    let plan = Plan::<W>::new(g, k);
    let direct = plan.direct();
    let count = if direct.is_some() {
        1
    } else {
        plan.firsts.len()
    };
    let id = PlanId::of(
        "fewlines",
        Method::Fewlines,
        plan.divisor(),
        format!(
            "fewlines-v1 {}x{} dirs {} k {k} {:?} {}",
            g.rows, g.cols, g.dirs, plan.firsts, plan.lcm
        ),
    );
    let run = |i: usize, _: &Control, stop: &dyn Fn() -> bool| {
        let total = match direct {
            Some(n) => n,
            None => match plan.run(i, stop) {
                Err(Error::Interrupted) => return Ok(None),
                other => other?,
            },
        };
        Ok(Some(Tally { total, unique: 0 }))
    };
    let list = TaskList::new(id, problem, count, false, run);
    parts::count_in_parts(&list, ctl, parts)
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Engine for FewLinesEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::FewLines.as_str(),
            summary: "a few line pieces of one kind on a big board: all but three placed, the last three counted",
            jobs: &[Job::Count, Job::CountParts],
            honours: Honours::PARALLEL,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        let b = problem.board();
        match single_kind(problem).and_then(|(kind, k)| Some((line_directions(kind)?, k))) {
            Some((dirs, k)) if b.rows() <= MAX_SIDE && b.cols() <= MAX_SIDE => {
                let lines = Box::new(FewLines { dirs, k });
                Ok(if job == Job::CountParts {
                    Run::Parts(lines)
                } else {
                    Run::Count(lines)
                })
            }
            _ => Err(format!(
                "the fewlines engine counts one kind of line piece (queen, rook, bishop or \
                 another whole-line slider) on a board with sides up to {MAX_SIDE}, nothing fixed"
            )),
        }
    }

    fn auto_picks(&self, problem: &Problem, _job: Job) -> bool {
        auto_worthwhile(problem)
    }
}

/// A count the fewlines engine accepted: `k` pieces of one kind moving along the
/// lines `dirs`, nothing fixed.
struct FewLines {
    dirs: u8,
    k: u32,
}

impl Count for FewLines {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        let b = problem.board();
        count_line_pieces(b.rows(), b.cols(), self.dirs, self.k, ctl).map(BigUint::from)
    }
}

impl CountParts for FewLines {
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        parts::only_method("fewlines", Method::Fewlines, parts.method)?;
        let b = problem.board();
        let g = Geo {
            rows: b.rows() as usize,
            cols: b.cols() as usize,
            dirs: self.dirs & (RANK | FILE | DIAG | ANTI),
        };
        if g.rows.max(g.cols) <= 64 {
            count_parts_with::<u64>(&g, self.k, problem, ctl, parts)
        } else {
            count_parts_with::<u128>(&g, self.k, problem, ctl, parts)
        }
    }
}

/// Where this engine was measured faster than `exact` (`--threads 1`, release build):
/// up to 3 pieces always (one pass over the board); 4 to 7 pieces from `2·k²` squares,
/// where the two are about even (4 queens on 6×6, 6 on 9×9, 7 on 10×10) and the gap
/// grows with the board (6 queens on 11×11: 0.07 s against 0.22 s; 7 on 14×14: 6 s
/// against 63 s); 8 or more pieces never (8 queens on 12×12: 12 s against 8 s).
fn auto_worthwhile(problem: &Problem) -> bool {
    let Some((_, k)) = single_kind(problem) else {
        return false;
    };
    let squares = problem.board().squares();
    k <= 3 || (k <= 7 && squares >= 2 * u64::from(k) * u64::from(k))
}
