//! Puzzle mode: a region puzzle (LinkedIn's "Queens", Star Battle) and the player's
//! position (stars and crosses) read into `queens::puzzle` values, and the page's
//! questions answered by that module: the regions to draw, uniqueness, the solution,
//! the next step with its sentence (hint, explain step by step), a check of the
//! position, the crosses a star implies, and new puzzles of a size, number of stars and
//! difficulty. Step texts are worded as `queens puzzle hint` words them.

use queens::Board;
use queens::puzzle::generate::{Request, generate as make, parse_difficulty, parse_style};
use queens::puzzle::hint::{Hint, mistake};
use queens::puzzle::rules::piece_word;
use queens::puzzle::{Mark, Puzzle, State};
use queens::render::puzzle as render;
use queens::terrain::Terrain;
use queens::{Settings, Square};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::text;

/// A puzzle and a position, as the page sends them.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PuzzleRequest {
    /// The puzzle in its text format: one line per rank, top rank first, one region
    /// name per square.
    pub text: String,
    /// Stars per row, column and region.
    pub stars: u32,
    /// Squares holding a star (`a1 c2`).
    pub placed: String,
    /// Squares crossed out.
    pub crossed: String,
}

impl Default for PuzzleRequest {
    fn default() -> PuzzleRequest {
        PuzzleRequest {
            text: String::new(),
            stars: 1,
            placed: String::new(),
            crossed: String::new(),
        }
    }
}

impl PuzzleRequest {
    /// The puzzle alone.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        Puzzle::parse(&self.text, self.stars).map_err(text)
    }

    /// The puzzle and the position.
    pub fn read(&self) -> Result<(Puzzle, State), String> {
        let p = self.puzzle()?;
        let board = Board::square(p.side() as u32).map_err(text)?;
        let placed = Terrain::parse_squares(&self.placed, &board, "placed").map_err(text)?;
        let crossed = Terrain::parse_squares(&self.crossed, &board, "crossed").map_err(text)?;
        let s = State::with(&p, &placed, &crossed).map_err(text)?;
        Ok((p, s))
    }
}

/// Square indices as algebraic names, by file then rank (as the CLI lists them).
fn names(p: &Puzzle, cells: &[usize]) -> Vec<String> {
    let n = p.side();
    let mut v = cells.to_vec();
    v.sort_by_key(|&i| (i % n, i / n));
    v.iter().map(|&i| p.square(i).to_string()).collect()
}

fn squares(v: &[Square]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The puzzle's layout for drawing: its side, stars, the region of each square
/// (`rank * n + file`), the region names, and each region's colour (`#rrggbb`) and
/// pattern number from the library's drawing (`queens::render::puzzle`); no search.
pub fn info(req: &PuzzleRequest) -> Result<Value, String> {
    let p = req.puzzle()?;
    let n = p.side();
    let regions: Vec<usize> = (0..n * n).map(|i| p.region(i)).collect();
    let names: String = (0..n).map(|r| p.region_name(r)).collect();
    let colours: Vec<String> = render::region_colours(&p)
        .into_iter()
        .map(render::hex)
        .collect();
    Ok(json!({
        "side": n, "stars": p.stars(), "regions": regions, "names": names,
        "text": p.picture(), "colours": colours, "patterns": render::region_patterns(&p),
    }))
}

/// The puzzle drawn as SVG by the library (`queens puzzle solve --format svg`'s
/// drawing): the request's placed squares as stars, its crossed squares crossed, and a
/// step's `place` and `cross` squares boxed.
pub fn svg(req: &SvgRequest) -> Result<Value, String> {
    let (p, shown) = req.puzzle.read()?;
    let step = req;
    let at = |names: &[String]| -> Result<Vec<usize>, String> {
        names
            .iter()
            .map(|n| {
                let sq: queens::Square = n.parse().map_err(text)?;
                p.index(sq).map_err(text)
            })
            .collect()
    };
    let (place, cross) = (at(&step.place)?, at(&step.cross)?);
    let highlight = render::Highlight {
        place: &place,
        cross: &cross,
    };
    Ok(
        json!({ "svg": render::puzzle_svg_step(&p, Some(&shown), highlight, render::Theme::Pastel) }),
    )
}

/// `puzzle-svg`'s request: the puzzle and position, and a step to box on it (the
/// techniques page's worked examples).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SvgRequest {
    /// The puzzle and the position drawn.
    pub puzzle: PuzzleRequest,
    /// Squares where the step places a star.
    #[serde(default)]
    pub place: Vec<String>,
    /// Squares the step crosses.
    #[serde(default)]
    pub cross: Vec<String>,
}

/// Whether the puzzle has one solution (`unique`), more (`not unique`) or none, as
/// `queens puzzle check` answers.
pub fn check_puzzle(req: &PuzzleRequest, settings: &Settings) -> Result<Value, String> {
    let p = req.puzzle()?;
    let found = p.solutions(&State::new(&p), 2, 2, settings).map_err(text)?;
    let word = match found.count {
        0 => "none",
        1 => "unique",
        _ => "not unique",
    };
    Ok(json!({ "text": word, "count": found.count as u64 }))
}

/// The puzzle's (first) solution, and whether it is the only one.
pub fn solve(req: &PuzzleRequest, settings: &Settings) -> Result<Value, String> {
    let p = req.puzzle()?;
    let found = p.solutions(&State::new(&p), 2, 1, settings).map_err(text)?;
    Ok(match found.solutions.first() {
        Some(sol) => {
            let stars = names(&p, sol);
            json!({
                "found": true, "stars": stars, "unique": found.count == 1,
                "text": stars.join(" "),
            })
        }
        None => json!({ "found": false, "text": "no solution" }),
    })
}

/// The next step from the position (the easiest rule that applies), or why there is
/// none: the library's [`queens::puzzle::hint::Hint`]; `kind` is `step`, `solved`,
/// `contradiction` or `stuck`, `text` is what `queens puzzle hint` prints.
pub fn hint(req: &PuzzleRequest, settings: &Settings) -> Result<Value, String> {
    let (p, s) = req.read()?;
    let h = queens::puzzle::hint::hint(&p, &s, settings).map_err(text)?;
    Ok(match &h {
        Hint::Step(step) => json!({
            "kind": "step", "rule": step.rule, "level": step.level.name(),
            "place": squares(&step.place), "cross": squares(&step.cross),
            "why": step.why, "text": h.to_string(),
        }),
        _ => json!({ "kind": h.kind(), "text": h.to_string() }),
    })
}

/// The player's position judged: `solved`, a `contradiction` (a broken rule, or a
/// star or cross the solution does not have), or `ok` with the stars still to place.
pub fn check_position(req: &PuzzleRequest, settings: &Settings) -> Result<Value, String> {
    let (p, s) = req.read()?;
    let stars = s.stars();
    if p.accepts(&stars) {
        return Ok(json!({ "kind": "solved", "text": "solved" }));
    }
    // A broken rule, or no solution from here: the hint's contradiction and sentence.
    if let Some(reason) = mistake(&p, &s, settings).map_err(text)? {
        let h = Hint::Contradiction { reason };
        return Ok(json!({ "kind": h.kind(), "text": h.to_string() }));
    }
    let want = p.side() * p.stars();
    Ok(json!({
        "kind": "ok",
        "text": format!(
            "no mistakes so far: {} of {} placed",
            stars.len(),
            queens::render::words::plural(want, piece_word(p.stars()))
        ),
    }))
}

/// The squares that the stars rule out (the page's auto-crosses): every neighbour of a
/// star, and the rest of every row, column and region that has all its stars.
pub fn crosses(req: &PuzzleRequest) -> Result<Value, String> {
    let (p, s) = req.read()?;
    let n = p.side();
    let k = p.stars();
    let stars = s.stars();
    let mut out = vec![false; n * n];
    let (mut rows, mut cols, mut regs) = (vec![0; n], vec![0; n], vec![0; n]);
    for &i in &stars {
        rows[i / n] += 1;
        cols[i % n] += 1;
        regs[p.region(i)] += 1;
        let (r, f) = ((i / n) as i64, (i % n) as i64);
        for dr in -1..=1 {
            for df in -1..=1 {
                let (rr, ff) = (r + dr, f + df);
                if (0..n as i64).contains(&rr) && (0..n as i64).contains(&ff) {
                    out[rr as usize * n + ff as usize] = true;
                }
            }
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        if rows[i / n] >= k || cols[i % n] >= k || regs[p.region(i)] >= k {
            *o = true;
        }
    }
    let cells: Vec<usize> = (0..n * n)
        .filter(|&i| out[i] && s.marks[i] == Mark::Free)
        .collect();
    Ok(json!({ "cross": names(&p, &cells) }))
}

/// A new puzzle with exactly one solution: side `n`, `stars` per unit (default the
/// library's, one), a difficulty (a level's name or `any`; left out, the library's
/// default: any grade), a style of regions (`even` or `official`; left out, the
/// library's: even) and a seed (left out, the library's: 0; the page passes a fresh one
/// for "new puzzle"). The same request and seed give the same puzzle as `queens puzzle
/// gen` and Python's `Puzzle.generate`.
pub fn generate(
    n: u32,
    stars: Option<u32>,
    difficulty: Option<&str>,
    style: Option<&str>,
    seed: Option<u64>,
    settings: &Settings,
) -> Result<Value, String> {
    let mut req = Request::new(n as usize);
    if let Some(k) = stars {
        req.stars = k;
    }
    if let Some(d) = difficulty {
        req.difficulty = parse_difficulty(d).map_err(|e| e.spelled("difficulty"))?;
    }
    if let Some(s) = style {
        req.style = parse_style(s).map_err(|e| e.spelled("style"))?;
    }
    if let Some(seed) = seed {
        req.seed = seed;
    }
    Ok(match make(&req, settings).map_err(text)? {
        Some(m) => json!({
            "found": true,
            "text": m.puzzle.picture(),
            "stars": req.stars,
            "grade": m.grade.name(),
            "solution": names(&m.puzzle, &m.solution),
        }),
        None => json!({ "found": false, "text": req.why_none() }),
    })
}

/// The stars that break a rule on their own (two stars touching, or more stars than
/// the puzzle asks for in a row, column or region): what the page marks as conflicts
/// after each move, with no search (a star the solution does not have is for the
/// check, which searches).
pub fn conflicts(req: &PuzzleRequest) -> Result<Value, String> {
    let (p, s) = req.read()?;
    let n = p.side();
    let k = p.stars();
    let stars = s.stars();
    let (mut rows, mut cols, mut regs) = (vec![0; n], vec![0; n], vec![0; n]);
    for &i in &stars {
        rows[i / n] += 1;
        cols[i % n] += 1;
        regs[p.region(i)] += 1;
    }
    let touching =
        |a: usize, b: usize| a != b && (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1;
    let bad: Vec<usize> = stars
        .iter()
        .copied()
        .filter(|&i| {
            rows[i / n] > k
                || cols[i % n] > k
                || regs[p.region(i)] > k
                || stars.iter().any(|&j| touching(i, j))
        })
        .collect();
    Ok(json!({ "conflicts": names(&p, &bad) }))
}

/// The daily puzzle's request for a date (`YYYY-MM-DD`, the UTC date on the page):
/// 9x9, one queen per unit, medium, seeded by the date read as the number
/// `YYYYMMDD`, so that everyone gets the same puzzle on the same date, offline.
pub fn daily_request(date: &str) -> Result<Request, String> {
    let bad = || format!("bad date '{date}': a daily puzzle's date is written YYYY-MM-DD");
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let num = |t: &str| -> Result<u64, String> {
        if t.bytes().all(|b| b.is_ascii_digit()) {
            t.parse().map_err(|_| bad())
        } else {
            Err(bad())
        }
    };
    let (y, m, d) = (num(y)?, num(m)?, num(d)?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(format!("bad date '{date}': there is no month {m}")),
    };
    if d == 0 || d > days {
        return Err(format!(
            "bad date '{date}': that month has days 1 to {days}"
        ));
    }
    let mut req = Request::new(9);
    req.difficulty = parse_difficulty("medium").map_err(|e| e.spelled("difficulty"))?;
    req.seed = y * 10_000 + m * 100 + d;
    Ok(req)
}

/// The daily puzzle of a date (see [`daily_request`]), as [`generate`] answers, with
/// its date and seed.
pub fn daily(date: &str, settings: &Settings) -> Result<Value, String> {
    let req = daily_request(date)?;
    let diff = req.difficulty.map(|l| l.name());
    let mut v = generate(
        req.n as u32,
        Some(req.stars),
        diff,
        None,
        Some(req.seed),
        settings,
    )?;
    v["date"] = json!(date);
    v["seed"] = json!(req.seed);
    Ok(v)
}

/// The most puzzles a booklet holds.
pub const MAX_BOOKLET: u32 = 30;

/// A booklet: `count` new puzzles as [`generate`] makes them, with seeds `seed`,
/// `seed + 1`, ... (each with its solution, for the booklet's last page).
pub fn booklet(
    n: u32,
    stars: Option<u32>,
    difficulty: Option<&str>,
    seed: u64,
    count: u32,
    settings: &Settings,
) -> Result<Value, String> {
    if !(1..=MAX_BOOKLET).contains(&count) {
        return Err(format!(
            "bad count {count}: a booklet holds 1 to {MAX_BOOKLET} puzzles"
        ));
    }
    let mut out = Vec::new();
    for i in 0..u64::from(count) {
        let mut one = generate(
            n,
            stars,
            difficulty,
            None,
            Some(seed.wrapping_add(i)),
            settings,
        )?;
        if one["found"] == false {
            return Ok(one);
        }
        one["seed"] = json!(seed.wrapping_add(i));
        out.push(one);
    }
    Ok(json!({ "found": true, "puzzles": out }))
}

/// The named rules a hint can give, in the order of the library's catalogue
/// (`queens::puzzle::rules::CATALOGUE`, easiest first), each with what a player looks
/// for, in the page's words: "queen" for the rules worked on a Queens puzzle, "star"
/// for those of Star Battle alone. A test holds this list to the catalogue, so that a
/// rule added there is missed here at once.
pub const RULES: [(&str, &str); 13] = [
    (
        "exclusion",
        "A queen rules out every square touching it, and the rest of its row, column and region once they have their queens: cross them.",
    ),
    (
        "last-square",
        "A row, column or region with as many free squares as queens it still needs: they all take one.",
    ),
    (
        "region-in-line",
        "A region whose free squares all lie in one row (or column) puts its queen there: cross the rest of that row.",
    ),
    (
        "line-in-region",
        "A row (or column) whose free squares all lie in one region gets that region's queen: cross the rest of the region.",
    ),
    (
        "would-empty",
        "A square whose queen would leave some row, column or region without a free square: cross it.",
    ),
    (
        "line-pairs",
        "Star Battle: a row (or column) whose free squares only just fit its stars apart splits into pairs of neighbouring squares, one star in each: what touches a whole pair is crossed.",
    ),
    (
        "region-blocks",
        "Star Battle: a region whose free squares fit in as many 2x2 blocks as stars it needs puts one star in each block: a square in two blocks, or touching a whole block, is crossed.",
    ),
    (
        "2x2-blocks",
        "Star Battle: two neighbouring rows (or columns) whose free squares split into as many 2x2 blocks as stars they need: one star in each block.",
    ),
    (
        "regions-in-lines",
        "k regions confined to k rows (or columns) take all the queens of those rows: cross the rest of the rows.",
    ),
    (
        "lines-in-regions",
        "k rows (or columns) whose free squares lie in k regions take all those regions' queens: cross the rest of the regions.",
    ),
    (
        "under-counting",
        "Star Battle: n regions wholly inside n rows (or columns) take all the stars of those lines: cross the rest of the lines.",
    ),
    (
        "over-counting",
        "Star Battle: n rows (or columns) wholly inside n regions give those regions all their stars: cross the rest of the regions.",
    ),
    (
        "trial",
        "Put a queen on a square and follow the forced moves; when some unit runs out of squares, the square is crossed.",
    ),
];

/// A worked step for each rule of [`RULES`]: a small generated puzzle (Queens, side 5
/// to 8, for the rules of every puzzle; Star Battle with two stars, side 8 to 10, for
/// its own rules), of each grade in turn, seeds from 0; the position where the easiest
/// next step is that rule, and the step. The first such position in the explanation
/// of the first puzzle that has one; the same on every run.
pub fn techniques(settings: &Settings) -> Result<Value, String> {
    use queens::puzzle::rules::{CATALOGUE, Level};
    let mut found: Vec<Option<Value>> = vec![None; RULES.len()];
    // Queens first: a rule of every puzzle is shown where players meet it most. A
    // puzzle of a grade needs a rule of that grade, so puzzles of a grade are made
    // only while a rule of that grade has no example (easier rules come along).
    for (stars, sides) in [(1u32, 5..=8usize), (2, 8..=10)] {
        for level in Level::ALL {
            'sides: for n in sides.clone() {
                for seed in 0..12u64 {
                    let missing = CATALOGUE.iter().any(|r| {
                        r.level == level
                            && r.puzzles.holds(stars as usize)
                            && RULES
                                .iter()
                                .position(|(name, _)| *name == r.name)
                                .is_some_and(|i| found[i].is_none())
                    });
                    if !missing {
                        break 'sides;
                    }
                    let mut req = Request::new(n);
                    req.stars = stars;
                    req.difficulty = Some(level);
                    req.seed = seed;
                    let Ok(Some(made)) = make(&req, settings) else {
                        continue;
                    };
                    worked_steps(&made.puzzle, stars, &mut found);
                }
            }
        }
    }
    let rules: Vec<Value> = RULES
        .iter()
        .zip(found)
        .map(|((name, what), example)| {
            let level = example.as_ref().map(|e| e["level"].clone());
            json!({ "rule": name, "what": what, "level": level, "example": example })
        })
        .collect();
    Ok(json!({ "rules": rules }))
}

/// Walks the explanation of `p` and fills `found[i]` (a rule of [`RULES`] without an
/// example yet) with the first position where the rule is the easiest next step:
/// before each step, and the same with its crosses wiped (a player who has placed a
/// star and not yet crossed around it: where `exclusion` is the next step).
fn worked_steps(p: &Puzzle, stars: u32, found: &mut [Option<Value>]) {
    use queens::puzzle::explain::explain;
    use queens::puzzle::rules::{Deducer, Level};
    let n = p.side();
    let d = Deducer::new(p);
    let e = explain(p, &State::new(p), Level::Expert);
    let mut state = State::new(p);
    for step in &e.steps {
        let mut bare = state.clone();
        for m in bare.marks.iter_mut().filter(|m| **m == Mark::Cross) {
            *m = Mark::Free;
        }
        let bare_step = d.next_step(&bare, Level::Expert);
        for (at, st) in [(&state, Some(step)), (&bare, bare_step.as_ref())] {
            let Some(st) = st else { continue };
            let i = RULES.iter().position(|(name, _)| *name == st.rule);
            if let Some(i) = i.filter(|&i| found[i].is_none()) {
                let marked = |m: Mark| {
                    let cells: Vec<usize> = (0..n * n).filter(|&c| at.marks[c] == m).collect();
                    names(p, &cells).join(" ")
                };
                found[i] = Some(json!({
                    "text": p.picture(), "stars": stars,
                    "placed": marked(Mark::Star), "crossed": marked(Mark::Cross),
                    "place": squares(&st.place), "cross": squares(&st.cross),
                    "why": st.why, "level": st.level.name(),
                }));
            }
        }
        step.apply(p, &mut state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 6x6 from `queens::puzzle::rate`'s docs: easy, in 6 steps.
    const EASY: &str = "eeffff\neeeeff\neeeefd\nceeeff\nccbeaa\ncceeaa\n";

    fn req(text: &str, placed: &str, crossed: &str) -> PuzzleRequest {
        PuzzleRequest {
            text: text.into(),
            stars: 1,
            placed: placed.into(),
            crossed: crossed.into(),
        }
    }

    #[test]
    fn info_lays_out_the_regions_by_rank_from_the_bottom() {
        let v = info(&req(EASY, "", "")).unwrap();
        assert_eq!(v["side"], 6);
        // a1 is the bottom left square: the last line's first letter, region 'c'.
        let names = v["names"].as_str().unwrap();
        let a1 = v["regions"][0].as_u64().unwrap() as usize;
        assert_eq!(names.as_bytes()[a1], b'c');
        let f4 = v["regions"][3 * 6 + 5].as_u64().unwrap() as usize;
        assert_eq!(names.as_bytes()[f4], b'd');
        let e = info(&req("aab\nab\n", "", "")).unwrap_err();
        assert!(e.starts_with("bad puzzle file"), "{e}");
    }

    #[test]
    fn colours_patterns_and_the_svg_are_the_librarys() {
        let r = req(EASY, "a1", "b1");
        let p = r.puzzle().unwrap();
        let v = info(&r).unwrap();
        let colours: Vec<String> = render::region_colours(&p)
            .into_iter()
            .map(render::hex)
            .collect();
        assert_eq!(v["colours"], json!(colours));
        assert_eq!(v["patterns"], json!(render::region_patterns(&p)));
        let svg = svg(&SvgRequest {
            puzzle: r.clone(),
            place: vec!["c1".into()],
            cross: vec![],
        })
        .unwrap();
        let (p, s) = r.read().unwrap();
        let place = [p.index("c1".parse().unwrap()).unwrap()];
        let want = render::puzzle_svg_step(
            &p,
            Some(&s),
            render::Highlight {
                place: &place,
                cross: &[],
            },
            render::Theme::Pastel,
        );
        assert_eq!(svg["svg"], json!(want));
        assert!(want.contains("<title>star a1</title>") && want.contains("<title>star c1</title>"));
        let bad = SvgRequest {
            puzzle: r,
            place: vec!["z9".into()],
            cross: vec![],
        };
        assert!(svg_err(&bad).contains("z9"));
    }

    fn svg_err(r: &SvgRequest) -> String {
        super::svg(r).unwrap_err()
    }

    #[test]
    fn hints_played_to_the_end_reach_the_unique_solution() {
        let s = Settings::default();
        assert_eq!(
            check_puzzle(&req(EASY, "", ""), &s).unwrap()["text"],
            "unique"
        );
        let sol = solve(&req(EASY, "", ""), &s).unwrap();
        assert_eq!(sol["unique"], true);
        let (mut placed, mut crossed) = (Vec::<String>::new(), Vec::<String>::new());
        for _ in 0..100 {
            let h = hint(&req(EASY, &placed.join(" "), &crossed.join(" ")), &s).unwrap();
            if h["kind"] == "solved" {
                break;
            }
            assert_eq!(h["kind"], "step", "{h}");
            for sq in h["place"].as_array().unwrap() {
                placed.push(sq.as_str().unwrap().into());
            }
            for sq in h["cross"].as_array().unwrap() {
                crossed.push(sq.as_str().unwrap().into());
            }
        }
        placed.sort();
        let mut want: Vec<String> = serde_json::from_value(sol["stars"].clone()).unwrap();
        want.sort();
        assert_eq!(placed, want);
        let done = check_position(&req(EASY, &placed.join(" "), ""), &s).unwrap();
        assert_eq!(done["text"], "solved");
    }

    #[test]
    fn a_wrong_star_is_a_contradiction_named_by_square() {
        let s = Settings::default();
        let sol: Vec<String> =
            serde_json::from_value(solve(&req(EASY, "", ""), &s).unwrap()["stars"].clone())
                .unwrap();
        // A square that is no star of the solution and touches none of its stars.
        let wrong = ["a1", "b1", "a2", "f6", "a6", "f1"]
            .into_iter()
            .find(|sq| !sol.contains(&sq.to_string()))
            .unwrap();
        let c = check_position(&req(EASY, wrong, ""), &s).unwrap();
        assert_eq!(c["kind"], "contradiction", "{c}");
        let ok = check_position(&req(EASY, &sol[0], ""), &s).unwrap();
        assert_eq!(ok["text"], "no mistakes so far: 1 of 6 queens placed");
        assert!(hint(&req(EASY, "a1", "a1"), &s).is_err());
    }

    #[test]
    fn auto_crosses_are_neighbours_and_full_units() {
        let v = crosses(&req(EASY, "c3", "")).unwrap();
        let c: Vec<String> = serde_json::from_value(v["cross"].clone()).unwrap();
        for sq in ["b2", "d4", "c1", "c6", "a3", "f3"] {
            assert!(c.contains(&sq.to_string()), "{sq}");
        }
        // c3 is in region e, which now has its star: a5 (region e) is crossed; a1
        // (region c, apart from c3) is not.
        assert!(c.contains(&"a5".to_string()));
        assert!(!c.contains(&"c3".to_string()));
        assert!(!c.contains(&"a1".to_string()));
    }

    #[test]
    fn generated_puzzles_are_unique_and_of_the_grade_asked() {
        let s = Settings::default();
        let g = generate(8, Some(1), Some("easy"), None, Some(7), &s).unwrap();
        assert_eq!(g["grade"], "easy");
        let text = g["text"].as_str().unwrap();
        let r = PuzzleRequest {
            text: text.into(),
            ..Default::default()
        };
        assert_eq!(check_puzzle(&r, &s).unwrap()["text"], "unique");
        assert_eq!(solve(&r, &s).unwrap()["stars"], g["solution"]);
        assert_eq!(
            generate(8, None, Some("fiendish"), None, None, &s).unwrap_err(),
            "bad difficulty 'fiendish': the difficulties are easy, medium, hard, expert (or any, for any grade)"
        );
        assert_eq!(
            generate(3, None, None, None, None, &s).unwrap()["found"],
            false
        );
        // The library's defaults: one star, any grade, seed 0.
        let any = generate(8, None, None, None, None, &s).unwrap();
        let explicit = generate(8, Some(1), Some("any"), Some("even"), Some(0), &s).unwrap();
        assert_eq!(any, explicit);
        // Issue 40: the official style, through the library's request and reader.
        let official = generate(8, None, None, Some("official"), Some(0), &s).unwrap();
        let mut req = Request::new(8);
        req.style = queens::puzzle::generate::Style::Official;
        let lib = make(&req, &s).unwrap().unwrap();
        assert_eq!(official["text"], lib.puzzle.picture());
        assert_ne!(official["text"], any["text"]);
        assert_eq!(
            generate(8, None, None, Some("round"), None, &s).unwrap_err(),
            "bad style 'round': the styles are even, official"
        );
    }

    #[test]
    fn the_daily_puzzle_is_a_9x9_medium_seeded_by_its_date() {
        let s = Settings::default();
        let a = daily("2026-11-28", &s).unwrap();
        assert_eq!(
            (a["found"].clone(), a["grade"].clone()),
            (json!(true), json!("medium"))
        );
        assert_eq!(a["seed"], 20261128);
        assert_eq!(a["text"].as_str().unwrap().lines().count(), 9);
        // The same as a new medium 9x9 with that seed; the next day differs.
        let same = generate(9, Some(1), Some("medium"), None, Some(20261128), &s).unwrap();
        assert_eq!(a["text"], same["text"]);
        assert_ne!(daily("2026-11-29", &s).unwrap()["text"], a["text"]);
        assert!(daily("2024-02-29", &s).is_ok());
        for bad in [
            "2025-02-29",
            "2026-13-01",
            "2026-1-01",
            "today",
            "",
            "2026-11-28x",
        ] {
            let e = daily(bad, &s).unwrap_err();
            assert!(e.starts_with(&format!("bad date '{bad}'")), "{e}");
        }
    }

    #[test]
    fn every_rule_of_the_library_has_a_worked_step_that_the_hint_gives() {
        // The library's whole catalogue (a Star Battle hint links to its rule too).
        let documented: Vec<&str> = queens::puzzle::rules::CATALOGUE
            .iter()
            .map(|r| r.name)
            .collect();
        let ours: Vec<&str> = RULES.iter().map(|(name, _)| *name).collect();
        assert_eq!(documented, ours);
        let s = Settings::default();
        let t = techniques(&s).unwrap();
        for r in t["rules"].as_array().unwrap() {
            let e = &r["example"];
            assert!(e.is_object(), "no example for {}", r["rule"]);
            let at = PuzzleRequest {
                text: e["text"].as_str().unwrap().into(),
                stars: e["stars"].as_u64().unwrap() as u32,
                placed: e["placed"].as_str().unwrap().into(),
                crossed: e["crossed"].as_str().unwrap().into(),
            };
            // The hint from there names the same rule (maybe on other squares), and
            // the worked step agrees with the solution.
            let h = hint(&at, &s).unwrap();
            assert_eq!(h["rule"], r["rule"], "{h}");
            let sol = solve(&at, &s).unwrap()["stars"].clone();
            let sol: Vec<String> = serde_json::from_value(sol).unwrap();
            for sq in e["place"].as_array().unwrap() {
                assert!(sol.contains(&sq.as_str().unwrap().to_string()), "{e}");
            }
            for sq in e["cross"].as_array().unwrap() {
                assert!(!sol.contains(&sq.as_str().unwrap().to_string()), "{e}");
            }
            assert!(
                !e["place"].as_array().unwrap().is_empty()
                    || !e["cross"].as_array().unwrap().is_empty()
            );
        }
    }

    #[test]
    fn a_booklet_is_its_seeds_puzzles_in_order() {
        let s = Settings::default();
        let b = booklet(6, None, Some("easy"), 40, 3, &s).unwrap();
        let list = b["puzzles"].as_array().unwrap();
        assert_eq!(list.len(), 3);
        for (i, one) in list.iter().enumerate() {
            let alone = generate(6, None, Some("easy"), None, Some(40 + i as u64), &s).unwrap();
            assert_eq!(one["text"], alone["text"]);
            assert_eq!(one["solution"], alone["solution"]);
        }
        assert_eq!(
            booklet(6, None, None, 0, 31, &s).unwrap_err(),
            "bad count 31: a booklet holds 1 to 30 puzzles"
        );
    }

    #[test]
    fn conflicts_are_touching_stars_and_crowded_units() {
        // b2 and c3 touch; a1 and a4 share file a; d1 stands apart from all but
        // shares nothing: not in conflict.
        let v = conflicts(&req(EASY, "b2 c3 a5 a1", "")).unwrap();
        let c: Vec<String> = serde_json::from_value(v["conflicts"].clone()).unwrap();
        assert_eq!(c, ["a1", "a5", "b2", "c3"]);
        let v = conflicts(&req(EASY, "a1 c2", "")).unwrap();
        assert_eq!(v["conflicts"], json!([]));
    }
}
