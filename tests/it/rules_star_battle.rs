//! The rule catalogue's Star Battle techniques (`line-pairs`, `region-blocks`,
//! `2x2-blocks`, `under-counting`, `over-counting`) and the steps' sentences: each
//! technique sound on random positions (against every solution of the position) and
//! needed by a generated puzzle; `would-empty` crossing a unit's squares at once; the
//! trial naming its queen, forced moves and unit; "queen" for one star, "star" for more.

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::common;

use queens::Settings;
use queens::puzzle::explain::{End, explain, explain_with};
use queens::puzzle::generate::{Request, generate};
use queens::puzzle::rate::rate;
use queens::puzzle::rules::{CATALOGUE, Deducer, Level, Puzzles, Step};
use queens::puzzle::{Mark, Puzzle, State};

/// Whether `step` holds in solution `sol`: no star placed off it, no cross on it.
fn holds_in(p: &Puzzle, sol: &[usize], step: &Step) -> bool {
    step.place
        .iter()
        .all(|sq| sol.contains(&p.index(*sq).unwrap()))
        && step
            .cross
            .iter()
            .all(|sq| !sol.contains(&p.index(*sq).unwrap()))
}

/// The Star Battle rules of the catalogue.
fn star_battle_rules() -> Vec<&'static str> {
    CATALOGUE
        .iter()
        .filter(|r| r.puzzles == Puzzles::StarBattle)
        .map(|r| r.name)
        .collect()
}

/// Two-star puzzles: generated ones (one solution) and random splits of the board into
/// connected regions (any number of solutions), sides 8 to 10.
fn two_star_puzzles(count: u64, next: &mut impl FnMut() -> u64) -> Vec<Puzzle> {
    let mut out = Vec::new();
    for round in 0..count {
        let n = 8 + (round % 3) as usize;
        if round % 2 == 0 {
            let req = Request {
                stars: 2,
                seed: 1000 + round,
                ..Request::new(n)
            };
            if let Ok(Some(m)) = generate(&req, &Settings::default()) {
                out.push(m.puzzle);
            }
            continue;
        }
        let of = common::random_regions(n, next);
        if let Ok(p) = Puzzle::from_regions(n, 2, of) {
            out.push(p);
        }
    }
    out
}

#[test]
fn star_battle_rules_are_sound_on_random_positions() {
    let mut next = common::random_words(0x05ee_d0f5_7a25);
    let mut fired: BTreeSet<&str> = BTreeSet::new();
    let mut checked = 0;
    for p in two_star_puzzles(150, &mut next) {
        let n = p.side();
        let all = p
            .solutions(&State::new(&p), 2000, 2000, &Settings::default())
            .unwrap();
        if all.count == 0 || all.count >= 2000 {
            continue;
        }
        let d = Deducer::new(&p);
        for _ in 0..12 {
            // A position from one solution: some of its stars, some crosses off it.
            let z = &all.solutions[(next() % all.solutions.len() as u64) as usize];
            let mut s = State::new(&p);
            let (star_odds, cross_odds) = (next() % 4, 2 + next() % 4);
            for i in 0..n * n {
                let r = next() % 10;
                if z.contains(&i) && r < star_odds {
                    s.marks[i] = Mark::Star;
                } else if !z.contains(&i) && r < cross_odds {
                    s.marks[i] = Mark::Cross;
                }
            }
            let of_s: Vec<&Vec<usize>> = all
                .solutions
                .iter()
                .filter(|sol| {
                    (0..n * n).all(|i| match s.marks[i] {
                        Mark::Star => sol.contains(&i),
                        Mark::Cross => !sol.contains(&i),
                        Mark::Free => true,
                    })
                })
                .collect();
            assert!(!of_s.is_empty());
            // Follow the chain at the hard level (every Star Battle rule, no trial):
            // later steps see positions the rules made.
            let mut t = s.clone();
            for _ in 0..40 {
                let Some(step) = d.next_step(&t, Level::Hard) else {
                    break;
                };
                fired.insert(step.rule);
                checked += 1;
                for sol in &of_s {
                    assert!(
                        holds_in(&p, sol, &step),
                        "{step}\nin a solution of\n{}\nfrom {:?}",
                        p.picture(),
                        t.marks
                    );
                }
                step.apply(&p, &mut t);
            }
        }
    }
    for rule in star_battle_rules() {
        assert!(fired.contains(rule), "rule {rule} never fired: {fired:?}");
    }
    assert!(checked > 1000, "{checked} steps checked");
}

/// `queens puzzle gen 10 --stars 2 --seed 7`, as the generator of this branch made it
/// (stored, so that a later generator does not change the test): hard.
const SEED_7: &str = "\
eggggggbbb
eggggdgbbc
eggggdddbc
eggggddddc
eghhiiiiic
aahhiiiiic
jahhjiiccc
jajjjjffcc
jjjjjjfffc
jjjjjfffcc
";

/// `queens puzzle gen 10 --stars 2 --seed 8`, likewise: medium.
const SEED_8: &str = "\
iddddffjjh
iidddffjjh
iidddfgjjh
iiddgggjjh
iiiiggggjh
ccjjjjjjjh
cbbbbeeejh
cbbbbeeejj
bbbbbaeeej
bbbbbaaaaj
";

/// Whether the chain of `p` at `level` without the rules `off` still finishes.
fn finishes_without(p: &Puzzle, off: &[&str], level: Level) -> bool {
    let mut d = Deducer::new(p);
    for rule in off {
        d = d.without(rule).unwrap();
    }
    explain_with(&d, p, &State::new(p), level).end == End::Solved
}

#[test]
fn each_star_battle_rule_is_needed_by_a_generated_puzzle() {
    // (puzzle, its grade, the rules switched off together, the level they belong to).
    // Under- and over-counting are one technique seen from two sides: regions S
    // inside lines T with need(S) = need(T) is, for the other regions and the other
    // lines, lines inside regions with equal needs, crossing the same squares; with
    // every set of lines tried, either alone does what both do, so they are needed
    // together.
    let cases: [(&str, Level, &[&str]); 5] = [
        (SEED_8, Level::Medium, &["line-pairs"]),
        (SEED_8, Level::Medium, &["region-blocks"]),
        (SEED_7, Level::Hard, &["region-blocks"]),
        (SEED_7, Level::Hard, &["2x2-blocks"]),
        (SEED_7, Level::Hard, &["under-counting", "over-counting"]),
    ];
    for (text, grade, off) in cases {
        let p = Puzzle::parse(text, 2).unwrap();
        let found = p
            .solutions(&State::new(&p), 2, 0, &Settings::default())
            .unwrap();
        assert_eq!(found.count, 1, "{off:?}");
        let r = rate(&p);
        assert_eq!(r.grade, grade, "{off:?}");
        let e = explain(&p, &State::new(&p), Level::Expert);
        assert_eq!(e.end, End::Solved);
        assert!(
            e.steps.iter().any(|s| off.contains(&s.rule)),
            "{off:?} not in the explanation"
        );
        // Without the rule the chain stops at the puzzle's grade: it needs a harder
        // level (or more than trial) instead.
        assert!(finishes_without(&p, &[], grade));
        assert!(!finishes_without(&p, off, grade), "{off:?} is not needed");
    }
    // Either counting rule alone stands in for the other.
    let p = Puzzle::parse(SEED_7, 2).unwrap();
    assert!(finishes_without(&p, &["under-counting"], Level::Hard));
    assert!(finishes_without(&p, &["over-counting"], Level::Hard));
}

#[test]
fn star_battle_rules_stay_out_of_queens_puzzles() {
    let p = Puzzle::parse(
        &std::fs::read_to_string(corpus_file("k1-n09-hard.txt")).unwrap(),
        1,
    )
    .unwrap();
    let e = explain(&p, &State::new(&p), Level::Expert);
    let sb = star_battle_rules();
    assert!(e.steps.iter().all(|s| !sb.contains(&s.rule)));
    assert!(e.steps.iter().any(|s| s.rule == "regions-in-lines"));
    assert!(Deducer::new(&p).without("no-such-rule").is_none());
}

fn corpus_file(name: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/puzzles")).join(name)
}

/// Every puzzle of the corpus with its stars per unit, by file name.
fn corpus() -> Vec<(String, Puzzle)> {
    crate::rendered::corpus_files()
        .into_iter()
        .map(|(f, _, p)| (f.file_name().unwrap().to_str().unwrap().to_string(), p))
        .collect()
}

/// Whether `text` has `word` as a whole word (letters on neither side).
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphabetic)
            && !after.is_some_and(|c| c.is_alphabetic() && c != 's')
    })
}

#[test]
fn steps_read_once_name_their_squares_units_and_pieces() {
    let mut trials = 0;
    for (name, p) in corpus() {
        if p.side() > 12 {
            continue;
        }
        let e = explain(&p, &State::new(&p), Level::Expert);
        let (mine, other) = if p.stars() == 1 {
            ("queen", "star")
        } else {
            ("star", "queen")
        };
        for (k, step) in e.steps.iter().enumerate() {
            let text = step.to_string();
            // The piece's name: a queen in Queens, a star in Star Battle.
            assert!(!has_word(&text, other), "{name}: {text}");
            // Every step names a unit or a piece's square, and the squares it marks
            // stand in its head line.
            assert!(
                ["row", "column", "region", &format!("{mine} on ")]
                    .iter()
                    .any(|w| step.why.contains(w)),
                "{name}: {text}"
            );
            for sq in step.place.iter().chain(&step.cross) {
                assert!(text.lines().next().unwrap().contains(&sq.to_string()));
            }
            if step.rule == "trial" {
                trials += 1;
                // Which piece, which forced moves, which unit left without room.
                assert!(
                    step.why
                        .starts_with(&format!("a {mine} on {}", step.cross[0])),
                    "{text}"
                );
                assert!(
                    ["row ", "column ", "region "]
                        .iter()
                        .any(|w| step.why.contains(w)),
                    "{text}"
                );
                assert!(!step.why.contains("some row, column or region"), "{text}");
                assert!(
                    step.why
                        .ends_with(&format!("so {} is crossed", step.cross[0])),
                    "{text}"
                );
            }
            // One would-empty step takes every square that empties its unit: the next
            // step is never a would-empty about the same unit and the same squares.
            if step.rule == "would-empty"
                && let Some(after) = e.steps.get(k + 1)
            {
                let about = |s: &Step| s.why.split(';').next().unwrap().to_string();
                assert!(
                    after.rule != "would-empty" || about(after) != about(step),
                    "{name}: {text}\n{after}"
                );
            }
        }
    }
    assert!(trials >= 3, "{trials} trial steps seen");
}

#[test]
fn the_trial_names_its_forced_moves() {
    let p = Puzzle::parse(
        &std::fs::read_to_string(corpus_file("k1-n09-expert.txt")).unwrap(),
        1,
    )
    .unwrap();
    let e = explain(&p, &State::new(&p), Level::Expert);
    let trial = e.steps.iter().find(|s| s.rule == "trial").unwrap();
    assert_eq!(
        trial.why,
        "a queen on a5 forces a queen on b7 (column b's last free square), then one on i6 \
         (row 6's last free square); that leaves row 4 with no free square for its queen, \
         so a5 is crossed"
    );
}
