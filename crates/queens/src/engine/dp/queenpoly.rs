//! A few queens on `n × n` for any `n`, from published formulas.
//!
//! The number of ways to place `q` non-attacking queens on `n × n` is a quasi-polynomial
//! in `n` (Chaiken, Hanusa and Zaslavsky, "A q-Queens Problem", parts I–V), so its
//! generating function is rational. V. Kotěšovec published them; this module holds the
//! ones whose coefficients are copied here:
//!
//! | queens | OEIS | generating function |
//! |---|---|---|
//! | 4 | A061994 | `x^4 N(x) / ((1-x)^3 (1-x^2)^4 (1-x^3)^2)`, `N` of degree 12 |
//! | 5 | A108792 | `-x^5 N(x) / ((x-1)^11 (x+1)^6 (x^2+1)^2 (x^2+x+1)^4 (x^4+x^3+x^2+x+1)^2)`, `N` of degree 31 |
//! | 6 | A176186 | `-4 x^6 N(x) / ((x-1)^13 (x+1)^8 (x^2+x+1)^6 (x^2+1)^4 (x^4+x^3+x^2+x+1)^4 (x^2-x+1)^2 (x^6+…+1)^2 (x^4+1)^2)`, `N` of degree 74 |
//!
//! **Evaluation by the generating function** (4 and 5 queens). With the denominator
//! `D` of degree `d` and a numerator of lower degree, the terms satisfy
//! `Σ_i D_i a(n-i) = 0` for every `n ≥ d`, so the sequence is determined by `a(0..d)`
//! (power-series division of the generating function) and `a(n) = Σ_i c_i a(i)` where
//! `t^n ≡ Σ_i c_i t^i` modulo the characteristic polynomial `P(t) = Σ_i D_i t^(d-i)`
//! (`D_0 = ±1`, so the reduction stays in the integers). Square-and-multiply makes that
//! `O(d² log n)` big-integer operations: exact for any side, instantly. **Self-check**:
//! every run also computes the next 40 terms by the power series and by the reduction
//! and compares them (an `Internal` error if they differ).
//!
//! **Evaluation by the quasi-polynomial** (6 queens). A176186 also prints A. M.
//! Karavaev's quasi-polynomial (May 10 2010), a closed form that needs no reduction:
//! a polynomial of degree 12 with rational coefficients plus terms
//! `c · P(n) · ⌊(n + j)/p⌋` for periods `p` from 2 to 8 ([`KARAVAEV_6`], copied term
//! by term). It is evaluated exactly: every term is brought to the common denominator
//! `L` (the lcm of the printed denominators, 47,628,000) in big integers (`n^12` at
//! `n = 10^9` is 10^108, past `i128`), summed, and divided by `L`, which must leave no
//! remainder. It holds for every `n ≥ 0` (0 below 6). **Self-check**: every run also
//! evaluates it at `n = 0 ..= d + 40` and compares the values with the power series of
//! the published generating function above, an independent form of the same
//! sequence (an `Internal` error if they differ); the tests compare it with the
//! published terms, with the far terms of the page's recurrence block, with `fewlines`
//! and with the truth table, and the reduction of the generating function at far sides
//! up to 10^9 with it. Measured (release build): about 1 ms for any side with the
//! self-check, where the reduction of the degree-81 generating function took 7 ms at
//! `n = 60` and 43 ms at `n = 10^9`.
//!
//! The tests hold 4 queens also to Perepechko's closed form (A061994's comments) up to
//! n = 10007, and 4 and 5 queens to `fewlines` for every `n ≤ 40`.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};

use super::single_kind;
use crate::engine::{Control, Count, Declaration, Engine, Job, Run};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// One published generating function: `sign · x^shift · N(x) / Π f_i(x)^(e_i)`.
pub struct QueensGf {
    /// Queens placed.
    pub queens: u32,
    /// The OEIS entry the coefficients are copied from.
    pub oeis: &'static str,
    /// `+1` or `-1`.
    pub sign: i64,
    /// The power of `x` in front of the numerator.
    pub shift: usize,
    /// `N`'s coefficients, lowest power first.
    pub numerator: &'static [i64],
    /// The denominator's factors (coefficients lowest power first) and their powers.
    pub factors: &'static [(&'static [i64], u32)],
}

/// The generating functions this engine knows.
pub const TABLE: &[QueensGf] = &[
    QueensGf {
        queens: 4,
        oeis: "A061994",
        sign: 1,
        shift: 4,
        numerator: &[
            2, 76, 734, 3992, 13318, 29356, 46304, 53580, 46890, 29768, 13522, 3804, 574,
        ],
        factors: &[(&[1, -1], 3), (&[1, 0, -1], 4), (&[1, 0, 0, -1], 2)],
    },
    QueensGf {
        queens: 5,
        oeis: "A108792",
        sign: -1,
        shift: 5,
        numerator: &[
            10, 258, 4836, 50540, 341612, 1672768, 6376140, 19855936, 52176470, 118533110,
            236939238, 422347390, 677994354, 987611934, 1312598856, 1598078300, 1786911600,
            1837742548, 1738866194, 1512654886, 1207443842, 881664746, 586165718, 352607230,
            190236360, 90996604, 37968860, 13522008, 3972232, 916976, 150238, 14206,
        ],
        factors: &[
            (&[-1, 1], 11),
            (&[1, 1], 6),
            (&[1, 0, 1], 2),
            (&[1, 1, 1], 4),
            (&[1, 1, 1, 1, 1], 2),
        ],
    },
    // A176186 prints `-4*x^6*(1 + 213*x + ...)/(...)`: the numerator here is the
    // printed one times 4 (its terms are listed out of order there).
    QueensGf {
        queens: 6,
        oeis: "A176186",
        sign: -1,
        shift: 6,
        numerator: &[
            4,
            852,
            26920,
            437396,
            4593628,
            35259396,
            212769228,
            1058806780,
            4496785852,
            16715774548,
            55442559908,
            166552177968,
            458589644232,
            1168556095508,
            2777553763344,
            6198909453484,
            13061773595760,
            26106517872592,
            49691731173588,
            90383961366624,
            157562182007884,
            263923137786412,
            425731887249072,
            662634965286844,
            996858464008144,
            1451658411809252,
            2048985978043468,
            2806464465212928,
            3733938619336848,
            4830011727894168,
            6079107406049600,
            7449632166954128,
            8893761197395588,
            10349196441672636,
            11742988470366576,
            12997185582313096,
            14035757761425740,
            14791972760668692,
            15215266189381344,
            15276649037427288,
            14971880105152808,
            14321932435068096,
            13370690025342528,
            12180209064038988,
            10824236247427580,
            9380889971832504,
            7925487085546564,
            6524391771654944,
            5230544889724124,
            4081012409314956,
            3096572021550224,
            2283060484129572,
            1634009492503968,
            1133995858119920,
            762149763373948,
            495356027584760,
            310836852521756,
            187964013744160,
            109299180257216,
            60966987783972,
            32529858142028,
            16548500676252,
            7995947702060,
            3653197230820,
            1569892242796,
            630530695476,
            234881201380,
            80384512704,
            24974492492,
            6934940876,
            1685289576,
            347472824,
            57902832,
            7076424,
            501552,
        ],
        factors: &[
            (&[-1, 1], 13),
            (&[1, 1], 8),
            (&[1, 1, 1], 6),
            (&[1, 0, 1], 4),
            (&[1, 1, 1, 1, 1], 4),
            (&[1, -1, 1], 2),
            (&[1, 1, 1, 1, 1, 1, 1], 2),
            (&[1, 0, 0, 0, 1], 2),
        ],
    },
];

/// The generating function for `q` queens, if the table has it.
pub fn gf(q: u32) -> Option<&'static QueensGf> {
    TABLE.iter().find(|g| g.queens == q)
}

/// One periodic term `num/den · P(n) · ⌊(n + offset)/period⌋` of a quasi-polynomial.
pub struct FloorTerm {
    /// The rational factor `num/den` in front.
    pub scale: (i64, i64),
    /// `P`'s integer coefficients, highest power first (as printed).
    pub poly: &'static [i64],
    /// The divisor under the floor.
    pub period: u64,
    /// The numerator's offset under the floor: `⌊n/p + j/p⌋ = ⌊(n + j)/p⌋`.
    pub offset: u64,
}

/// A published quasi-polynomial: a polynomial with rational coefficients plus
/// [`FloorTerm`]s.
pub struct QueensQuasi {
    /// Queens placed.
    pub queens: u32,
    /// The OEIS entry the terms are copied from.
    pub oeis: &'static str,
    /// The polynomial part's coefficients `(num, den)`, highest power first down to the
    /// constant term.
    pub polynomial: &'static [(i64, i64)],
    /// The periodic terms, in the printed order.
    pub floors: &'static [FloorTerm],
}

/// A. M. Karavaev's quasi-polynomial for 6 queens (OEIS A176186, May 10 2010), term by
/// term as printed there.
pub const KARAVAEV_6: QueensQuasi = QueensQuasi {
    queens: 6,
    oeis: "A176186",
    polynomial: &[
        (1, 720),
        (-5, 72),
        (77, 48),
        (-73339, 3240),
        (312607, 1440),
        (-66917, 45),
        (2226017, 300),
        (-9149222687, 340200),
        (102550276811, 1488375),
        (-2786721974671, 23814000),
        (453909010753, 3969000),
        (-2166093922711, 47628000),
        (0, 1),
    ],
    floors: &[
        FloorTerm {
            scale: (1, 432),
            poly: &[
                72, -2916, 50580, -485172, 2750088, -8977638, 14596860, -7467833,
            ],
            period: 2,
            offset: 0,
        },
        FloorTerm {
            scale: (2, 243),
            poly: &[216, -6480, 81308, -525474, 1650126, -1364199],
            period: 3,
            offset: 0,
        },
        FloorTerm {
            scale: (1, 243),
            poly: &[216, -6750, 88940, -620184, 2250534, -3138465],
            period: 3,
            offset: 1,
        },
        FloorTerm {
            scale: (1, 4),
            poly: &[116, -2133, 12902, -13728],
            period: 4,
            offset: 0,
        },
        FloorTerm {
            scale: (1, 4),
            poly: &[100, -1984, 13696, -26993],
            period: 4,
            offset: 1,
        },
        FloorTerm {
            scale: (-1, 4),
            poly: &[16, -149, -794, 13265],
            period: 4,
            offset: 2,
        },
        FloorTerm {
            scale: (8, 125),
            poly: &[100, -1778, 16360, -19739],
            period: 5,
            offset: 0,
        },
        FloorTerm {
            scale: (4, 125),
            poly: &[150, -2842, 27521, -65479],
            period: 5,
            offset: 1,
        },
        FloorTerm {
            scale: (4, 125),
            poly: &[100, -1978, 19118, -54269],
            period: 5,
            offset: 2,
        },
        FloorTerm {
            scale: (4, 125),
            poly: &[50, -1014, 10311, -30319],
            period: 5,
            offset: 3,
        },
        FloorTerm {
            scale: (2, 27),
            poly: &[2118, -4499],
            period: 6,
            offset: 0,
        },
        FloorTerm {
            scale: (1, 9),
            poly: &[1934, -6633],
            period: 6,
            offset: 1,
        },
        FloorTerm {
            scale: (2, 27),
            poly: &[1566, -10901],
            period: 6,
            offset: 2,
        },
        FloorTerm {
            scale: (-4, 9),
            poly: &[92, 1067],
            period: 6,
            offset: 3,
        },
        FloorTerm {
            scale: (-1, 27),
            poly: &[2670, 1903],
            period: 6,
            offset: 4,
        },
        FloorTerm {
            scale: (48, 49),
            poly: &[95, -173],
            period: 7,
            offset: 0,
        },
        FloorTerm {
            scale: (4, 49),
            poly: &[920, -3597],
            period: 7,
            offset: 1,
        },
        FloorTerm {
            scale: (8, 49),
            poly: &[335, -1672],
            period: 7,
            offset: 2,
        },
        FloorTerm {
            scale: (4, 49),
            poly: &[600, -3409],
            period: 7,
            offset: 3,
        },
        FloorTerm {
            scale: (8, 49),
            poly: &[145, -926],
            period: 7,
            offset: 4,
        },
        FloorTerm {
            scale: (4, 49),
            poly: &[160, -989],
            period: 7,
            offset: 5,
        },
        FloorTerm {
            scale: (2, 1),
            poly: &[2, -5],
            period: 8,
            offset: 0,
        },
        FloorTerm {
            scale: (2, 1),
            poly: &[2, -9],
            period: 8,
            offset: 1,
        },
        FloorTerm {
            scale: (2, 1),
            poly: &[2, -11],
            period: 8,
            offset: 2,
        },
        FloorTerm {
            scale: (2, 1),
            poly: &[2, -11],
            period: 8,
            offset: 3,
        },
        FloorTerm {
            scale: (-12, 1),
            poly: &[1],
            period: 8,
            offset: 4,
        },
        FloorTerm {
            scale: (-4, 1),
            poly: &[1],
            period: 8,
            offset: 5,
        },
    ],
};

/// The quasi-polynomials this engine evaluates (each also has its generating function
/// in [`TABLE`], which checks it).
pub const QUASI: &[QueensQuasi] = &[KARAVAEV_6];

/// The quasi-polynomial for `q` queens, if there is one.
pub fn quasi(q: u32) -> Option<&'static QueensQuasi> {
    QUASI.iter().find(|g| g.queens == q)
}

/// `Σ c_i n^(d-i)` by Horner's rule, coefficients highest power first.
fn horner(coefficients: impl IntoIterator<Item = BigInt>, n: &BigInt) -> BigInt {
    coefficients
        .into_iter()
        .fold(BigInt::zero(), |acc, c| acc * n + c)
}

impl QueensQuasi {
    /// The common denominator of every printed coefficient.
    fn denominator(&self) -> BigInt {
        let lcm = self
            .polynomial
            .iter()
            .map(|&(_, d)| d)
            .chain(self.floors.iter().map(|f| f.scale.1))
            .fold(1i64, |l, d| num_integer::Integer::lcm(&l, &d));
        BigInt::from(lcm)
    }

    /// The value at `n` times the common denominator `l`, exactly.
    fn scaled(&self, n: u64, l: &BigInt) -> BigInt {
        let big_n = BigInt::from(n);
        let mut sum = horner(
            self.polynomial
                .iter()
                .map(|&(num, den)| BigInt::from(num) * (l / BigInt::from(den))),
            &big_n,
        );
        for f in self.floors {
            // `n + offset` cannot overflow: offsets are below the period, at most 8,
            // and sides are u32.
            let floor = BigInt::from((n + f.offset) / f.period);
            let p = horner(f.poly.iter().map(|&c| BigInt::from(c)), &big_n);
            sum += BigInt::from(f.scale.0) * (l / BigInt::from(f.scale.1)) * p * floor;
        }
        sum
    }

    /// The value at `n`, or an `Internal` error when it is not a non-negative integer
    /// (a mistyped coefficient).
    pub fn eval(&self, n: u64) -> Result<BigUint, Error> {
        let l = self.denominator();
        let scaled = self.scaled(n, &l);
        let (q, r) = num_integer::Integer::div_rem(&scaled, &l);
        if !r.is_zero() {
            return Err(Error::internal(format!(
                "the quasi-polynomial of {} is not an integer at n = {n}",
                self.oeis
            )));
        }
        q.to_biguint().ok_or_else(|| {
            Error::internal(format!(
                "the quasi-polynomial of {} is negative at n = {n}",
                self.oeis
            ))
        })
    }

    /// The number of ways to place the queens on `n × n`, checked: the quasi-polynomial
    /// must agree with the power series of the generating function of the same entry at
    /// `n = 0 ..= d + 40` (`d` its degree).
    pub fn count(&self, n: u64) -> Result<BigUint, Error> {
        let g = gf(self.queens).ok_or_else(|| {
            Error::internal(format!(
                "{} has a quasi-polynomial but no generating function to check it",
                self.oeis
            ))
        })?;
        let check = g.denominator().len() + 40;
        for (m, want) in g.series(check).iter().enumerate() {
            if BigInt::from(self.eval(m as u64)?) != *want {
                return Err(Error::internal(format!(
                    "queenpoly's self-check failed for {} at n = {m}: the quasi-polynomial \
                     and the generating function differ",
                    self.oeis
                )));
            }
        }
        self.eval(n)
    }
}

fn mul(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let mut out = vec![BigInt::zero(); a.len() + b.len() - 1];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            out[i + j] += x * y;
        }
    }
    out
}

impl QueensGf {
    /// The denominator, lowest power first.
    fn denominator(&self) -> Vec<BigInt> {
        let mut d = vec![BigInt::one()];
        for &(f, e) in self.factors {
            let f: Vec<BigInt> = f.iter().map(|&c| BigInt::from(c)).collect();
            for _ in 0..e {
                d = mul(&d, &f);
            }
        }
        d
    }

    /// The numerator with its sign and shift, lowest power first.
    fn full_numerator(&self) -> Vec<BigInt> {
        let mut n = vec![BigInt::zero(); self.shift];
        n.extend(self.numerator.iter().map(|&c| BigInt::from(c * self.sign)));
        n
    }

    /// The terms `a(0..len)` by power-series division.
    pub fn series(&self, len: usize) -> Vec<BigInt> {
        let d = self.denominator();
        let num = self.full_numerator();
        let d0 = d[0].clone();
        let mut a: Vec<BigInt> = Vec::with_capacity(len);
        for n in 0..len {
            let mut v = num.get(n).cloned().unwrap_or_default();
            for i in 1..d.len().min(n + 1) {
                v -= &d[i] * &a[n - i];
            }
            // D(0) is ±1 for these denominators.
            a.push(v / &d0);
        }
        a
    }

    /// `a(n)` by reduction of `t^n` modulo the characteristic polynomial.
    fn term(&self, n: u64, initial: &[BigInt], d: &[BigInt]) -> BigInt {
        let deg = d.len() - 1;
        if (n as usize) < deg && (n as usize) < initial.len() {
            return initial[n as usize].clone();
        }
        // P(t) = Σ D_i t^(deg-i): monic up to the sign D_0 = ±1.
        let lead = d[0].clone();
        let reduce = |mut p: Vec<BigInt>| -> Vec<BigInt> {
            while p.len() > deg {
                let top = p.pop().expect("longer than deg");
                if top.is_zero() {
                    continue;
                }
                let q = &top / &lead;
                let k = p.len() - deg;
                for i in 1..=deg {
                    // Coefficient of t^(deg - i) in P is D_i.
                    p[k + deg - i] -= &q * &d[i];
                }
            }
            p
        };
        let mut result = vec![BigInt::one()];
        let mut base = reduce(vec![BigInt::zero(), BigInt::one()]);
        let mut e = n;
        while e > 0 {
            if e & 1 == 1 {
                result = reduce(mul(&result, &base));
            }
            e >>= 1;
            if e > 0 {
                base = reduce(mul(&base, &base));
            }
        }
        result
            .iter()
            .zip(initial)
            .map(|(c, a)| c * a)
            .fold(BigInt::zero(), |s, x| s + x)
    }

    /// The number of ways to place the queens on `n × n`, checked: the reduction must
    /// reproduce 40 terms of the power series beyond the initial ones.
    pub fn count(&self, n: u64) -> Result<BigUint, Error> {
        let d = self.denominator();
        let deg = d.len() - 1;
        if !d[0].abs().is_one() || self.full_numerator().len() > deg {
            return Err(Error::internal(format!(
                "the generating function of {} is not in the form queenpoly evaluates",
                self.oeis
            )));
        }
        let check = 40;
        let series = self.series(deg + check);
        let initial = &series[..deg];
        for (m, want) in series.iter().enumerate().skip(deg) {
            if self.term(m as u64, initial, &d) != *want {
                return Err(Error::internal(format!(
                    "queenpoly's self-check failed for {} at n = {m}",
                    self.oeis
                )));
            }
        }
        self.term(n, initial, &d).to_biguint().ok_or_else(|| {
            Error::internal(format!(
                "queenpoly gave a negative count for {} at n = {n}",
                self.oeis
            ))
        })
    }
}

/// The queens-by-generating-function counter (see the [module docs](self)).
pub struct QueenPolyEngine;

impl Engine for QueenPolyEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::QueenPoly.as_str(),
            summary: "a few queens on n x n for any n, from the published generating functions and quasi-polynomials (OEIS)",
            jobs: &[Job::Count],
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, _job: Job) -> Result<Run<'p>, String> {
        let known: Vec<String> = TABLE
            .iter()
            .map(|g| format!("{} ({})", g.queens, g.oeis))
            .collect();
        let why = || {
            format!(
                "the queenpoly engine counts queens alone on a square board, nothing fixed, \
                 for the numbers of queens whose generating function it holds: {}",
                known.join(", ")
            )
        };
        let b = problem.board();
        match single_kind(problem) {
            Some((kind, k)) if kind.moves() == PieceKind::queen().moves() && b.is_square() => {
                match gf(k) {
                    Some(g) => Ok(Run::Count(Box::new(QueenPoly { k, gf: g }))),
                    None => Err(why()),
                }
            }
            _ => Err(why()),
        }
    }
}

/// A count the queenpoly engine accepted: `k` queens alone on a square board, with the
/// generating function it holds for `k`.
struct QueenPoly {
    k: u32,
    gf: &'static QueensGf,
}

impl Count for QueenPoly {
    fn count(&self, problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        let n = u64::from(problem.board().rows());
        match quasi(self.k) {
            Some(q) => q.count(n),
            None => self.gf.count(n),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A108792's data: a(5..=25), as published.
    const A108792: &[u64] = &[
        10,
        248,
        4618,
        46736,
        310496,
        1535440,
        6110256,
        20609544,
        60963094,
        162323448,
        396155466,
        899046952,
        1917743448,
        3879011584,
        7491080844,
        13892164232,
        24854703014,
        43071383040,
        72532831794,
        119038462248,
        190849299076,
    ];

    /// A061994's data: a(4..=25), as published.
    const A061994: &[u64] = &[
        2, 82, 982, 7002, 34568, 131248, 412596, 1123832, 2739386, 6106214, 12654614, 24675650,
        45704724, 80999104, 138170148, 227938788, 365106738, 569681574, 868289594, 1295775946,
        1897176508, 2729909796,
    ];

    /// S. Perepechko's closed form in A061994's comments (valid for every n >= 0),
    /// times 1080 so it stays in the integers: a second, independent published form.
    ///
    /// `n(n-1)(45n^6 - 855n^5 + 6945n^4 - 30891n^3 + 78864n^2 - 106226n + 53404)/1080`
    /// plus `(n^3 - 21/2 n^2 + 28n - 14)[n/2] + 32/9 (n-1)[n/3] + (16/9 n - 4)[(n+1)/3]`.
    fn perepechko_times_1080(n: i128) -> i128 {
        let p = 45 * n.pow(6) - 855 * n.pow(5) + 6945 * n.pow(4) - 30891 * n.pow(3)
            + 78864 * n.pow(2)
            - 106226 * n
            + 53404;
        n * (n - 1) * p
            + 540 * (2 * n.pow(3) - 21 * n.pow(2) + 56 * n - 28) * (n / 2)
            + 3840 * (n - 1) * (n / 3)
            + 120 * (16 * n - 36) * ((n + 1) / 3)
    }

    /// A176186's data: a(6..=27), as published.
    const A176186: &[u64] = &[
        4,
        832,
        22708,
        312956,
        2716096,
        17117832,
        84871680,
        349093856,
        1239869972,
        3905117168,
        11139611892,
        29224290600,
        71402912960,
        164029487484,
        357164398040,
        741835920276,
        1477798367368,
        2836053660668,
        5263672510684,
        9478352925488,
        16606678238496,
        28378012168908,
    ];

    /// A176186's far terms, from the recurrence block of the same page.
    const A176186_FAR: &[(u64, u128)] = &[
        (40, 6268789672000200),
        (50, 119874540287319196),
        (60, 1278382175175730400),
        (70, 9224280528369282176),
        (80, 50312888556807094572),
    ];

    #[test]
    fn six_queens_reproduce_the_published_terms() {
        let q = quasi(6).unwrap();
        for n in 0..6 {
            assert!(q.count(n).unwrap().is_zero(), "a({n})");
        }
        for (i, &v) in A176186.iter().enumerate() {
            assert_eq!(
                q.count(6 + i as u64).unwrap(),
                BigUint::from(v),
                "a({})",
                6 + i
            );
        }
        for &(n, v) in A176186_FAR {
            assert_eq!(q.count(n).unwrap(), BigUint::from(v), "a({n})");
        }
    }

    /// The quasi-polynomial against the generating function, two forms printed apart on
    /// the page: the power series for every side below 400, the reduction modulo the
    /// recurrence at far sides.
    #[test]
    fn six_queens_quasi_polynomial_matches_the_generating_function() {
        let (q, g) = (quasi(6).unwrap(), gf(6).unwrap());
        for (n, want) in g.series(400).iter().enumerate() {
            assert_eq!(BigInt::from(q.eval(n as u64).unwrap()), *want, "n = {n}");
        }
        for n in [1000u64, 65_537, 999_999_937, 1_000_000_000] {
            assert_eq!(q.eval(n).unwrap(), g.count(n).unwrap(), "n = {n}");
        }
    }

    /// A mistyped coefficient is caught by the self-check, not answered.
    #[test]
    fn a_mistyped_quasi_polynomial_fails_its_self_check() {
        let mut polynomial = KARAVAEV_6.polynomial.to_vec();
        polynomial[11].0 += 1; // -2166093922711/47628000 n, the last digit changed
        let bad = QueensQuasi {
            polynomial: Box::leak(polynomial.into_boxed_slice()),
            ..KARAVAEV_6
        };
        let e = bad.count(60).unwrap_err().to_string();
        assert!(e.contains("A176186"), "{e}");
    }

    #[test]
    fn four_queens_reproduce_the_published_terms_and_closed_form() {
        let g = gf(4).unwrap();
        for (i, &v) in A061994.iter().enumerate() {
            assert_eq!(
                g.count(4 + i as u64).unwrap(),
                BigUint::from(v),
                "a({})",
                4 + i
            );
        }
        for n in (0..400).chain([1000, 4096, 10_007]) {
            let closed = perepechko_times_1080(n);
            assert_eq!(closed % 1080, 0, "n = {n}");
            assert_eq!(
                g.count(n as u64).unwrap(),
                BigUint::from((closed / 1080) as u128),
                "n = {n}"
            );
        }
    }

    #[test]
    fn five_queens_reproduce_the_published_terms() {
        let g = gf(5).unwrap();
        let s = g.series(30);
        assert!(s[..5].iter().all(Zero::is_zero));
        for (i, &v) in A108792.iter().enumerate() {
            assert_eq!(s[5 + i], BigInt::from(v), "a({})", 5 + i);
            assert_eq!(
                g.count(5 + i as u64).unwrap(),
                BigUint::from(v),
                "a({})",
                5 + i
            );
        }
        assert!(g.count(0).unwrap().is_zero() && g.count(4).unwrap().is_zero());
    }
}
