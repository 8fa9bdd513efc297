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

/// Every solution, each as a sorted list of (letter, square).
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
        for mask in 0u32..1 << squares.len() {
            let set: Vec<Sq> = (0..squares.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| squares[i])
                .collect();
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
