//! # queens-web
//!
//! The bindings behind the page in `web/`: the `queens` library compiled to
//! `wasm32-unknown-unknown` (without its `sat` and `parallel` features) and bound with
//! `wasm-bindgen`. One export, [`call`], takes a job's name and a JSON request and
//! returns JSON: the answer, or `{"error": "one sentence"}`. The page runs the quick
//! jobs (attacks and verdict, hints, drawing) on its own thread and the long ones
//! (solve, count, max, cover, new puzzles) in a Web Worker, which it stops by
//! terminating it; the library's progress reports reach the page through the global
//! function `queensProgress(done, total)` that each side defines.
//!
//! - [`board`]: the free board (attacks, verify's sentences, solve, next and previous,
//!   counts, max, cover, SVG);
//! - [`puzzle`]: puzzle mode (regions, uniqueness, solution, hint, check, auto-crosses,
//!   generation).
//!
//! The answers are the library's; the tests here run natively (`cargo test -p
//! queens-web`) and hold them to brute force and to published counts.

#![warn(missing_docs)]

pub mod board;
pub mod puzzle;

use queens::{Progress, Settings};
use serde::Deserialize;
use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    /// The page's progress listener (a global function on the page and in the worker).
    #[wasm_bindgen(js_name = queensProgress)]
    fn js_progress(done: f64, total: f64);
    /// The page's listener for a panic's message, before the module traps.
    #[wasm_bindgen(js_name = queensPanic)]
    fn js_panic(message: &str);
    /// `performance.now()`: milliseconds, the library's time source.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Hands the library's progress report to the page (natively: nowhere).
fn report(p: Progress) {
    #[cfg(target_arch = "wasm32")]
    js_progress(p.done as f64, p.total as f64);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = p;
}

/// The settings of every job: progress to the page; stopping is the page's
/// (it terminates the worker), so no cancel flag.
fn settings() -> Settings<'static> {
    Settings {
        progress: Some(&report),
        ..Settings::default()
    }
}

/// Runs once when the module is instantiated: gives the library a clock
/// (`performance.now()`) and routes a panic's message to the page.
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen(start)]
pub fn start() {
    fn now() -> std::time::Duration {
        std::time::Duration::from_secs_f64(performance_now().max(0.0) / 1000.0)
    }
    queens::clock::set_source(now);
    std::panic::set_hook(Box::new(|info| js_panic(&info.to_string())));
}

/// `nth`'s request: the board and the index of the solution.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NthRequest {
    board: board::BoardRequest,
    index: u64,
}

/// `new-puzzle`'s request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPuzzle {
    size: u32,
    /// Left out: the library's default (as every other field).
    stars: Option<u32>,
    difficulty: Option<String>,
    /// `even` or `official` (issue 40).
    style: Option<String>,
    seed: Option<u64>,
}

/// The longest request the page can send: its link state is read into requests, so a
/// hand-made link is held to this. A 64x64 board with every square named (up to 8
/// bytes with its separator) three times over (pieces, holes, blockers), or the
/// largest puzzle's text (twice its bytes, for JSON's escapes) with every square
/// placed or crossed; and 64 KB for the other fields.
pub fn request_limit() -> queens::text::Limit {
    let squares = (board::MAX_SIDE * board::MAX_SIDE) as u64;
    let board = 3 * squares * 8;
    let puzzle = 2 * queens::text::Limit::puzzle().bytes + 2 * squares * 8;
    queens::text::Limit::new(
        board.max(puzzle) + (64 << 10),
        "the page's largest board or puzzle can take",
    )
}

/// `booklet`'s request: a new puzzle's fields, a first seed and how many.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BookletRequest {
    size: u32,
    stars: Option<u32>,
    difficulty: Option<String>,
    seed: u64,
    count: u32,
}

/// `squares`' request: a board's size.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SquaresRequest {
    rows: u32,
    cols: u32,
}

/// `daily`'s request: the date, `YYYY-MM-DD`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyRequest {
    date: String,
}

/// Reads a request from the page's JSON, no longer than [`request_limit`]. A field of
/// the wrong type or name is named in a sentence (never serde's own text, which speaks
/// of lines and columns the user never saw).
fn read<T: serde::de::DeserializeOwned>(json: &str) -> Result<T, String> {
    queens::text::check_len(json, &request_limit(), "the page's request")
        .map_err(|e| e.to_string())?;
    let value: Value = serde_json::from_str(json)
        .map_err(|_| "bad request from the page: it is not JSON".to_string())?;
    let Value::Object(fields) = &value else {
        return Err("bad request from the page: it is not a JSON object".into());
    };
    match T::deserialize(&value) {
        Ok(t) => Ok(t),
        Err(e) => Err(bad_field(fields, &e.to_string(), |v| {
            T::deserialize(v).map(|_| ()).map_err(|e| e.to_string())
        })),
    }
}

/// The sentence for a request that does not fit its type: the field whose removal
/// changes the error is the bad one (its value's kind and the kind wanted named);
/// an unknown or missing field is named as such.
fn bad_field(
    fields: &serde_json::Map<String, Value>,
    error: &str,
    try_without: impl Fn(&Value) -> Result<(), String>,
) -> String {
    let quoted = |e: &str| e.split('`').nth(1).map(str::to_string);
    if error.starts_with("unknown field") {
        let name = quoted(error).unwrap_or_default();
        return format!("bad request from the page: it has no field '{name}'");
    }
    if error.starts_with("missing field") {
        let name = quoted(error).unwrap_or_default();
        return format!("bad request from the page: the field '{name}' is missing");
    }
    let wanted = match error.split(", expected ").nth(1).unwrap_or("") {
        w if w.starts_with('u') || w.starts_with('i') => "a whole number",
        w if w.starts_with('f') => "a number",
        "a boolean" => "true or false",
        w if w.contains("string") => "text",
        _ => "another kind of value",
    };
    for (name, v) in fields {
        let mut rest = fields.clone();
        rest.remove(name);
        if try_without(&Value::Object(rest)).err().as_deref() != Some(error) {
            let got = match v {
                Value::Null => "empty (null)".to_string(),
                Value::Bool(b) => b.to_string(),
                Value::Number(n) => format!("the number {n}"),
                Value::String(t) => {
                    format!("the text '{}'", t.chars().take(40).collect::<String>())
                }
                Value::Array(_) => "a list".to_string(),
                Value::Object(_) => "an object".to_string(),
            };
            return format!("bad request from the page: its field '{name}' is {got}, not {wanted}");
        }
    }
    "bad request from the page: a field does not have the kind of value it needs".into()
}

/// A library error as the page shows it: its sentence.
fn text(e: queens::Error) -> String {
    e.to_string()
}

/// Runs job `name` on the JSON `request` and returns the answer as JSON, or
/// `{"error": "..."}`. The names:
///
/// - free board (request: [`board::BoardRequest`]): `analyse`, `svg`, `solve`,
///   `count`, `count-unique`, `max`, `cover`; `nth` (`{"board": ..., "index": i}`);
/// - puzzle (request: [`puzzle::PuzzleRequest`]): `puzzle-info` (with the library's
///   region colours and patterns), `puzzle-svg` (`{"puzzle": ..., "place": [..],
///   "cross": [..]}`: the library's drawing, a step boxed), `puzzle-check`
///   (uniqueness), `puzzle-solve`, `puzzle-hint`, `puzzle-position` (the player's
///   position judged), `puzzle-crosses`, `puzzle-conflicts` (stars that break a rule
///   by themselves), `techniques` (each named rule with a worked step), `booklet`
///   (`new-puzzle`'s fields with `"count": c`: `c` puzzles with their solutions); `daily` (`{"date": "YYYY-MM-DD"}`, the date's 9x9 medium);
///   `new-puzzle` (`{"size": n, "stars": k,
///   "difficulty": "easy", "style": "official", "seed": s}`); `squares`
///   (`{"rows": r, "cols": c}`: the library's names of the squares and files, which
///   the page asks once per board).
#[wasm_bindgen]
pub fn call(name: &str, request: &str) -> String {
    let answer = run(name, request).unwrap_or_else(|e| json!({ "error": e }));
    answer.to_string()
}

fn run(name: &str, request: &str) -> Result<Value, String> {
    let s = settings();
    let board = || read::<board::BoardRequest>(request);
    let puzzle = || read::<puzzle::PuzzleRequest>(request);
    match name {
        "analyse" => board::analyse(&board()?),
        "squares" => {
            let r: SquaresRequest = read(request)?;
            board::square_names(r.rows, r.cols)
        }
        "svg" => board::svg(&board()?).map(|svg| json!({ "svg": svg })),
        "solve" => board::solve(&board()?, &s),
        "count" => board::count(&board()?, false, &s),
        "count-unique" => board::count(&board()?, true, &s),
        "max" => board::max(&board()?, &s),
        "cover" => board::cover_job(&board()?, &s),
        "nth" => {
            let r: NthRequest = read(request)?;
            board::nth(&r.board, r.index, &s)
        }
        "puzzle-info" => puzzle::info(&puzzle()?),
        "puzzle-svg" => puzzle::svg(&read(request)?),
        "puzzle-check" => puzzle::check_puzzle(&puzzle()?, &s),
        "puzzle-solve" => puzzle::solve(&puzzle()?, &s),
        "puzzle-hint" => puzzle::hint(&puzzle()?, &s),
        "puzzle-position" => puzzle::check_position(&puzzle()?, &s),
        "puzzle-crosses" => puzzle::crosses(&puzzle()?),
        "puzzle-conflicts" => puzzle::conflicts(&puzzle()?),
        "techniques" => puzzle::techniques(&s),
        "booklet" => {
            let r: BookletRequest = read(request)?;
            puzzle::booklet(
                r.size,
                r.stars,
                r.difficulty.as_deref(),
                r.seed,
                r.count,
                &s,
            )
        }
        "daily" => {
            let r: DailyRequest = read(request)?;
            puzzle::daily(&r.date, &s)
        }
        "new-puzzle" => {
            let r: NewPuzzle = read(request)?;
            puzzle::generate(
                r.size,
                r.stars,
                r.difficulty.as_deref(),
                r.style.as_deref(),
                r.seed,
                &s,
            )
        }
        _ => Err(format!("unknown job '{name}'")),
    }
}

/// Reads a puzzle from a picture (a screenshot the page decoded into RGBA pixels, 4
/// bytes a pixel, rows top to bottom) with the library's reader
/// ([`queens::puzzle::picture::read`]): `size` and `stars` when known, else 0. Answers
/// JSON: the puzzle's `text`, `stars`, the marks read (`placed`, `crossed`, as square
/// names), `warnings`, where the grid is (`grid`: `x`, `y`, `width`, `height` in the
/// picture's pixels, for the page's thumbnail) and the squares read with little
/// confidence (`unsure`, square names), or `{"error": "one sentence"}`.
#[wasm_bindgen]
pub fn read_picture(width: u32, height: u32, rgba: &[u8], size: u32, stars: u32) -> String {
    use queens::puzzle::Mark;
    use queens::puzzle::picture::{Options, read as read_pixels};
    let options = Options {
        size: (size > 0).then_some(size as usize),
        stars: (stars > 0).then_some(stars),
    };
    let answer = match read_pixels(width as usize, height as usize, rgba, &options) {
        Ok(r) => {
            let p = &r.puzzle;
            let marked = |m: Mark| {
                (0..p.side() * p.side())
                    .filter(|&i| r.position.marks[i] == m)
                    .map(|i| p.square(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            json!({
                "text": p.picture(), "stars": p.stars(), "side": p.side(),
                "placed": marked(Mark::Star), "crossed": marked(Mark::Cross),
                "warnings": r.warnings,
                "grid": {
                    "x": r.grid.x, "y": r.grid.y,
                    "width": r.grid.width, "height": r.grid.height,
                },
                "unsure": (0..p.side() * p.side())
                    .filter(|&i| r.confidence[i] < 0.5)
                    .map(|i| p.square(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
            })
        }
        Err(e) => json!({ "error": text(e) }),
    };
    answer.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(name: &str, request: &str) -> Value {
        serde_json::from_str(&call(name, request)).unwrap()
    }

    #[test]
    fn call_answers_json_or_one_sentence() {
        assert_eq!(answer("count", "{}")["text"], "92");
        assert_eq!(
            answer("count-unique", r#"{"rows":6,"cols":6}"#)["text"],
            "1"
        );
        assert_eq!(
            answer("nth", r#"{"board":{"rows":4,"cols":4},"index":1}"#)["found"],
            true
        );
        let e = answer("fly", "{}");
        assert_eq!(e["error"], "unknown job 'fly'");
        let e = answer("count", "{not json");
        assert_eq!(e["error"], "bad request from the page: it is not JSON");
        let d = answer("daily", r#"{"date":"2026-11-28"}"#);
        assert_eq!(d["grade"], "medium", "{d}");
    }

    #[test]
    fn a_bad_field_is_named_in_a_sentence_not_in_serde_s_words() {
        // A hand-made link once sent `stars: null` and showed "invalid type: null,
        // expected u32 at line 1 column 47".
        let e = answer("puzzle-info", r#"{"text":"ab\nba\n","stars":null}"#);
        assert_eq!(
            e["error"],
            "bad request from the page: its field 'stars' is empty (null), not a whole number"
        );
        let e = answer("count", r#"{"rows":"8"}"#);
        assert_eq!(
            e["error"],
            "bad request from the page: its field 'rows' is the text '8', not a whole number"
        );
        let e = answer("count", r#"{"torus":3}"#);
        assert_eq!(
            e["error"],
            "bad request from the page: its field 'torus' is the number 3, not true or false"
        );
        let e = answer("count", r#"{"colour":3}"#);
        assert_eq!(
            e["error"],
            "bad request from the page: it has no field 'colour'"
        );
        let e = answer("new-puzzle", r#"{"stars":1}"#);
        assert_eq!(
            e["error"],
            "bad request from the page: the field 'size' is missing"
        );
        assert_eq!(
            answer("count", "[1]")["error"],
            "bad request from the page: it is not a JSON object"
        );
    }

    #[test]
    fn a_picture_of_a_puzzle_reads_back_with_its_marks() {
        use queens::puzzle::picture::render;
        use queens::puzzle::{Puzzle, State};
        let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
        let s = State::with(
            &p,
            &[queens::Square::new(0, 1)],
            &[queens::Square::new(1, 0)],
        )
        .unwrap();
        let pic = render::draw(&p, Some(&s), &render::Style::default());
        let v: Value = serde_json::from_str(&read_picture(
            pic.width as u32,
            pic.height as u32,
            &pic.rgba,
            0,
            0,
        ))
        .unwrap();
        assert_eq!(v["text"], p.picture(), "{v}");
        assert_eq!(v["placed"], "a2");
        assert_eq!(v["crossed"], "b1");
        let (bx, by, side) = pic.board;
        assert!(
            (v["grid"]["x"].as_f64().unwrap() - bx as f64).abs() <= 2.0,
            "{v}"
        );
        assert!(
            (v["grid"]["y"].as_f64().unwrap() - by as f64).abs() <= 2.0,
            "{v}"
        );
        assert!(
            (v["grid"]["width"].as_f64().unwrap() - side as f64).abs() <= 3.0,
            "{v}"
        );
        assert_eq!(v["unsure"], "", "{v}");
        let v: Value = serde_json::from_str(&read_picture(2, 2, &[255; 16], 0, 0)).unwrap();
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .starts_with("cannot read the puzzle"),
            "{v}"
        );
        let g = answer(
            "new-puzzle",
            r#"{"size":6,"stars":1,"difficulty":"any","seed":3}"#,
        );
        assert_eq!(g["found"], true, "{g}");
        let req = json!({ "text": g["text"], "stars": 1 }).to_string();
        assert_eq!(answer("puzzle-check", &req)["text"], "unique");
    }

    #[test]
    fn a_hand_made_link_longer_than_any_request_is_refused_at_once() {
        let limit = request_limit();
        // The largest board the page draws, every square a piece, a hole and a
        // blocker: within the limit (and refused by the library for its clashes, not
        // its length).
        let all: Vec<String> = (0..64u32)
            .flat_map(|f| (0..64u32).map(move |r| queens::Square::new(f, r).to_string()))
            .collect();
        let names = |k: &str| all.iter().map(|s| format!("{k}{s}")).collect::<Vec<_>>();
        let full = json!({ "rows": 64, "cols": 64, "pieces": names("Q").join(" "),
            "holes": all.join(" "), "blockers": all.join(" ") })
        .to_string();
        assert!(full.len() as u64 <= limit.bytes, "{}", full.len());
        let e = answer("analyse", &full)["error"].to_string();
        assert!(!e.contains("longer than"), "{e}");
        // A link whose pieces run on for megabytes.
        let long = json!({ "pieces": "Qa1 ".repeat(1 << 20) }).to_string();
        let t = std::time::Instant::now();
        let e = answer("analyse", &long)["error"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            e,
            format!(
                "the page's request is longer than {limit}, the most the page's largest board or puzzle can take"
            )
        );
        assert!(t.elapsed().as_secs_f64() < 1.0);
    }

    /// The rows of a truth table (`rows cols pieces count source`, pieces as `N1Q1`)
    /// on at most 64 squares with fewer than 10^7 solutions, as page requests.
    fn small_rows(table: &str, torus: bool) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for line in table.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let (rows, cols): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
            if rows * cols > 64 || f[3].len() > 7 {
                continue;
            }
            let mut spec = Vec::new();
            let mut rest = f[2];
            while let Some(letter) = rest.chars().next() {
                let digits = rest[1..]
                    .find(|c: char| !c.is_ascii_digit())
                    .map_or(rest.len(), |i| i + 1);
                spec.push(format!("{}{letter}", &rest[1..digits]));
                rest = &rest[digits..];
            }
            let req = json!({ "rows": rows, "cols": cols, "spec": spec.join(","), "torus": torus });
            out.push((req.to_string(), f[3].to_string()));
        }
        out
    }

    #[test]
    fn counts_match_the_truth_tables() {
        // testdata/known_counts*.tsv, each row with its published source (OEIS and
        // others): plain counts, counts up to symmetry, and on the torus.
        let root = env!("CARGO_MANIFEST_DIR");
        for (file, job, torus, least) in [
            ("known_counts.tsv", "count", false, 100),
            ("known_counts_symmetry.tsv", "count-unique", false, 8),
            ("known_counts_torus.tsv", "count", true, 8),
        ] {
            let table = std::fs::read_to_string(format!("{root}/../../testdata/{file}")).unwrap();
            let rows = small_rows(&table, torus);
            assert!(rows.len() >= least, "{file}: only {} rows", rows.len());
            for (req, want) in rows {
                assert_eq!(answer(job, &req)["text"], want, "{file}: {req}");
            }
        }
    }
}
