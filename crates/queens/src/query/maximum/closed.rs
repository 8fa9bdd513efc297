//! The closed forms of `max`: the most pieces of one standard kind alone on the open
//! rectangle `r x c` (`m = min(r, c)`, `M = max(r, c)`), and the number of ways, at
//! every size the board takes (sides to 10^9), in exact big integers, or refused by
//! size with one sentence ([`Ways::Refused`]) where the number would have more than
//! [`MAX_DIGITS`] digits or no formula is known and no engine counts it.
//!
//! | kind | most | ways |
//! |---|---|---|
//! | rook | `m` | `M! / (M-m)!` (a rank or file each, matched one to one) |
//! | queen, `m = 1` | `1` | `r·c` |
//! | queen, `m = 2` | `1` on `2x2`, else `2` | `4`; `(M-1)(M-2)` (one per rank, files at least 2 apart) |
//! | queen, `m = 3` | `2` on `3x3`, else `3` | `8`; `(M-3)(M²-6M+12)` |
//! | queen, `m >= 4` | `m` | the engines' count, on boards with sides up to 64; refused beyond |
//! | king | `⌈r/2⌉·⌈c/2⌉` | both sides odd: `1`; one odd side `o`, the other `e`: `(e/2+1)^((o+1)/2)`; `2 x 2n`: `(n+1)·2^n`; both even otherwise: the `kingblocks` engine within its sides, refused beyond |
//! | bishop, `n x n` | `2n-2` (`1` on `1x1`) | `2^n` (`1` on `1x1`) |
//! | knight, `m = 1` | `r·c` | `1` |
//! | knight, `m = 2` | `2⌈L₀/2⌉ + 2⌈L₁/2⌉` | `f(L₀)²·f(L₁)²` |
//! | knight, `m = 3, 4` | `⌈rc/2⌉` | a transfer over files (below) |
//! | knight, `m >= 5` | `⌈rc/2⌉` | `2` when `rc` is even, `1` when odd |
//!
//! Why each holds:
//! - **Rooks**: `m` rooks stand on `m` distinct ranks and files; along the long side
//!   they take `m` of `M` lines in order: `M!/(M-m)!`.
//! - **Queens**, `m >= 4`: a rank holds at most one; an `m x m` N-queens solution, which
//!   exists for every `m >= 4`, stands on any `m` consecutive lines. The number of
//!   N-queens solutions has no formula (OEIS A000170 lists it to `n = 27`): the engines
//!   count it, with the settings' budget (`max 64 --kind Q` ends on its budget).
//!   `m <= 3`: one queen per short line again; on `2 x M` two queens stand on the two
//!   ranks with files at least 2 apart: `M² - M - 2(M-1) = (M-1)(M-2)` ordered pairs. On
//!   `3 x M` the files `x, y, z` of the three ranks need `|x-y| >= 2`, `|y-z| >= 2`,
//!   `x != z` and `|x-z| != 2`; by inclusion and exclusion over those equalities each
//!   term counts a pattern of span at most 4, so the count is a cubic in `M` for
//!   `M >= 4`, `M³ - 9M² + 30M - 36 = (M-3)(M²-6M+12)` (fitted on 4..7 and checked by
//!   brute force to `M = 40` in the tests); on `3 x 3` three queens never stand and two
//!   do in 8 ways.
//! - **Kings**: each 2x2 block holds at most one king and the squares with both
//!   coordinates even hold that many. Both sides odd: cut the board into the blocks of
//!   the even squares (edge blocks clipped); counting blocks shows every clipped block
//!   holds its king on its even square, so 1 way. One side odd (`o = 2k+1` lines), the
//!   other even (`e = 2n`): strips of two lines of the even side each hold `k+1` kings,
//!   on every other square of the strip (two kings on neighbouring squares of a strip
//!   touch), so on the `k+1` even lines of the odd side; along each such line the
//!   strips read left, left, ..., right, right (a right king beside the next strip's
//!   left one touches), `n+1` ways per line, lines apart independent:
//!   `(n+1)^(k+1)`. On `2 x 2n` one block row of `n` blocks reads `L...LR...R` (`n+1`
//!   ways) and each king is on either rank: `(n+1)·2^n`. Both sides even and longer:
//!   no formula is known to us; the `kingblocks` engine counts block row by block row.
//! - **Bishops** on `n x n`, `n >= 2`: `2n - 2` in `2^n` ways (OEIS A002465's comments:
//!   V. Kotěšovec, *Non-attacking chess pieces*, 6th ed., 2013, pp. 242-252).
//! - **Knights**: on one line every square, in one way. On `2 x M` a knight's moves
//!   join `(0, j)` and `(1, j+2)`: the board falls into four paths, two of
//!   `L₀ = ⌈M/2⌉` squares and two of `L₁ = ⌊M/2⌋`; a path of `L` squares holds
//!   `⌈L/2⌉` in `f(L)` ways, `1` for odd `L` and `L/2+1` for even. On 3 and 4 ranks the
//!   number comes from a transfer over pairs of files (below). From `m >= 5`: a knight's
//!   move changes the square's colour, and such boards have a knight's path through
//!   every square (an open tour exists on every `r x c` board with `r, c >= 5`: Conrad,
//!   Hindrichs, Morsy and Wegener 1994), closed when `rc` is even (Schwenk 1991). A
//!   path on `2k+1` squares has exactly one independent set of `k+1` (every other
//!   square from an end) and a cycle on `2k` exactly two of `k`, the two colour
//!   classes; both are independent on the whole board.
//!
//! **The knights' transfer** (3 or 4 ranks, any length). A placement is read file by
//! file; a knight attacks only within two files, so the state is the last two files'
//! occupancy, and a file's occupancy may follow a state when it attacks neither file.
//! In the semiring of pairs (most knights, number of ways), where `⊕` keeps the larger
//! and adds the ways of equals and `⊗` adds knights and multiplies ways, the answer is
//! the start vector times the transfer matrix to the power `M - 2`, by squaring: about
//! 60 products of matrices of at most 256 states, exact at every length. Its most is
//! checked against `⌈rc/2⌉` (an internal error if they differ).

use num_bigint::BigUint;
use num_traits::{One, Pow};

use crate::board::Board;
use crate::error::Error;
use crate::piece::PieceKind;

/// The most digits a number of placements may have: past it, a closed form is refused
/// by size (a million digits take about a second to compute and write).
pub const MAX_DIGITS: u64 = 1_000_000;

/// The largest side on which the engines count `m` queens for `max` (the `nqueens`
/// engine's sides).
pub const QUEENS_MAX_SIDE: u32 = 64;

/// The closed form of `max` for one kind alone on the open board.
#[derive(Clone, Debug)]
pub struct ClosedForm {
    /// The most pieces.
    pub pieces: u64,
    /// The rule that gives it, e.g. `ceil(rows/2) * ceil(cols/2)`.
    pub rule: &'static str,
    /// How the number of placements with that many is had.
    pub ways: Ways,
}

/// How [`ClosedForm`] has the number of placements.
#[derive(Clone, Debug)]
pub enum Ways {
    /// By a formula, in exact big integers.
    Formula(Formula),
    /// By the engines' count of that many pieces (no formula is known; the settings'
    /// budget binds).
    Engines,
    /// Not at this size: why, as one sentence ([`Error::ResourceLimit`]).
    Refused(Error),
}

/// A number of placements by a formula: its text, and [`Formula::evaluate`].
#[derive(Clone, Debug)]
pub struct Formula {
    text: String,
    eval: Eval,
}

#[derive(Clone, Debug)]
enum Eval {
    /// `Π base^exp`.
    Product(Vec<(u64, u64)>),
    /// `n! / (n-k)!`.
    Falling(u64, u64),
    /// Knights on `ranks x len` (3 or 4 ranks) by the transfer, the most expected.
    KnightStrip { ranks: u32, len: u64, most: u64 },
}

impl Formula {
    fn new(text: String, eval: Eval) -> Formula {
        Formula { text, eval }
    }

    /// The formula, as text (`2^1000`, `100000!/0!`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The number of decimal digits of the value, estimated from logarithms (within
    /// one of the true count).
    pub fn digits(&self) -> u64 {
        let log = match &self.eval {
            Eval::Product(f) => {
                if f.iter().any(|&(b, e)| b == 0 && e > 0) {
                    return 1;
                }
                f.iter()
                    .map(|&(b, e)| e as f64 * (b as f64).log10())
                    .sum::<f64>()
            }
            Eval::Falling(n, k) => log10_factorial(*n) - log10_factorial(n - k),
            Eval::KnightStrip { .. } => 0.0,
        };
        log.max(0.0).floor() as u64 + 1
    }

    /// The value, exact.
    pub fn evaluate(&self) -> Result<BigUint, Error> {
        match &self.eval {
            Eval::Product(f) => Ok(f.iter().fold(BigUint::one(), |acc, &(b, e)| {
                acc * Pow::pow(BigUint::from(b), e)
            })),
            Eval::Falling(n, k) => Ok(product(n - k + 1, n + 1)),
            &Eval::KnightStrip { ranks, len, most } => {
                let (got, ways) = knight_strip(ranks, len)?;
                if got != most {
                    return Err(Error::internal(format!(
                        "the knights' transfer on {ranks}x{len} found {got} knights at most, not {most}"
                    )));
                }
                Ok(BigUint::from(ways))
            }
        }
    }
}

/// `lo · (lo+1) ··· (hi-1)` by halves, so that the big products are of equal sizes.
fn product(lo: u64, hi: u64) -> BigUint {
    if hi <= lo {
        return BigUint::one();
    }
    if hi - lo <= 32 {
        let mut p = BigUint::one();
        for i in lo..hi {
            p *= i;
        }
        return p;
    }
    let mid = lo + (hi - lo) / 2;
    product(lo, mid) * product(mid, hi)
}

/// `log10(n!)`: summed below 256, else Stirling's series (error far below 10^-6).
fn log10_factorial(n: u64) -> f64 {
    if n < 256 {
        return (2..=n).map(|i| (i as f64).log10()).sum();
    }
    let x = n as f64;
    let ln = x * x.ln() - x + 0.5 * (2.0 * std::f64::consts::PI * x).ln() + 1.0 / (12.0 * x)
        - 1.0 / (360.0 * x * x * x);
    ln / std::f64::consts::LN_10
}

/// The closed form for `kind` alone on the open `board` (the table in the [module
/// docs](self)); `None` for other kinds (and bishops on rectangles).
pub fn closed_form(board: &Board, kind: &PieceKind) -> Option<ClosedForm> {
    let (r, c) = (u64::from(board.rows()), u64::from(board.cols()));
    let (m, big) = (r.min(c), r.max(c));
    let area = r * c;
    let is = |k: PieceKind| k.moves() == kind.moves();
    let formula = |text: String, eval: Eval| Ways::Formula(Formula::new(text, eval));
    let product = |f: Vec<(u64, u64)>| {
        let text = f
            .iter()
            .filter(|&&(_, e)| e > 0)
            .map(|&(b, e)| {
                if e == 1 {
                    b.to_string()
                } else {
                    format!("{b}^{e}")
                }
            })
            .collect::<Vec<_>>()
            .join(" * ");
        formula(
            if text.is_empty() { "1".into() } else { text },
            Eval::Product(f),
        )
    };
    let found = if is(PieceKind::rook()) {
        let text = if big == m {
            format!("{big}!")
        } else {
            format!("{big}!/{}!", big - m)
        };
        let ways = formula(text, Eval::Falling(big, m));
        ClosedForm {
            pieces: m,
            rule: "min(rows, cols)",
            ways,
        }
    } else if is(PieceKind::queen()) {
        match m {
            1 => ClosedForm {
                pieces: 1,
                rule: "1 on one line",
                ways: product(vec![(area, 1)]),
            },
            2 if big == 2 => ClosedForm {
                pieces: 1,
                rule: "1 on 2x2",
                ways: product(vec![(4, 1)]),
            },
            2 => ClosedForm {
                pieces: 2,
                rule: "2 on two lines",
                ways: product(vec![(big - 1, 1), (big - 2, 1)]),
            },
            3 if big == 3 => ClosedForm {
                pieces: 2,
                rule: "2 on 3x3",
                ways: product(vec![(8, 1)]),
            },
            3 => ClosedForm {
                pieces: 3,
                rule: "3 on three lines",
                ways: product(vec![(big - 3, 1), (big * big + 12 - 6 * big, 1)]),
            },
            _ => ClosedForm {
                pieces: m,
                rule: "min(rows, cols)",
                ways: if big <= u64::from(QUEENS_MAX_SIDE) {
                    Ways::Engines
                } else {
                    Ways::Refused(Error::ResourceLimit {
                        what: "the number of placements".into(),
                        reason: format!(
                            "the most queens on {board} are {m}, but the number of ways to \
                             place them has no known formula and the engines count it only \
                             on boards with sides up to {QUEENS_MAX_SIDE}"
                        ),
                    })
                },
            },
        }
    } else if is(PieceKind::king()) {
        let pieces = r.div_ceil(2) * c.div_ceil(2);
        let ways = match (r % 2, c % 2) {
            (1, 1) => product(vec![(1, 1)]),
            (1, 0) => product(vec![(c / 2 + 1, r.div_ceil(2))]),
            (0, 1) => product(vec![(r / 2 + 1, c.div_ceil(2))]),
            _ if m == 2 => product(vec![(big / 2 + 1, 1), (2, big / 2)]),
            _ if m <= 2 * u64::from(crate::engine::dp::kingblocks::MAX_BLOCKS)
                && big <= 1 << 16 =>
            {
                Ways::Engines
            }
            _ => Ways::Refused(Error::ResourceLimit {
                what: "the number of placements".into(),
                reason: format!(
                    "the most kings on {board} are {pieces}, but the number of ways to place \
                     them on a board with both sides even has no known formula, and the \
                     kingblocks engine counts it only with the shorter side at most {} and \
                     the longer at most 65536",
                    2 * crate::engine::dp::kingblocks::MAX_BLOCKS
                ),
            }),
        };
        ClosedForm {
            pieces,
            rule: "ceil(rows/2) * ceil(cols/2)",
            ways,
        }
    } else if is(PieceKind::bishop()) && r == c {
        if r == 1 {
            ClosedForm {
                pieces: 1,
                rule: "1 on 1x1",
                ways: product(vec![(1, 1)]),
            }
        } else {
            ClosedForm {
                pieces: 2 * r - 2,
                rule: "2n - 2",
                ways: product(vec![(2, r)]),
            }
        }
    } else if is(PieceKind::knight()) {
        match m {
            1 => ClosedForm {
                pieces: area,
                rule: "every square of one line",
                ways: product(vec![(1, 1)]),
            },
            2 => {
                let (l0, l1) = (big.div_ceil(2), big / 2);
                let f = |l: u64| if l % 2 == 1 { 1 } else { l / 2 + 1 };
                ClosedForm {
                    pieces: 2 * l0.div_ceil(2) + 2 * l1.div_ceil(2),
                    rule: "2 ceil(L0/2) + 2 ceil(L1/2), L0 = ceil(n/2), L1 = floor(n/2)",
                    ways: product(vec![(f(l0), 2), (f(l1), 2)]),
                }
            }
            3 | 4 => {
                let most = area.div_ceil(2);
                ClosedForm {
                    pieces: most,
                    rule: "ceil(rows*cols/2)",
                    ways: formula(
                        format!("the transfer over the files of {m}x{big}"),
                        Eval::KnightStrip {
                            ranks: m as u32,
                            len: big,
                            most,
                        },
                    ),
                }
            }
            _ => ClosedForm {
                pieces: area.div_ceil(2),
                rule: "ceil(rows*cols/2)",
                ways: product(vec![(if area % 2 == 0 { 2 } else { 1 }, 1)]),
            },
        }
    } else {
        return None;
    };
    Some(refuse_huge(found, board, kind))
}

/// `found`, with a formula past [`MAX_DIGITS`] digits refused by size.
fn refuse_huge(mut found: ClosedForm, board: &Board, kind: &PieceKind) -> ClosedForm {
    if let Ways::Formula(f) = &found.ways {
        let digits = f.digits();
        if digits > MAX_DIGITS {
            found.ways = Ways::Refused(Error::ResourceLimit {
                what: "the number of placements".into(),
                reason: format!(
                    "the most pieces of kind {} on {board} are {}, but the number of ways to \
                     place them, {}, has about {digits} digits, more than the {MAX_DIGITS} \
                     this library writes out",
                    kind.letter(),
                    found.pieces,
                    f.text()
                ),
            });
        }
    }
    found
}

/// A (most knights, ways) pair of the transfer's semiring; `None` is its zero.
type Best = Option<(u64, u128)>;

fn plus(a: Best, b: Best) -> Result<Best, Error> {
    Ok(match (a, b) {
        (None, x) | (x, None) => x,
        (Some((wa, ca)), Some((wb, cb))) => Some(if wa > wb {
            (wa, ca)
        } else if wb > wa {
            (wb, cb)
        } else {
            (
                wa,
                ca.checked_add(cb)
                    .ok_or(Error::Overflow("knights' transfer"))?,
            )
        }),
    })
}

fn times(a: Best, b: Best) -> Result<Best, Error> {
    Ok(match (a, b) {
        (Some((wa, ca)), Some((wb, cb))) => Some((
            wa + wb,
            ca.checked_mul(cb)
                .ok_or(Error::Overflow("knights' transfer"))?,
        )),
        _ => None,
    })
}

/// Square matrices over [`Best`], row-major.
fn mat_mul(a: &[Best], b: &[Best], n: usize) -> Result<Vec<Best>, Error> {
    let mut out = vec![None; n * n];
    for i in 0..n {
        for k in 0..n {
            let x = a[i * n + k];
            if x.is_none() {
                continue;
            }
            for j in 0..n {
                let p = times(x, b[k * n + j])?;
                out[i * n + j] = plus(out[i * n + j], p)?;
            }
        }
    }
    Ok(out)
}

fn vec_mul(v: &[Best], a: &[Best], n: usize) -> Result<Vec<Best>, Error> {
    let mut out = vec![None; n];
    for k in 0..n {
        if v[k].is_none() {
            continue;
        }
        for j in 0..n {
            out[j] = plus(out[j], times(v[k], a[k * n + j])?)?;
        }
    }
    Ok(out)
}

/// The most knights on `ranks x len` (`ranks` 1 to 4, `len >= 2`) and the number of
/// ways, by the transfer of the [module docs](self).
fn knight_strip(ranks: u32, len: u64) -> Result<(u64, u128), Error> {
    let full = (1u32 << ranks) - 1;
    // Files one apart attack across two ranks, two apart across one.
    let near = |a: u32, b: u32| ((a << 2) | (a >> 2)) & b & full != 0;
    let far = |a: u32, c: u32| ((a << 1) | (a >> 1)) & c & full != 0;
    let states: Vec<(u32, u32)> = (0..=full)
        .flat_map(|a| (0..=full).map(move |b| (a, b)))
        .filter(|&(a, b)| !near(a, b))
        .collect();
    let n = states.len();
    let index = |a: u32, b: u32| states.iter().position(|&s| s == (a, b));
    let mut step = vec![None; n * n];
    for (i, &(a, b)) in states.iter().enumerate() {
        for c in 0..=full {
            if near(b, c) || far(a, c) {
                continue;
            }
            if let Some(j) = index(b, c) {
                step[i * n + j] = Some((u64::from(c.count_ones()), 1));
            }
        }
    }
    let mut v: Vec<Best> = states
        .iter()
        .map(|&(a, b)| Some((u64::from(a.count_ones() + b.count_ones()), 1)))
        .collect();
    let mut e = len - 2;
    while e > 0 {
        if e & 1 == 1 {
            v = vec_mul(&v, &step, n)?;
        }
        e >>= 1;
        if e > 0 {
            step = mat_mul(&step, &step, n)?;
        }
    }
    let mut best = None;
    for x in v {
        best = plus(best, x)?;
    }
    best.ok_or_else(|| Error::internal("the knights' transfer found no placement"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knights_transfer_matches_a_plain_count_on_small_strips() {
        // Every subset of a 3 x 6 or 4 x 5 board, judged pair by pair.
        for (ranks, len) in [(3u32, 6u64), (4, 5), (3, 3), (4, 4), (3, 2)] {
            let squares: Vec<(i64, i64)> = (0..len as i64)
                .flat_map(|f| (0..ranks as i64).map(move |r| (f, r)))
                .collect();
            let mut most = 0;
            let mut ways = 0u128;
            for set in 0u32..(1 << squares.len()) {
                let chosen: Vec<_> = (0..squares.len()).filter(|i| set >> i & 1 == 1).collect();
                let ok = chosen.iter().all(|&i| {
                    chosen.iter().all(|&j| {
                        let (df, dr) = (
                            (squares[i].0 - squares[j].0).abs(),
                            (squares[i].1 - squares[j].1).abs(),
                        );
                        !((df == 1 && dr == 2) || (df == 2 && dr == 1))
                    })
                });
                if ok {
                    let k = chosen.len() as u64;
                    if k > most {
                        (most, ways) = (k, 0);
                    }
                    if k == most {
                        ways += 1;
                    }
                }
            }
            assert_eq!(
                knight_strip(ranks, len).unwrap(),
                (most, ways),
                "{ranks}x{len}"
            );
        }
    }

    #[test]
    fn log10_factorial_is_close() {
        let exact: f64 = (2..=1000u64).map(|i| (i as f64).log10()).sum();
        assert!((log10_factorial(1000) - exact).abs() < 1e-6);
        // 100000! has 456574 digits.
        assert_eq!(log10_factorial(100_000).floor() as u64 + 1, 456_574);
    }
}
