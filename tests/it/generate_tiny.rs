//! The grades the smallest boards can have, by enumerating every puzzle: the generator
//! refuses a grade no puzzle of the side has (its candidate loop could never end), so
//! the claim it refuses on is checked here, puzzle by puzzle.

use queens::Settings;
use queens::puzzle::generate::{Request, generate};
use queens::puzzle::{Puzzle, rate::grade, rules::Level};
use std::collections::BTreeMap;

/// Every placement of one queen per rank and file on an `n x n` board with no two
/// touching (the puzzle's rules without regions), as the queen's file in each rank.
fn placements(n: usize) -> Vec<Vec<usize>> {
    fn go(n: usize, rank: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if rank.len() == n {
            out.push(rank.clone());
            return;
        }
        for c in 0..n {
            let touching = rank.last().is_some_and(|&p: &usize| p.abs_diff(c) <= 1);
            if !rank.contains(&c) && !touching {
                rank.push(c);
                go(n, rank, out);
                rank.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(n, &mut Vec::new(), &mut out);
    out
}

/// Whether region `g` of `of` (side 4) is connected, by a flood fill over a 16-bit
/// mask from the square `from`.
fn connected4(of: &[u8; 16], g: u8, from: usize) -> bool {
    let mask: u16 = (0..16).filter(|&i| of[i] == g).fold(0, |m, i| m | 1 << i);
    let mut fill: u16 = 1 << from;
    loop {
        let next =
            (fill | (fill << 1 & 0xEEEE) | (fill >> 1 & 0x7777) | fill << 4 | fill >> 4) & mask;
        if next == fill {
            return fill == mask;
        }
        fill = next;
    }
}

/// Every 4x4 puzzle with exactly one solution, up to the names of its regions, by
/// grade. Each such puzzle's regions hold one queen of its solution each, so naming
/// a region after its queen's rank, every puzzle is one way of giving the other 12
/// squares to the 4 regions of one placement, with each region connected and no
/// other placement taking one square of each region.
fn every_4x4_puzzle_by_grade() -> BTreeMap<Level, usize> {
    let all = placements(4);
    let mut by_grade = BTreeMap::new();
    for ours in &all {
        let stars: Vec<usize> = ours.iter().enumerate().map(|(r, &c)| r * 4 + c).collect();
        let rest: Vec<usize> = (0..16).filter(|i| !stars.contains(i)).collect();
        for code in 0u32..1 << (2 * rest.len()) {
            let mut of = [0u8; 16];
            for (g, &s) in stars.iter().enumerate() {
                of[s] = g as u8;
            }
            for (x, &q) in rest.iter().enumerate() {
                of[q] = (code >> (2 * x) & 3) as u8;
            }
            if !(0..4).all(|g| connected4(&of, g as u8, stars[g])) {
                continue;
            }
            let solutions = all
                .iter()
                .filter(|p| {
                    // Four queens in four regions: one each when all are different.
                    let regions = p
                        .iter()
                        .enumerate()
                        .fold(0u8, |m, (r, &c)| m | 1 << of[r * 4 + c]);
                    regions == 0b1111
                })
                .count();
            if solutions != 1 {
                continue;
            }
            let p = Puzzle::from_regions(4, 1, of.to_vec()).unwrap();
            *by_grade.entry(grade(&p)).or_insert(0) += 1;
        }
    }
    by_grade
}

#[test]
fn every_4x4_puzzle_is_easy_or_medium_and_the_generator_refuses_the_rest() {
    assert_eq!(placements(4).len(), 2, "the two placements of 4x4");
    let by_grade = every_4x4_puzzle_by_grade();
    // The figures the generator's refusal quotes (`generate::no_such_grade`).
    assert_eq!(
        by_grade.into_iter().collect::<Vec<_>>(),
        [(Level::Easy, 4544), (Level::Medium, 7216)]
    );
    for level in Level::ALL {
        let r = Request {
            difficulty: Some(level),
            ..Request::new(4)
        };
        let made = generate(&r, &Settings::default());
        if level <= Level::Medium {
            assert_eq!(made.unwrap().unwrap().grade, level);
        } else {
            let e = made.unwrap_err().to_string();
            assert!(
                e.contains("no 4x4 puzzle is") && e.contains("ask for easy or medium"),
                "{e}"
            );
        }
    }
}

#[test]
fn the_one_1x1_puzzle_is_easy_and_the_generator_refuses_the_rest() {
    let r = Request::new(1);
    let made = generate(&r, &Settings::default()).unwrap().unwrap();
    assert_eq!((made.grade, made.solution.clone()), (Level::Easy, vec![0]));
    for level in [Level::Medium, Level::Hard, Level::Expert] {
        let r = Request {
            difficulty: Some(level),
            ..Request::new(1)
        };
        let e = generate(&r, &Settings::default()).unwrap_err().to_string();
        assert!(e.contains("the one 1x1 puzzle is easy"), "{e}");
    }
}
