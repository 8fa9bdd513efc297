//! Up to three pieces on any terrain (holes, blockers, the torus) and beside fixed
//! pieces, counted square by square.
//!
//! Each kind's attack lists come from [`Terrain::attacks`] (lines stop at blockers and
//! wrap on the torus), once per square; the reverse lists (who attacks a square) by
//! transposing them. A kind may stand on the squares that are free (no hole, no
//! blocker, no fixed piece) and in no conflict with a fixed piece. For pieces `x` on
//! `s` and `y`, `N_xy(s)` lists the allowed squares of `y` in conflict with `s` (`x`
//! attacks them or they attack `s`). With `A_x` the allowed squares, inclusion–exclusion
//! over the three pair conflicts of injective triples gives the ordered count:
//!
//! - injective triples: `|A_a||A_b||A_c| - |A_a∩A_b||A_c| - |A_a∩A_c||A_b| -
//!   |A_b∩A_c||A_a| + 2|A_a∩A_b∩A_c|`;
//! - minus each pair conflict with the third piece anywhere else;
//! - plus, per centre `s`, `|N_xy(s)|·|N_xz(s)| - |N_xy(s) ∩ N_xz(s)|` (two conflicts
//!   sharing a piece, the other two on different squares);
//! - minus the triangles, found per conflicting pair `(s, t)` by marking `N_ac(s)` and
//!   walking `N_bc(t)`.
//!
//! The cost is `O(squares · degree²)` for three pieces (the triangles) and
//! `O(squares · degree)` for two; memory holds the attack lists.

use num_bigint::BigInt;

use crate::board::{Board, Square};
use crate::engine::Control;
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// Lists per square, stored flat.
struct Lists {
    start: Vec<usize>,
    items: Vec<u32>,
}

impl Lists {
    fn of(&self, s: usize) -> &[u32] {
        &self.items[self.start[s]..self.start[s + 1]]
    }

    fn build(n: usize, mut each: impl FnMut(usize, &mut Vec<u32>)) -> Lists {
        let mut start = Vec::with_capacity(n + 1);
        let mut items = Vec::new();
        start.push(0);
        for s in 0..n {
            each(s, &mut items);
            start.push(items.len());
        }
        Lists { start, items }
    }
}

/// One kind's attacks and reverse attacks on the terrain.
struct KindLists {
    att: Lists,
    rev: Lists,
}

fn kind_lists(problem: &Problem, kind: &PieceKind, ctl: &Control) -> Result<KindLists, Error> {
    let board = problem.board();
    let terrain = problem.terrain();
    let n = board.squares() as usize;
    let mut stopped = false;
    let att = Lists::build(n, |s, out| {
        if s % 1024 == 0 && ctl.cancelled() {
            stopped = true;
        }
        if stopped {
            return;
        }
        let from = board.square_at(s);
        out.extend(
            terrain
                .attacks(board, kind, from)
                .into_iter()
                .map(|t| board.index(t) as u32),
        );
    });
    if stopped {
        return Err(Error::Interrupted);
    }
    let mut count = vec![0usize; n + 1];
    for &t in &att.items {
        count[t as usize + 1] += 1;
    }
    for i in 0..n {
        count[i + 1] += count[i];
    }
    let mut items = vec![0u32; att.items.len()];
    let mut fill = count.clone();
    for s in 0..n {
        for &t in att.of(s) {
            items[fill[t as usize]] = s as u32;
            fill[t as usize] += 1;
        }
    }
    Ok(KindLists {
        att,
        rev: Lists {
            start: count,
            items,
        },
    })
}

/// The squares each piece may take: free and in no conflict with a fixed piece.
fn allowed(problem: &Problem, lists: &KindLists) -> Vec<bool> {
    let board: &Board = problem.board();
    let terrain = problem.terrain();
    let n = board.squares() as usize;
    let mut ok: Vec<bool> = (0..n)
        .map(|s| terrain.is_free(board.square_at(s)))
        .collect();
    for f in problem.fixed().pieces() {
        let q: Square = f.square;
        let qi = board.index(q);
        ok[qi] = false;
        for t in terrain.attacks(board, &f.kind, q) {
            ok[board.index(t)] = false;
        }
        for &s in lists.rev.of(qi) {
            ok[s as usize] = false;
        }
    }
    ok
}

/// `N_xy(s)` for every square `s`: the allowed squares of `y` in conflict with `x` on `s`.
fn conflicts(x: &KindLists, y: &KindLists, ay: &[bool], mark: &mut [u32]) -> Lists {
    let n = ay.len();
    mark.fill(u32::MAX);
    Lists::build(n, |s, out| {
        for &t in x.att.of(s).iter().chain(y.rev.of(s)) {
            if ay[t as usize] && mark[t as usize] != s as u32 {
                mark[t as usize] = s as u32;
                out.push(t);
            }
        }
    })
}

fn count_true(v: &[bool]) -> BigInt {
    BigInt::from(v.iter().filter(|&&b| b).count())
}

fn both(a: &[bool], b: &[bool]) -> Vec<bool> {
    a.iter().zip(b).map(|(&x, &y)| x && y).collect()
}

/// The ordered count for `kinds` (one per piece, at most three) on the problem's board,
/// terrain and fixed pieces (the problem's own spec is not read).
pub(crate) fn ordered(
    problem: &Problem,
    kinds: &[PieceKind],
    ctl: &Control,
) -> Result<BigInt, Error> {
    let board = problem.board();
    let terrain = problem.terrain();
    // Fixed pieces in conflict with each other leave nothing to count.
    let fixed = problem.fixed().pieces();
    for (i, f) in fixed.iter().enumerate() {
        for g in &fixed[i + 1..] {
            if terrain.conflict(board, &f.kind, f.square, &g.kind, g.square) {
                return Ok(BigInt::from(0u32));
            }
        }
    }
    let n = board.squares() as usize;
    let mut lists: Vec<KindLists> = Vec::new();
    let mut which = Vec::new();
    let mut seen: Vec<&PieceKind> = Vec::new();
    for k in kinds {
        match seen.iter().position(|s| *s == k) {
            Some(i) => which.push(i),
            None => {
                which.push(seen.len());
                seen.push(k);
                lists.push(kind_lists(problem, k, ctl)?);
            }
        }
    }
    let kl = |i: usize| &lists[which[i]];
    let allow: Vec<Vec<bool>> = (0..kinds.len()).map(|i| allowed(problem, kl(i))).collect();
    let mut mark = vec![u32::MAX; n];
    let stop = || {
        if ctl.cancelled() {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    };
    match kinds.len() {
        0 => Ok(BigInt::from(1u32)),
        1 => Ok(count_true(&allow[0])),
        2 => {
            let ab = conflicts(kl(0), kl(1), &allow[1], &mut mark);
            let pairs = count_true(&allow[0]) * count_true(&allow[1])
                - count_true(&both(&allow[0], &allow[1]));
            let mut bad = 0u128;
            for s in (0..n).filter(|&s| allow[0][s]) {
                bad += ab.of(s).len() as u128;
            }
            Ok(pairs - BigInt::from(bad))
        }
        3 => {
            let (aa, ab_, ac_) = (&allow[0], &allow[1], &allow[2]);
            let sizes: Vec<BigInt> = allow.iter().map(|a| count_true(a)).collect();
            let injective = &sizes[0] * &sizes[1] * &sizes[2]
                - count_true(&both(aa, ab_)) * &sizes[2]
                - count_true(&both(aa, ac_)) * &sizes[1]
                - count_true(&both(ab_, ac_)) * &sizes[0]
                + BigInt::from(2u32) * count_true(&both(&both(aa, ab_), ac_));
            stop()?;
            let ab = conflicts(kl(0), kl(1), ab_, &mut mark);
            let ac = conflicts(kl(0), kl(2), ac_, &mut mark);
            let bc = conflicts(kl(1), kl(2), ac_, &mut mark);
            let ba = conflicts(kl(1), kl(0), aa, &mut mark);
            let ca = conflicts(kl(2), kl(0), aa, &mut mark);
            let cb = conflicts(kl(2), kl(1), ab_, &mut mark);
            stop()?;
            // Each pair conflict, the third piece on an allowed square of its own apart
            // from both: sum over the pair of (|A_z| - [s in A_z] - [t in A_z]).
            let edge = |xy: &Lists, ax: &[bool], az: &[bool], nz: u128| -> u128 {
                let mut e = 0u128;
                for s in (0..n).filter(|&s| ax[s]) {
                    for &t in xy.of(s) {
                        e += nz - u128::from(az[s]) - u128::from(az[t as usize]);
                    }
                }
                e
            };
            let nz = |i: usize| allow[i].iter().filter(|&&b| b).count() as u128;
            let edges =
                edge(&ab, aa, ac_, nz(2)) + edge(&ac, aa, ab_, nz(1)) + edge(&bc, ab_, aa, nz(0));
            // Two conflicts sharing the centre.
            let mut path = |xy: &Lists, xz: &Lists, ax: &[bool]| -> u128 {
                let mut p = 0u128;
                mark.fill(u32::MAX);
                for s in (0..n).filter(|&s| ax[s]) {
                    let (l1, l2) = (xy.of(s), xz.of(s));
                    p += (l1.len() * l2.len()) as u128;
                    for &t in l1 {
                        mark[t as usize] = s as u32;
                    }
                    p -= l2.iter().filter(|&&t| mark[t as usize] == s as u32).count() as u128;
                }
                p
            };
            let paths = path(&ab, &ac, aa) + path(&ba, &bc, ab_) + path(&ca, &cb, ac_);
            stop()?;
            // Triangles: s (1), t in N_ab(s) (2), u in N_bc(t) and in N_ac(s) (3).
            mark.fill(u32::MAX);
            let mut tri = 0u128;
            for s in (0..n).filter(|&s| aa[s]) {
                if s % 256 == 0 {
                    stop()?;
                }
                for &u in ac.of(s) {
                    mark[u as usize] = s as u32;
                }
                for &t in ab.of(s) {
                    for &u in bc.of(t as usize) {
                        if mark[u as usize] == s as u32 {
                            tri += 1;
                        }
                    }
                }
            }
            Ok(injective - BigInt::from(edges) + BigInt::from(paths) - BigInt::from(tri))
        }
        _ => Err(Error::internal(
            "the fewpieces engine counts at most three pieces",
        )),
    }
}
