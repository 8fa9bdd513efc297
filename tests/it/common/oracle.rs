//! An independent brute-force oracle: deliberately simple and slow.
//!
//! It shares no code with the library's engines: geometry is written out per kind here,
//! pieces are placed one by one on every square, and every pair is checked both ways.
//! Fairy kinds come in as a closure `attacks(kind, from, to)`.

#![allow(dead_code)]

/// A square as (file, rank), 0-based.
pub type Sq = (i64, i64);

/// Whether a standard piece (K N B R Q A) on `a` attacks `b`, blocking ignored.
pub fn chess_attacks(letter: char, a: Sq, b: Sq) -> bool {
    let (dx, dy) = ((b.0 - a.0).abs(), (b.1 - a.1).abs());
    if (dx, dy) == (0, 0) {
        return false;
    }
    let king = dx <= 1 && dy <= 1;
    let knight = (dx == 1 && dy == 2) || (dx == 2 && dy == 1);
    let bishop = dx == dy;
    let rook = dx == 0 || dy == 0;
    match letter {
        'K' => king,
        'N' => knight,
        'B' => bishop,
        'R' => rook,
        'Q' => bishop || rook,
        'A' => bishop || rook || knight,
        _ => panic!("oracle: unknown kind {letter}"),
    }
}

/// A small problem for the oracle: kinds are indices into `letters`.
#[derive(Clone, Debug)]
pub struct Small {
    pub rows: i64,
    pub cols: i64,
    /// (kind letter, count), fixed pieces included.
    pub pieces: Vec<(char, u32)>,
    /// Fixed pieces (kind letter, square).
    pub fixed: Vec<(char, Sq)>,
}

fn conflict(attacks: &dyn Fn(char, Sq, Sq) -> bool, a: (char, Sq), b: (char, Sq)) -> bool {
    a.1 == b.1 || attacks(a.0, a.1, b.1) || attacks(b.0, b.1, a.1)
}

/// Every solution, each as a sorted list of (letter, square), in sorted order.
pub fn solutions(p: &Small, attacks: &dyn Fn(char, Sq, Sq) -> bool) -> Vec<Vec<(char, Sq)>> {
    let mut placed: Vec<(char, Sq)> = p.fixed.clone();
    for i in 0..placed.len() {
        for j in 0..i {
            if conflict(attacks, placed[i], placed[j]) {
                return vec![];
            }
        }
    }
    let mut todo: Vec<char> = Vec::new();
    for &(k, n) in &p.pieces {
        let fixed = p.fixed.iter().filter(|f| f.0 == k).count() as u32;
        for _ in fixed..n {
            todo.push(k);
        }
    }
    let squares: Vec<Sq> = (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |f| (f, r)))
        .collect();
    let mut out = Vec::new();
    fn go(
        i: usize,
        min: usize,
        todo: &[char],
        squares: &[Sq],
        placed: &mut Vec<(char, Sq)>,
        attacks: &dyn Fn(char, Sq, Sq) -> bool,
        out: &mut Vec<Vec<(char, Sq)>>,
    ) {
        if i == todo.len() {
            let mut s = placed.clone();
            s.sort();
            out.push(s);
            return;
        }
        // Pieces of one kind are interchangeable: take their squares in increasing order.
        let start = if i > 0 && todo[i - 1] == todo[i] {
            min
        } else {
            0
        };
        for (si, &sq) in squares.iter().enumerate().skip(start) {
            let cand = (todo[i], sq);
            if placed.iter().all(|&q| !conflict(attacks, cand, q)) {
                placed.push(cand);
                go(i + 1, si + 1, todo, squares, placed, attacks, out);
                placed.pop();
            }
        }
    }
    go(0, 0, &todo, &squares, &mut placed, attacks, &mut out);
    out.sort();
    out
}

/// The number of solutions.
pub fn count(p: &Small, attacks: &dyn Fn(char, Sq, Sq) -> bool) -> u64 {
    solutions(p, attacks).len() as u64
}

/// The fewest pieces of kind `kind` beside the given pieces (each placement of `given`
/// in turn, `forced` squares of `kind` included in the covering), and the number of
/// placements with that many, by trying every set of squares; `None` when none covers.
/// `independent`: no two pieces of the covering, nor a covering piece and a given one,
/// attack each other; `total`: every square must be attacked, occupied or not.
pub fn cover(
    p: &Small,
    kind: char,
    forced: &[Sq],
    independent: bool,
    total: bool,
    attacks: &dyn Fn(char, Sq, Sq) -> bool,
) -> Option<(u32, u64)> {
    let squares: Vec<Sq> = (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |f| (f, r)))
        .collect();
    assert!(
        squares.len() <= 20,
        "the cover oracle tries every set of squares"
    );
    let mut best: Option<(u32, u64)> = None;
    for given in solutions(p, attacks) {
        for set in subsets(&squares) {
            let size = set.len() as u32;
            if best.is_some_and(|(b, _)| size > b)
                || forced.iter().any(|f| !set.contains(f))
                || set.iter().any(|s| given.iter().any(|g| g.1 == *s))
            {
                continue;
            }
            if independent {
                let mut clash = false;
                for (i, &a) in set.iter().enumerate() {
                    clash |= set[..i]
                        .iter()
                        .any(|&b| conflict(attacks, (kind, a), (kind, b)));
                    clash |= given.iter().any(|&g| conflict(attacks, (kind, a), g));
                }
                if clash {
                    continue;
                }
            }
            let all: Vec<(char, Sq)> = set
                .iter()
                .map(|&s| (kind, s))
                .chain(given.iter().cloned())
                .collect();
            let covered = squares.iter().all(|&s| {
                all.iter()
                    .any(|&(k, from)| (!total && from == s) || attacks(k, from, s))
            });
            if covered {
                best = match best {
                    Some((b, n)) if b == size => Some((b, n + 1)),
                    _ => Some((size, 1)),
                };
            }
        }
    }
    best
}

/// Every subset of `squares` (at most 20 of them), in the order of the bitmasks.
pub fn subsets(squares: &[Sq]) -> impl Iterator<Item = Vec<Sq>> + '_ {
    assert!(squares.len() <= 20, "the oracle tries every set of squares");
    (0u32..1 << squares.len()).map(|mask| {
        (0..squares.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| squares[i])
            .collect()
    })
}

/// The steps of a standard kind: (file step, rank step, most steps; 0 = unlimited).
pub fn steps(letter: char) -> Vec<(i64, i64, i64)> {
    let king: Vec<(i64, i64, i64)> = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ]
    .iter()
    .map(|&(a, b)| (a, b, 1))
    .collect();
    let knight: Vec<(i64, i64, i64)> = [
        (1, 2),
        (2, 1),
        (-1, 2),
        (-2, 1),
        (1, -2),
        (2, -1),
        (-1, -2),
        (-2, -1),
    ]
    .iter()
    .map(|&(a, b)| (a, b, 1))
    .collect();
    let rook: Vec<(i64, i64, i64)> = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        .iter()
        .map(|&(a, b)| (a, b, 0))
        .collect();
    let bishop: Vec<(i64, i64, i64)> = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
        .iter()
        .map(|&(a, b)| (a, b, 0))
        .collect();
    match letter {
        'K' => king,
        'N' => knight,
        'R' => rook,
        'B' => bishop,
        'Q' => [rook, bishop].concat(),
        'A' => [rook, bishop, knight].concat(),
        _ => panic!("oracle: unknown kind {letter}"),
    }
}

/// Whether `letter` on `a` attacks `b` on a `rows x cols` board with `blockers`, on the
/// torus or not: walk each step from `a`, wrapping on the torus (until back on `a`),
/// stopping at the edge, at a blocker, or after the step's range. Holes change nothing.
pub fn terrain_attacks(
    rows: i64,
    cols: i64,
    blockers: &[Sq],
    torus: bool,
    letter: char,
    a: Sq,
    b: Sq,
) -> bool {
    for (df, dr, range) in steps(letter) {
        let (mut f, mut r) = a;
        let mut k = 0;
        loop {
            k += 1;
            f += df;
            r += dr;
            if torus {
                f = f.rem_euclid(cols);
                r = r.rem_euclid(rows);
            } else if f < 0 || r < 0 || f >= cols || r >= rows {
                break;
            }
            if (f, r) == a || blockers.contains(&(f, r)) {
                break;
            }
            if (f, r) == b {
                return true;
            }
            if range != 0 && k >= range {
                break;
            }
        }
    }
    false
}
