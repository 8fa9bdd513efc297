//! Region puzzles with one solution, for puzzle makers (`queens gen-regions`).
//!
//! The daily "Queens" puzzle (Star Battle with one star) is an `n x n` board cut into
//! `n` regions; the player puts one piece in every row, column and region, no two
//! touching: in our terms `n` pieces of a rook plus a ferz (`L=RF`), one per region.
//!
//! How a puzzle is made, for a seed:
//! 1. a random solution: `n` pieces of the kind, placed rank by rank on shuffled files
//!    (a backtracking search, so it always finds one when one exists);
//! 2. regions grown from the solution's squares, one region per piece, each step giving
//!    a random unassigned square to a random neighbouring region (so regions are
//!    connected and each holds exactly one piece of the solution);
//! 3. the puzzle's solutions counted by the exact engine; while there are more than
//!    one, a square of a second solution that is not in the first moves to a
//!    neighbouring region (keeping every region connected), and the count runs again;
//!    after too many moves the regions are grown anew.
//!
//! The command line sends the default piece (`L=RF`, the daily puzzle) to the much
//! faster [`crate::puzzle::generate`] instead; this one serves every other piece.
//!
//! The result is proved unique by counting. Puzzles are not graded: the generator
//! makes no attempt to need (or avoid) any particular deduction, so some are easy
//! (regions of one square force their piece) and some need search.

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{Rng, SeedableRng};

use crate::board::{Board, Square};
use crate::engine::{EngineChoice, Settings};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{PieceCount, Placement, Problem};
use crate::terrain::{Regions, Terrain};

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionPuzzle {
    /// The region picture (one line per rank, top rank first; regions named `a`, `b`
    /// ... `z`, `A` ... `Z`, `0` ... `9`), as `--regions` reads it.
    pub picture: String,
    /// The one solution.
    pub solution: Placement,
    /// Rounds of region growing and repair it took.
    pub rounds: u32,
}

/// Region names, in order.
const NAMES: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// The largest side: one name per region.
pub const MAX_SIDE: u32 = NAMES.len() as u32;

/// Moves of squares between regions before the regions are grown anew.
const REPAIRS: u32 = 60;

/// Rounds of growing regions before giving up (some pieces admit no unique puzzle at
/// all: two knights on 2x2 never attack, so every split has several solutions).
const ROUNDS: u32 = 200;

/// A puzzle on `n x n` for `n` pieces of `kind`, one per region, with exactly one
/// solution. `Ok(None)` when no placement of `n` such pieces exists at all.
///
/// ```
/// use queens::{PieceKind, Settings, regions::generate};
/// let l = queens::fairy::catalog_with(&["L=RF".to_string()]).unwrap().get('L').unwrap();
/// let p = generate(6, &l, 1, &Settings::default()).unwrap().unwrap();
/// assert_eq!(p.picture.lines().count(), 6);
/// assert_eq!(p.solution.len(), 6);
/// ```
pub fn generate(
    n: u32,
    kind: &PieceKind,
    seed: u64,
    settings: &Settings,
) -> Result<Option<RegionPuzzle>, Error> {
    if n == 0 || n > MAX_SIDE {
        return Err(Error::BadTerrain(format!(
            "bad size {n}: region puzzles are made for sides 1 to {MAX_SIDE} (one name per region)"
        )));
    }
    let board = Board::square(n)?;
    let terrain = Terrain::new(&board);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let Some(solution) = random_solution(&board, &terrain, kind, &mut rng) else {
        return Ok(None);
    };
    let cells = (n * n) as usize;
    let seeds: Vec<usize> = solution.iter().map(|&s| board.index(s)).collect();
    // One time budget for the whole generation: each search gets what is left of it,
    // and progress is told per round (the searches' own progress would restart).
    let began = crate::clock::Instant::now();
    let report = |round: u32| {
        if let Some(f) = settings.progress {
            f(crate::engine::Progress {
                done: u64::from(round),
                total: u64::from(ROUNDS),
            });
        }
    };
    for round in 1..=ROUNDS {
        report(round - 1);
        let mut of = grow(&board, &seeds, &mut rng);
        for _ in 0..REPAIRS {
            let problem = puzzle(&board, kind, &of)?;
            let mut found: Vec<Placement> = Vec::new();
            let search = Settings {
                time_budget: settings
                    .time_budget
                    .map(|b| b.saturating_sub(began.elapsed())),
                progress: None,
                ..*settings
            };
            crate::engine::enumerate(&problem, EngineChoice::Auto, &search, &mut |p| {
                found.push(p.clone());
                if found.len() >= 2 {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .map_err(|e| whole_budget(e, settings))?;
            if found.len() == 1 {
                return Ok(Some(RegionPuzzle {
                    picture: picture(&board, &of),
                    solution: found.remove(0),
                    rounds: round,
                }));
            }
            // Move a square of another solution, not of ours, to a neighbouring region.
            let other = found
                .iter()
                .find(|p| {
                    p.pieces()
                        .iter()
                        .any(|x| !seeds.contains(&board.index(x.square)))
                })
                .cloned();
            let Some(other) = other else { break };
            let movable: Vec<usize> = other
                .pieces()
                .iter()
                .map(|x| board.index(x.square))
                .filter(|i| !seeds.contains(i))
                .collect();
            if !repair(&board, &mut of, &movable, &seeds, &mut rng) {
                break;
            }
        }
        debug_assert_eq!(of.len(), cells);
    }
    Err(Error::GaveUp {
        engine: "gen-regions",
        reason: format!(
            "no region puzzle with one solution found in {ROUNDS} rounds of growing regions (the piece may allow none)"
        ),
    })
}

/// A budget error quoted with the whole generation's time budget, not the part of it
/// that was left to the search that ran out.
fn whole_budget(e: Error, settings: &Settings) -> Error {
    match (e, settings.time_budget) {
        (Error::Budget { .. }, Some(b)) => Error::Budget {
            budget: crate::engine::seconds(b),
        },
        (e, _) => e,
    }
}

/// A uniform pick below `n`.
fn below(rng: &mut Xoshiro256PlusPlus, n: usize) -> usize {
    (((rng.next_u64() >> 32) * n as u64) >> 32) as usize
}

/// `n` pieces of `kind`, one per rank, on shuffled files (backtracking).
fn random_solution(
    board: &Board,
    terrain: &Terrain,
    kind: &PieceKind,
    rng: &mut Xoshiro256PlusPlus,
) -> Option<Vec<Square>> {
    let n = board.rows();
    let orders: Vec<Vec<u32>> = (0..n)
        .map(|_| {
            let mut files: Vec<u32> = (0..board.cols()).collect();
            for i in (1..files.len()).rev() {
                files.swap(i, below(rng, i + 1));
            }
            files
        })
        .collect();
    fn go(
        rank: u32,
        board: &Board,
        terrain: &Terrain,
        kind: &PieceKind,
        orders: &[Vec<u32>],
        placed: &mut Vec<Square>,
    ) -> bool {
        if rank == board.rows() {
            return true;
        }
        for &f in &orders[rank as usize] {
            let sq = Square::new(f, rank);
            if placed
                .iter()
                .all(|&p| !terrain.conflict(board, kind, p, kind, sq))
            {
                placed.push(sq);
                if go(rank + 1, board, terrain, kind, orders, placed) {
                    return true;
                }
                placed.pop();
            }
        }
        false
    }
    let mut placed = Vec::new();
    go(0, board, terrain, kind, &orders, &mut placed).then_some(placed)
}

/// The four orthogonal neighbours of square `i`.
fn neighbours(board: &Board, i: usize) -> impl Iterator<Item = usize> + '_ {
    let sq = board.square_at(i);
    [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter_map(move |(df, dr)| board.offset(sq, df, dr))
        .map(|s| board.index(s))
}

/// Regions grown from `seeds` (region `r` from `seeds[r]`) until every square has one.
fn grow(board: &Board, seeds: &[usize], rng: &mut Xoshiro256PlusPlus) -> Vec<usize> {
    let cells = board.squares() as usize;
    let mut of = vec![usize::MAX; cells];
    for (r, &s) in seeds.iter().enumerate() {
        of[s] = r;
    }
    let mut left = cells - seeds.len();
    while left > 0 {
        let i = below(rng, cells);
        if of[i] != usize::MAX {
            continue;
        }
        let around: Vec<usize> = neighbours(board, i)
            .filter(|&j| of[j] != usize::MAX)
            .collect();
        if around.is_empty() {
            continue;
        }
        of[i] = of[around[below(rng, around.len())]];
        left -= 1;
    }
    of
}

/// Moves one of `movable` to a neighbouring region when its own region stays
/// connected; whether a move was made.
fn repair(
    board: &Board,
    of: &mut [usize],
    movable: &[usize],
    seeds: &[usize],
    rng: &mut Xoshiro256PlusPlus,
) -> bool {
    let start = below(rng, movable.len().max(1));
    for k in 0..movable.len() {
        let q = movable[(start + k) % movable.len()];
        let own = of[q];
        let targets: Vec<usize> = neighbours(board, q)
            .map(|j| of[j])
            .filter(|&r| r != own)
            .collect();
        if targets.is_empty() {
            continue;
        }
        let to = targets[below(rng, targets.len())];
        of[q] = to;
        if connected(board, of, own, seeds[own]) {
            return true;
        }
        of[q] = own;
    }
    false
}

/// Whether region `r` (holding square `from`) is connected.
fn connected(board: &Board, of: &[usize], r: usize, from: usize) -> bool {
    crate::terrain::connected(of, r, from, |i| neighbours(board, i))
}

/// The picture of regions `of`.
fn picture(board: &Board, of: &[usize]) -> String {
    let (rows, cols) = (board.rows() as usize, board.cols() as usize);
    let mut s = String::with_capacity(rows * (cols + 1));
    for rank in (0..rows).rev() {
        for file in 0..cols {
            s.push(NAMES[of[rank * cols + file]] as char);
        }
        s.push('\n');
    }
    s
}

/// The puzzle of regions `of` for `n` pieces of `kind`.
fn puzzle(board: &Board, kind: &PieceKind, of: &[usize]) -> Result<Problem, Error> {
    let n = board.rows();
    let (regions, holes) = Regions::parse(&picture(board, of), board, 1)?;
    let terrain = Terrain::new(board).with_regions(regions, holes)?;
    Problem::new(
        *board,
        vec![PieceCount {
            kind: kind.clone(),
            count: n,
        }],
        Placement::default(),
    )?
    .with_terrain(terrain)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rook_ferz() -> PieceKind {
        crate::fairy::catalog_with(&["L=RF".to_string()])
            .unwrap()
            .get('L')
            .unwrap()
    }

    #[test]
    fn puzzles_have_exactly_one_solution_and_every_region_one_piece() {
        let l = rook_ferz();
        for n in [1u32, 4, 5, 7, 8] {
            for seed in 0..3 {
                let p = generate(n, &l, seed, &Settings::default())
                    .unwrap()
                    .unwrap();
                let board = Board::square(n).unwrap();
                let problem = puzzle(
                    &board,
                    &l,
                    &p.picture
                        .lines()
                        .rev()
                        .flat_map(|line| {
                            line.bytes()
                                .map(|b| NAMES.iter().position(|&x| x == b).unwrap())
                        })
                        .collect::<Vec<_>>(),
                )
                .unwrap();
                let count =
                    crate::engine::count(&problem, EngineChoice::Auto, &Settings::default())
                        .unwrap();
                assert_eq!(count, 1u32.into(), "n={n} seed={seed}\n{}", p.picture);
                assert!(problem.accepts(&p.solution));
            }
        }
        // Rook + ferz on 2x2 and 3x3: no placement at all.
        assert_eq!(generate(3, &l, 0, &Settings::default()).unwrap(), None);
        assert!(generate(0, &l, 0, &Settings::default()).is_err());
    }
}
