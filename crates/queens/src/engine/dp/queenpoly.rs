//! A few queens on `n × n` for any `n`, from published generating functions.
//!
//! The number of ways to place `q` non-attacking queens on `n × n` is a quasi-polynomial
//! in `n` (Chaiken, Hanusa and Zaslavsky, "A q-Queens Problem", parts I–V), so its
//! generating function is rational. V. Kotěšovec published them; this module holds the
//! one whose coefficients are copied here:
//!
//! | queens | OEIS | generating function |
//! |---|---|---|
//! | 4 | A061994 | `x^4 N(x) / ((1-x)^3 (1-x^2)^4 (1-x^3)^2)`, `N` of degree 12 |
//! | 5 | A108792 | `-x^5 N(x) / ((x-1)^11 (x+1)^6 (x^2+1)^2 (x^2+x+1)^4 (x^4+x^3+x^2+x+1)^2)`, `N` of degree 31 |
//!
//! 6 queens (A176186) are not here: the entry gives A. M. Karavaev's quasi-polynomial
//! (periods up to at least 6) but the stored copy of the page breaks off inside it, and
//! a formula fitted to computed terms instead of copied from the published one would
//! be a guess. Add it to [`TABLE`] with its coefficients and the tests check it.
//!
//! **Evaluation.** With the denominator `D` of degree `d` and a numerator of lower
//! degree, the terms satisfy `Σ_i D_i a(n-i) = 0` for every `n ≥ d`, so the sequence is
//! determined by `a(0..d)` (power-series division of the generating function) and
//! `a(n) = Σ_i c_i a(i)` where `t^n ≡ Σ_i c_i t^i` modulo the characteristic polynomial
//! `P(t) = Σ_i D_i t^(d-i)` (`D_0 = ±1`, so the reduction stays in the integers).
//! Square-and-multiply makes that `O(d² log n)` big-integer operations: exact for any
//! side, instantly. **Self-check**: every run also computes the next 40 terms by the
//! power series and by the reduction and compares them (an `Internal` error if they
//! differ); the tests compare the terms with the published ones, with `fewlines` and
//! with the truth table.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Signed, Zero};

use super::single_kind;
use crate::engine::{Control, Engine, Job};
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
];

/// The generating function for `q` queens, if the table has it.
pub fn gf(q: u32) -> Option<&'static QueensGf> {
    TABLE.iter().find(|g| g.queens == q)
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
    fn name(&self) -> &'static str {
        "queenpoly"
    }

    fn summary(&self) -> &'static str {
        "a few queens on n x n for any n, from the published generating functions (OEIS)"
    }

    fn jobs(&self) -> &'static [Job] {
        &[Job::Count]
    }

    fn check(&self, problem: &Problem, job: Job) -> Result<(), String> {
        if job != Job::Count {
            return Err("the queenpoly engine only counts".into());
        }
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
            Some((kind, k))
                if kind.moves() == PieceKind::queen().moves()
                    && b.is_square()
                    && gf(k).is_some() =>
            {
                Ok(())
            }
            _ => Err(why()),
        }
    }

    fn count(&self, problem: &Problem, _ctl: &Control) -> Result<BigUint, Error> {
        self.check(problem, Job::Count)
            .map_err(crate::engine::refuses(self.name()))?;
        let (_, k) = single_kind(problem).expect("checked");
        gf(k)
            .expect("checked")
            .count(u64::from(problem.board().rows()))
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
