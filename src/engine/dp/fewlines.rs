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
//! answer `C(k, 3)` times (once per way to split it into `T` and a triple). Summing
//! instead over one square `q` and the `(k-4)`-sets `T'` beside it (increasing squares)
//! counts each `T` `k - 3` times, and the sum for `q` is the same for every image of `q`
//! under the symmetries of the board that keep the kind's directions, so only one `q`
//! per orbit is visited, weighted by the orbit's size. The total divided by
//! `(k - 3)·C(k, 3)` is the count. For `k ≤ 3` the board itself is the free set.
//!
//! The cost is about `(N/8)·C(N, k-4)·N` word operations for `N` squares: 4 queens on
//! 100×100 take well under a second, 5 queens on 30×30 a second or two, while 6 queens
//! on 40×40 would take hours. Sides up to 128 (one `u128` per line). Counts are exact:
//! `u128` with checked arithmetic (an overflow is an error, not a wrong answer).

use std::sync::atomic::{AtomicU64, Ordering};

use num_bigint::BigUint;
use rayon::prelude::*;

use super::single_kind;
use crate::engine::{Control, Engine, Job};
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
/// ```
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
}

/// The free squares, four times over: by rank (bit = file), by file, by diagonal and by
/// anti-diagonal (bit = rank for both).
#[derive(Clone)]
struct Free {
    ranks: Vec<u128>,
    files: Vec<u128>,
    diags: Vec<u128>,
    antis: Vec<u128>,
}

const fn c2(f: u128) -> u128 {
    f * f.saturating_sub(1) / 2
}

const fn c3(f: u128) -> u128 {
    if f < 3 { 0 } else { f * (f - 1) * (f - 2) / 6 }
}

/// The bits of `mask` above `pos`, bit `j` standing for distance `j + 1`.
#[inline]
fn up(mask: u128, pos: usize) -> u128 {
    mask >> (pos + 1)
}

/// The bits of `mask` below `pos`, bit `j` standing for distance `j + 1`.
#[inline]
fn down(mask: u128, pos: usize) -> u128 {
    mask.reverse_bits()
        .checked_shr(128 - pos as u32)
        .unwrap_or(0)
}

impl Free {
    fn full(g: &Geo) -> Free {
        let mut f = Free {
            ranks: vec![0; g.rows],
            files: vec![0; g.cols],
            diags: vec![0; g.rows + g.cols - 1],
            antis: vec![0; g.rows + g.cols - 1],
        };
        for r in 0..g.rows {
            for c in 0..g.cols {
                f.ranks[r] |= 1 << c;
                f.files[c] |= 1 << r;
                f.diags[g.diag(r, c)] |= 1 << r;
                f.antis[g.anti(r, c)] |= 1 << r;
            }
        }
        f
    }

    #[inline]
    fn remove(&mut self, g: &Geo, r: usize, c: usize) {
        self.ranks[r] &= !(1 << c);
        self.files[c] &= !(1 << r);
        self.diags[g.diag(r, c)] &= !(1 << r);
        self.antis[g.anti(r, c)] &= !(1 << r);
    }

    /// Puts a piece on `(r, c)`: the square and every free square it attacks leave.
    fn place(&mut self, g: &Geo, r: usize, c: usize) {
        self.remove(g, r, c);
        if g.dirs & RANK != 0 {
            let mut m = self.ranks[r];
            while m != 0 {
                let x = m.trailing_zeros() as usize;
                m &= m - 1;
                self.remove(g, r, x);
            }
        }
        if g.dirs & FILE != 0 {
            let mut m = self.files[c];
            while m != 0 {
                let y = m.trailing_zeros() as usize;
                m &= m - 1;
                self.remove(g, y, c);
            }
        }
        if g.dirs & DIAG != 0 {
            let mut m = self.diags[g.diag(r, c)];
            while m != 0 {
                let y = m.trailing_zeros() as usize;
                m &= m - 1;
                self.remove(g, y, c + y - r);
            }
        }
        if g.dirs & ANTI != 0 {
            let mut m = self.antis[g.anti(r, c)];
            while m != 0 {
                let y = m.trailing_zeros() as usize;
                m &= m - 1;
                self.remove(g, y, r + c - y);
            }
        }
    }

    fn size(&self) -> u128 {
        self.ranks.iter().map(|m| m.count_ones() as u128).sum()
    }

    /// The number of pairs of free squares that share no line.
    fn pairs(&self, g: &Geo) -> u128 {
        let f = self.size();
        c2(f)
            - self
                .lines(g)
                .map(|m| c2(m.count_ones() as u128))
                .sum::<u128>()
    }

    /// The masks of the lines of the kind's directions.
    fn lines<'a>(&'a self, g: &Geo) -> impl Iterator<Item = u128> + 'a {
        let d = g.dirs;
        let pick = move |bit: u8, v: &'a Vec<u128>| {
            if d & bit != 0 { v.as_slice() } else { &[] }
        };
        pick(RANK, &self.ranks)
            .iter()
            .chain(pick(FILE, &self.files))
            .chain(pick(DIAG, &self.diags))
            .chain(pick(ANTI, &self.antis))
            .copied()
    }

    /// The number of sets of three free squares, no two on one line (module docs).
    fn triples(&self, g: &Geo) -> u128 {
        let d = g.dirs;
        let count = |v: &[u128], bit: u8| -> Vec<u128> {
            if d & bit != 0 {
                v.iter().map(|m| m.count_ones() as u128).collect()
            } else {
                vec![0; v.len()]
            }
        };
        let (fr, ff, fd, fa) = (
            count(&self.ranks, RANK),
            count(&self.files, FILE),
            count(&self.diags, DIAG),
            count(&self.antis, ANTI),
        );
        let n = self.size();
        let mut edges = 0u128;
        let mut collinear = 0u128;
        for f in fr.iter().chain(&ff).chain(&fd).chain(&fa) {
            edges += c2(*f);
            collinear += c3(*f);
        }
        let used = |bit: u8| u128::from(d & bit != 0);
        let ndirs = used(RANK) + used(FILE) + used(DIAG) + used(ANTI);
        let (rf, da) = (
            d & (RANK | FILE) == RANK | FILE,
            d & (DIAG | ANTI) == DIAG | ANTI,
        );
        let mut paths = 0u128;
        let mut corners = 0u32;
        for (r, &row) in self.ranks.iter().enumerate() {
            let mut m = row;
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let (di, ai) = (g.diag(r, c), g.anti(r, c));
                // Each used line counts this square too: subtract it once per direction.
                let deg = fr[r] + ff[c] + fd[di] + fa[ai] - ndirs;
                paths += c2(deg);
                if rf && d & (DIAG | ANTI) != 0 {
                    let (e, w) = (up(row, c), down(row, c));
                    let (n_, s) = (up(self.files[c], r), down(self.files[c], r));
                    if d & DIAG != 0 {
                        // (0, s) and (-s, 0): their difference (s, s) lies on a diagonal.
                        corners += (e & s).count_ones() + (w & n_).count_ones();
                    }
                    if d & ANTI != 0 {
                        corners += (e & n_).count_ones() + (w & s).count_ones();
                    }
                }
                if da && d & (RANK | FILE) != 0 {
                    let (dm, am) = (self.diags[di], self.antis[ai]);
                    let (dn, ds) = (up(dm, r), down(dm, r));
                    // Anti-diagonal bits are ranks: up is towards lower files.
                    let (an, as_) = (up(am, r), down(am, r));
                    if d & RANK != 0 {
                        // (s, s) and (s, -s) share the rank r + s.
                        corners += (dn & an).count_ones() + (ds & as_).count_ones();
                    }
                    if d & FILE != 0 {
                        // (s, s) and (-s, s) share the file c + s.
                        corners += (dn & as_).count_ones() + (ds & an).count_ones();
                    }
                }
            }
        }
        let corners = u128::from(corners);
        // C(F,3) - E(F-2) + paths - triangles, arranged to stay non-negative.
        (c3(n) + paths) - (edges * n.saturating_sub(2) + collinear + corners)
    }

    /// The free squares with index (rank-major) at least `from`, in increasing order.
    fn squares_from(&self, g: &Geo, from: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let (r0, c0) = (from / g.cols, from % g.cols);
        self.ranks
            .iter()
            .enumerate()
            .skip(r0)
            .flat_map(move |(r, &row)| {
                let mut m = if r == r0 { row & (!0u128 << c0) } else { row };
                std::iter::from_fn(move || {
                    (m != 0).then(|| {
                        let c = m.trailing_zeros() as usize;
                        m &= m - 1;
                        (r, c)
                    })
                })
            })
    }
}

/// Σ over the independent `left`-sets of free squares with index `from` or more of the
/// triples their placement leaves.
fn descend(g: &Geo, free: &Free, left: u32, from: usize) -> Result<u128, Error> {
    if left == 0 {
        return Ok(free.triples(g));
    }
    let mut sum = 0u128;
    for (r, c) in free.squares_from(g, from) {
        let mut next = free.clone();
        next.place(g, r, c);
        let n = descend(g, &next, left - 1, r * g.cols + c + 1)?;
        sum = sum.checked_add(n).ok_or(Error::Overflow("128-bit"))?;
    }
    Ok(sum)
}

/// The symmetries of a `rows × cols` board (as maps of `(r, c)`) that keep the line
/// directions `dirs`.
fn symmetries(g: &Geo) -> Vec<fn(usize, usize, usize, usize) -> (usize, usize)> {
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
    type Map = fn(usize, usize, usize, usize) -> (usize, usize);
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
/// ```
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
    let full = Free::full(&g);
    match k {
        0 => return Ok(1),
        1 => return Ok(full.size()),
        2 => return Ok(full.pairs(&g)),
        3 => return Ok(full.triples(&g)),
        _ if u64::from(k) > (rows as u64) * (cols as u64) => return Ok(0),
        _ => {}
    }
    // One square per orbit of the symmetries, with the orbit's size.
    let maps = symmetries(&g);
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
    let total = firsts.len() as u64;
    let done = AtomicU64::new(0);
    let run = || {
        firsts
            .par_iter()
            .map(|&(r, c, weight)| {
                if ctl.cancelled() {
                    return Err(Error::Interrupted);
                }
                let mut free = full.clone();
                free.place(&g, r, c);
                let n = descend(&g, &free, k - 4, 0)?
                    .checked_mul(weight)
                    .ok_or(Error::Overflow("128-bit"))?;
                ctl.report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                Ok(n)
            })
            .try_reduce(
                || 0u128,
                |a, b| a.checked_add(b).ok_or(Error::Overflow("128-bit")),
            )
    };
    let threads = ctl.thread_count();
    let sum = if threads == rayon::current_num_threads() {
        run()
    } else {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| Error::Unsupported(format!("cannot start threads: {e}")))?
            .install(run)
    }?;
    let k = u128::from(k);
    let times = (k - 3) * (k * (k - 1) * (k - 2) / 6);
    debug_assert_eq!(sum % times, 0, "each placement counts (k-3)·C(k,3) times");
    Ok(sum / times)
}

impl Engine for FewLinesEngine {
    fn name(&self) -> &'static str {
        "fewlines"
    }

    fn check(&self, problem: &Problem, job: Job) -> Result<(), String> {
        if job != Job::Count {
            return Err("the fewlines engine only counts".into());
        }
        let b = problem.board();
        match single_kind(problem) {
            Some((kind, _))
                if line_directions(kind).is_some()
                    && b.rows() <= MAX_SIDE
                    && b.cols() <= MAX_SIDE =>
            {
                Ok(())
            }
            _ => Err(format!(
                "the fewlines engine counts one kind of line piece (queen, rook, bishop or \
                 another whole-line slider) on a board with sides up to {MAX_SIDE}, nothing fixed"
            )),
        }
    }

    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        self.check(problem, Job::Count)
            .map_err(Error::Unsupported)?;
        let (kind, k) = single_kind(problem).expect("checked");
        let dirs = line_directions(kind).expect("checked");
        let b = problem.board();
        count_line_pieces(b.rows(), b.cols(), dirs, k, ctl).map(BigUint::from)
    }

    fn auto_picks(&self, problem: &Problem, _job: Job) -> bool {
        auto_worthwhile(problem)
    }
}

/// Where this engine was measured faster than `exact` (`--threads 1`, release build):
/// up to 3 pieces always (one pass over the board); 4 to 6 pieces from `4·k²` squares
/// (5 queens on 10×10 and 6 on 12×12 are about even, 6 on 14×14 take 2.8 s against
/// 7 s); 7 or more pieces never (7 queens on 14×14: 58 s against 28 s).
fn auto_worthwhile(problem: &Problem) -> bool {
    let Some((_, k)) = single_kind(problem) else {
        return false;
    };
    let squares = problem.board().squares();
    k <= 3 || (k <= 6 && squares >= 4 * u64::from(k) * u64::from(k))
}
