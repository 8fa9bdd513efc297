//! The free board: the page's board (size, holes, blockers, torus, pieces, one fairy
//! kind) read into the library's values, and every question the page asks about it
//! answered by the library: attacked squares ([`Terrain::attacks`]), the verdict
//! (`queens::verdict::Verdict`, the text of `queens verify`), solve (complete the placed
//! pieces, or prove that they cannot be completed), the solution of a given index (for
//! next and previous), counts, the maximum and the fewest covering pieces.
//!
//! Nothing here searches or judges by itself: it parses, calls and shapes JSON.

use std::ops::ControlFlow;

use queens::cover::{CoverField, CoverOptions, cover, why_none};
use queens::maximum::maximum;
use queens::query::Beside;
use queens::request::{BoardGiven, Field, Given, Parts, ProblemRequest, Ranged};
use queens::terrain::Terrain;
use queens::verdict::{Expect, Verdict};
use queens::verify::conflicts_on;
use queens::{Board, Catalog, EngineChoice, PieceKind, Placement, Problem, Settings};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::text;

/// The letter of the page's fairy piece (the one typed in Betza's notation).
pub const FAIRY: char = 'F';

/// The page's board as it sends it: every field optional (an 8x8 empty board).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BoardRequest {
    /// Ranks, 1 to 64.
    pub rows: u32,
    /// Files, 1 to 64.
    pub cols: u32,
    /// The pieces on the board, as coordinates (`Qa1 Nc3 Fe5`).
    pub pieces: String,
    /// The fairy piece's moves (a Betza string such as `NN`, or a name such as
    /// `nightrider`), empty when the page has none; its letter is [`FAIRY`].
    pub fairy: String,
    /// Holes, as squares (`a1 b2`).
    pub holes: String,
    /// Blockers, as squares.
    pub blockers: String,
    /// Whether the board wraps around (a torus).
    pub torus: bool,
    /// The pieces a solution holds (`8Q`, `2N,2B,R,Q`); empty: `min(rows, cols)` of
    /// [`BoardRequest::kind`].
    pub spec: String,
    /// The palette's kind (a letter): the default spec's, and the kind `max` and
    /// `cover` ask about.
    pub kind: String,
}

impl Default for BoardRequest {
    fn default() -> BoardRequest {
        BoardRequest {
            rows: 8,
            cols: 8,
            pieces: String::new(),
            fairy: String::new(),
            holes: String::new(),
            blockers: String::new(),
            torus: false,
            spec: String::new(),
            kind: "Q".into(),
        }
    }
}

/// The most ranks or files the page offers (the engines' bitboards go to 64).
pub const MAX_SIDE: u32 = 64;

/// A request read into library values.
pub struct Setup {
    /// The board.
    pub board: Board,
    /// The built-in kinds, and the fairy piece when there is one.
    pub catalog: Catalog,
    /// Holes, blockers and the torus.
    pub terrain: Terrain,
    /// The pieces on the board.
    pub placement: Placement,
    /// The palette's kind.
    pub kind: PieceKind,
    /// The library's request the page's fields fill: the one assembly of a problem.
    request: ProblemRequest<'static>,
}

/// The page's name for a request's field, as its controls label it.
fn label(field: Field) -> String {
    match field {
        Field::Board => "the board's Rows and Columns".into(),
        Field::Pieces => "\"A solution holds\"".into(),
        Field::Fixed => "the placed pieces".into(),
        Field::Piece => "\"Fairy piece F\"".into(),
        Field::Torus => "\"Torus\"".into(),
        Field::Kind => "piece".into(),
        other => other.name().into(),
    }
}

impl BoardRequest {
    /// The library's request for the page's fields: the board, the fairy piece as a
    /// definition, the placed pieces fixed, holes, blockers, the torus, and the pieces
    /// (`spec`, or `min(rows, cols)` of the palette's kind).
    fn request(&self, kind: char) -> ProblemRequest<'static> {
        let given = |t: &str| Some(t.trim().to_string()).filter(|t| !t.is_empty());
        let fairy = self.fairy.trim();
        let spec =
            given(&self.spec).unwrap_or_else(|| format!("{}{kind}", self.rows.min(self.cols)));
        ProblemRequest {
            board: Some(BoardGiven::Text(format!("{}x{}", self.rows, self.cols))),
            pieces: Some(Given::Text(spec)),
            fixed: given(&self.pieces).map(Given::Text),
            define: if fairy.is_empty() {
                Vec::new()
            } else {
                vec![format!("{FAIRY}={fairy}")]
            },
            holes: given(&self.holes),
            blockers: given(&self.blockers),
            torus: self.torus,
            regions: None,
            per_region: None,
        }
    }

    /// The request as library values, or one sentence naming the bad part.
    pub fn setup(&self) -> Result<Setup, String> {
        // Zero is the library's to refuse (its sentence, as every front's); more than
        // MAX_SIDE is the page's own limit.
        for (what, n) in [("rows", self.rows), ("columns", self.cols)] {
            if n > MAX_SIDE {
                return Err(format!(
                    "bad number of {what} {n}: the page takes 1 to {MAX_SIDE}"
                ));
            }
        }
        // The palette's kind names the default spec's pieces; a kind that is not one
        // letter is refused by the library's reader below, after the other fields.
        let mut letters = self.kind.trim().chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(FAIRY), None) if self.fairy.trim().is_empty() => {
                return Err(
                    "the fairy piece F has no moves yet: type a Betza string such as NN or a name such as nightrider"
                        .into(),
                );
            }
            (Some(c), None) => c,
            _ => 'Q',
        };
        let request = self.request(letter);
        let parts = request.parts().map_err(|e| e.spelled(&label))?;
        let kind = parts.kind(&self.kind).map_err(|e| e.spelled(&label))?;
        let Parts {
            board,
            catalog,
            fixed,
            terrain,
        } = parts;
        Ok(Setup {
            board,
            catalog,
            terrain,
            placement: fixed,
            kind,
            request,
        })
    }
}

impl Setup {
    /// The palette's kind beside the placed pieces, on the board with its terrain:
    /// what `max` and `cover` ask about (no other pieces placed freely).
    fn beside(&self) -> Beside {
        Beside {
            board: self.board,
            terrain: self.terrain.clone(),
            given: Vec::new(),
            fixed: self.placement.clone(),
            kind: self.kind.clone(),
        }
    }

    /// The problem the jobs solve: the spec (or `min(rows, cols)` of the palette's
    /// kind) with the placed pieces fixed, on the terrain, built by the library's
    /// request.
    pub fn problem(&self) -> Result<Problem, String> {
        self.request.build().map_err(|e| e.spelled(&label))
    }

    /// What solve, next and count ask about: the exact problem, or the ranged one
    /// when the spec has ranges (`1..3N,Q`, `*K`), both read by the library's request
    /// as the command line's and Python's are.
    fn asked(&self) -> Result<Asked, String> {
        match self.request.ranged().map_err(|e| e.spelled(&label))? {
            Some(r) => Ok(Asked::Ranged(r)),
            None => self.problem().map(Asked::Exact),
        }
    }

    /// Whether the placed pieces already attack each other (then no job has a solution).
    fn placed_conflict(&self) -> bool {
        !conflicts_on(&self.board, &self.terrain, &self.placement).is_empty()
    }
}

/// An exact problem, or a ranged one (expanded into exact problems by the library).
enum Asked {
    Exact(Problem),
    Ranged(Ranged),
}

impl Asked {
    /// The exact problems to list, in the command line's `all` order: the problem, or
    /// every allowed combination of counts that has a placement, smallest first.
    fn problems(self, settings: &Settings) -> Result<Vec<Problem>, String> {
        match self {
            Asked::Exact(p) => Ok(vec![p]),
            Asked::Ranged(r) => r
                .spec
                .problems(r.board, &r.fixed, EngineChoice::Auto, settings)
                .map_err(text),
        }
    }
}

/// Squares as algebraic names.
fn names(squares: impl IntoIterator<Item = queens::Square>) -> Vec<String> {
    squares.into_iter().map(|s| s.to_string()).collect()
}

/// What the page shows after every change: attacked squares, the verdict in the words
/// of `queens verify` (conflicts, pieces on holes or blockers), the canonical
/// coordinates and the fairy piece's name.
pub fn analyse(req: &BoardRequest) -> Result<Value, String> {
    let s = req.setup()?;
    let mut attacked = std::collections::BTreeSet::new();
    for p in s.placement.pieces() {
        attacked.extend(s.terrain.attacks(&s.board, &p.kind, p.square));
    }
    let verdict =
        Verdict::judge(&s.board, &s.terrain, &s.placement, &Expect::default()).map_err(text)?;
    let in_conflict: std::collections::BTreeSet<_> = verdict
        .conflicts()
        .flat_map(|c| [c.first.square, c.second.square])
        .collect();
    let fairy = s.catalog.get(FAIRY).ok().map(|k| k.name().to_string());
    Ok(json!({
        "attacked": names(attacked),
        "conflicting": names(in_conflict),
        "valid": verdict.is_valid(),
        "problems": verdict.problems(),
        "text": verdict.to_string(),
        "coords": s.placement.to_string(),
        "fairy": fairy,
    }))
}

/// Completes the placed pieces to a solution of the spec, or says that they cannot be
/// completed (the engines prove "none").
pub fn solve(req: &BoardRequest, settings: &Settings) -> Result<Value, String> {
    let s = req.setup()?;
    let asked = s.asked()?;
    if s.placed_conflict() {
        return Ok(json!({
            "found": false,
            "text": "cannot be completed: the placed pieces attack each other",
        }));
    }
    let (found, spec) = match &asked {
        Asked::Exact(problem) => (
            queens::solve(problem, EngineChoice::Auto, settings),
            queens::format_spec(problem.pieces()),
        ),
        Asked::Ranged(r) => (
            r.spec
                .solve(r.board, &r.fixed, EngineChoice::Auto, settings),
            req.spec.trim().to_string(),
        ),
    };
    match found.map_err(text)? {
        Some(p) => Ok(json!({ "found": true, "coords": p.to_string(), "text": p.to_string() })),
        None => Ok(json!({
            "found": false,
            "text": format!(
                "cannot be completed: no placement of {spec} holds the placed pieces (proved)"
            ),
        })),
    }
}

/// The solution of index `index` (from 0) in the engines' order, for next and
/// previous: `found: false` with the number of solutions when there are fewer.
pub fn nth(req: &BoardRequest, index: u64, settings: &Settings) -> Result<Value, String> {
    let s = req.setup()?;
    let asked = s.asked()?;
    if s.placed_conflict() {
        return Ok(json!({
            "found": false, "total": 0,
            "text": "no solutions: the placed pieces attack each other",
        }));
    }
    let mut seen = 0u64;
    let mut hit = None;
    for problem in asked.problems(settings)? {
        queens::enumerate(&problem, EngineChoice::Auto, settings, &mut |p| {
            if seen == index {
                hit = Some(p.to_string());
                return ControlFlow::Break(());
            }
            seen += 1;
            ControlFlow::Continue(())
        })
        .map_err(text)?;
        if hit.is_some() {
            break;
        }
    }
    Ok(match hit {
        Some(coords) => json!({
            "found": true, "index": index, "coords": coords,
            "text": format!("solution {}: {coords}", index + 1),
        }),
        None => json!({
            "found": false, "total": seen,
            "text": format!("no solution {}: there {} {seen}", index + 1,
                if seen == 1 { "is" } else { "are" }),
        }),
    })
}

/// The number of solutions, all or up to the board's symmetries (the text is the
/// number, as `queens count` prints it).
pub fn count(req: &BoardRequest, unique: bool, settings: &Settings) -> Result<Value, String> {
    let s = req.setup()?;
    let asked = s.asked()?;
    if s.placed_conflict() {
        return Ok(json!({ "count": "0", "text": "0" }));
    }
    let n = match &asked {
        Asked::Exact(problem) if unique => {
            queens::count_unique(problem, EngineChoice::Auto, settings)
        }
        Asked::Exact(problem) => queens::count(problem, EngineChoice::Auto, settings),
        Asked::Ranged(r) => {
            r.spec
                .count_all(r.board, &r.fixed, EngineChoice::Auto, settings, unique)
        }
    }
    .map_err(text)?;
    Ok(json!({ "count": n.to_string(), "text": n.to_string() }))
}

/// The most pieces of the palette's kind that stand with the placed pieces, and in how
/// many ways (the text as `queens max` prints it: `MAX PLACEMENTS`).
pub fn max(req: &BoardRequest, settings: &Settings) -> Result<Value, String> {
    let s = req.setup()?;
    let found = maximum(&s.beside(), EngineChoice::Auto, settings).map_err(text)?;
    Ok(match found {
        Some(m) => json!({
            "max": m.pieces, "placements": m.placements.to_string(),
            "text": format!("{} {}", m.pieces, m.placements),
        }),
        None => json!({
            "max": null,
            "text": "no solution: the placed pieces attack each other",
        }),
    })
}

/// The fewest pieces of the palette's kind that occupy or attack every square beside
/// the placed pieces, the number of such placements and one of them (the text as
/// `queens cover` prints it: `MIN COUNT`).
pub fn cover_job(req: &BoardRequest, settings: &Settings) -> Result<Value, String> {
    let s = req.setup()?;
    // Holes and blockers hold no piece and need no covering; the torus wraps lines.
    let options = CoverOptions::default();
    let found = cover(&s.beside(), &options, EngineChoice::Auto, settings).map_err(text)?;
    Ok(match found {
        Some(c) => {
            let count = c.count.map(|n| n.to_string()).unwrap_or_default();
            json!({
                "min": c.min, "count": count, "coords": c.example.to_string(),
                "text": format!("{} {count}", c.min),
            })
        }
        // Why not, in the library's words (every front's), the fields as the page
        // labels them.
        None => {
            let why = why_none(&s.beside(), &options, EngineChoice::Auto, settings);
            let text = why.spelled(&|field| match field {
                CoverField::Pieces => label(Field::Pieces),
                CoverField::Fixed => label(Field::Fixed),
                other => other.name().into(),
            });
            json!({ "min": null, "text": format!("no covering: {text}") })
        }
    })
}

/// The names of a `rows x cols` board's squares, rank by rank from the first
/// (`names[rank * cols + file]`), and of its files (`a` ... `z`, `aa`, ...): the
/// library's, which the page asks once per board instead of naming squares itself.
pub fn square_names(rows: u32, cols: u32) -> Result<Value, String> {
    Board::new(rows, cols).map_err(text)?;
    let files: Vec<String> = (0..cols).map(queens::board::file_name).collect();
    let names: Vec<String> = (0..rows)
        .flat_map(|r| (0..cols).map(move |f| queens::Square::new(f, r).to_string()))
        .collect();
    Ok(json!({ "files": files, "names": names }))
}

/// The board as SVG (`queens solve --format svg`'s drawing).
pub fn svg(req: &BoardRequest) -> Result<String, String> {
    let s = req.setup()?;
    Ok(queens::render::svg_on(&s.board, &s.terrain, &s.placement))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_by_the_library() {
        let v = square_names(2, 28).unwrap();
        assert_eq!(v["files"][27], "ab");
        assert_eq!(v["names"][0], "a1");
        assert_eq!(v["names"][28 + 27], "ab2");
        assert_eq!(v["names"].as_array().unwrap().len(), 56);
        assert!(square_names(0, 3).is_err());
    }

    fn req(json: &str) -> BoardRequest {
        crate::read(json).unwrap()
    }

    #[test]
    fn attacks_and_conflicts_come_from_the_library_in_verify_words() {
        let v = analyse(&req(r#"{"pieces": "Qd1 Nf2"}"#)).unwrap();
        assert_eq!(v["valid"], false);
        assert_eq!(v["conflicting"], json!(["d1", "f2"]));
        assert_eq!(v["problems"][0], "Nf2 attacks Qd1 by a (2,1) leap");
        assert_eq!(
            v["text"],
            "invalid: 1 problem\n  Nf2 attacks Qd1 by a (2,1) leap"
        );
        let attacked: Vec<String> = serde_json::from_value(v["attacked"].clone()).unwrap();
        // A queen on d1 reaches 7 on its rank, 7 on its file, 3 + 4 on its diagonals;
        // the knight on f2 adds d3, e4, g4, h3, h1 and d1 (where the queen stands).
        for sq in ["d8", "a1", "h5", "a4", "e4", "h1", "d1"] {
            assert!(attacked.contains(&sq.to_string()), "{sq}");
        }
        assert!(!attacked.contains(&"b2".to_string()));
        let ok = analyse(&req(r#"{"pieces": "Qa1 Qb3"}"#)).unwrap();
        assert_eq!(ok["text"], "valid: 2 pieces on 8x8, no attacks");
    }

    #[test]
    fn terrain_and_the_torus_change_attacks() {
        let plain = analyse(&req(r#"{"rows":4,"cols":4,"pieces":"Ra1 Rd1"}"#)).unwrap();
        assert_eq!(plain["valid"], false);
        let blocked = analyse(&req(
            r#"{"rows":4,"cols":4,"pieces":"Ra1 Rd1","blockers":"b1"}"#,
        ))
        .unwrap();
        assert_eq!(blocked["valid"], true);
        let torus = analyse(&req(
            r#"{"rows":5,"cols":5,"pieces":"Qa1 Qb3","torus":true}"#,
        ))
        .unwrap();
        let flat = analyse(&req(r#"{"rows":5,"cols":5,"pieces":"Qa1 Qb3"}"#)).unwrap();
        assert_eq!(flat["valid"], true);
        // a1 to b3 is a knight's distance: no queen line on the plane, nor on the 5x5 torus.
        assert_eq!(torus["valid"], true);
        let wrap = analyse(&req(
            r#"{"rows":5,"cols":5,"pieces":"Qa1 Qe2","torus":true}"#,
        ))
        .unwrap();
        assert_eq!(
            wrap["valid"], false,
            "a1 and e2 touch across the wrapped edge"
        );
        let on_hole = analyse(&req(r#"{"pieces":"Qa1","holes":"a1"}"#)).unwrap();
        assert_eq!(on_hole["problems"][0], "Qa1 stands on a hole");
    }

    #[test]
    fn the_fairy_piece_is_defined_by_betza_text_or_name() {
        let v = analyse(&req(
            r#"{"pieces":"Fa1 Fc5","fairy":"nightrider","kind":"F"}"#,
        ))
        .unwrap();
        assert_eq!(v["fairy"], "nightrider");
        assert_eq!(
            v["problems"][0],
            "Fa1 and Fc5 attack each other along a (1,2) line"
        );
        let e = analyse(&req(r#"{"kind":"F"}"#)).unwrap_err();
        assert!(e.contains("no moves yet"), "{e}");
        let e = analyse(&req(r#"{"fairy":"grasshopper"}"#)).unwrap_err();
        assert!(!e.contains('\n') && e.contains("grasshopper"), "{e}");
        let e = analyse(&req(r#"{"rows":65}"#)).unwrap_err();
        assert!(e.contains("1 to 64"), "{e}");
        assert!(crate::read::<BoardRequest>(r#"{"rowz":3}"#).is_err());
    }

    #[test]
    fn solve_completes_or_proves_that_it_cannot() {
        let s = Settings::default();
        let v = solve(&req(r#"{"pieces":"Qa1"}"#), &s).unwrap();
        assert_eq!(v["found"], true);
        let coords = v["coords"].as_str().unwrap();
        assert!(coords.contains("Qa1"));
        let check = analyse(&req(&format!(r#"{{"pieces":"{coords}"}}"#))).unwrap();
        assert_eq!(check["text"], "valid: 8 pieces on 8x8, no attacks");
        // Qa1 Qb3 (a knight's distance) leaves no 8-queens solution: one of the cases
        // the brute force below confirms.
        let none = solve(&req(r#"{"pieces":"Qa1 Qb3"}"#), &s).unwrap();
        assert_eq!(none["found"], false, "{none}");
        assert!(
            none["text"]
                .as_str()
                .unwrap()
                .starts_with("cannot be completed")
        );
        let clash = solve(&req(r#"{"pieces":"Qa1 Qa2"}"#), &s).unwrap();
        assert!(
            clash["text"]
                .as_str()
                .unwrap()
                .contains("attack each other")
        );
    }

    /// An independent brute force over 8-queens permutations: how many solutions
    /// hold the given (file, rank) queens.
    fn brute_8q(fixed: &[(usize, usize)]) -> u64 {
        fn go(col: usize, ranks: &mut Vec<usize>, fixed: &[(usize, usize)], n: &mut u64) {
            if col == 8 {
                if fixed.iter().all(|&(f, r)| ranks[f] == r) {
                    *n += 1;
                }
                return;
            }
            for r in 0..8 {
                if ranks
                    .iter()
                    .enumerate()
                    .all(|(c, &q)| q != r && (col - c) != r.abs_diff(q))
                {
                    ranks.push(r);
                    go(col + 1, ranks, fixed, n);
                    ranks.pop();
                }
            }
        }
        let mut n = 0;
        go(0, &mut Vec::new(), fixed, &mut n);
        n
    }

    #[test]
    fn counts_and_next_agree_with_a_brute_force() {
        let s = Settings::default();
        assert_eq!(brute_8q(&[]), 92);
        assert_eq!(count(&req("{}"), false, &s).unwrap()["text"], "92");
        assert_eq!(count(&req("{}"), true, &s).unwrap()["text"], "12");
        let with_a1 = brute_8q(&[(0, 0)]);
        assert_eq!(
            count(&req(r#"{"pieces":"Qa1"}"#), false, &s).unwrap()["count"],
            with_a1.to_string()
        );
        assert_eq!(brute_8q(&[(0, 0), (1, 2)]), 0);
        // Every index below the count gives a distinct valid solution holding Qa1.
        let mut seen = std::collections::BTreeSet::new();
        for i in 0..with_a1 {
            let v = nth(&req(r#"{"pieces":"Qa1"}"#), i, &s).unwrap();
            let c = v["coords"].as_str().unwrap().to_string();
            assert!(c.contains("Qa1"));
            let ok = analyse(&req(&format!(r#"{{"pieces":"{c}"}}"#))).unwrap();
            assert_eq!(ok["valid"], true);
            seen.insert(c);
        }
        assert_eq!(seen.len() as u64, with_a1);
        let past = nth(&req(r#"{"pieces":"Qa1"}"#), with_a1, &s).unwrap();
        assert_eq!(past["found"], false);
        assert_eq!(past["total"], with_a1);
    }

    #[test]
    fn max_and_cover_answer_as_the_cli_prints() {
        let s = Settings::default();
        // OEIS A002465 / the library's doc-tests: 16 kings in 281571 ways; 5 queens
        // cover 8x8 in 4860 ways.
        assert_eq!(
            max(&req(r#"{"kind":"K"}"#), &s).unwrap()["text"],
            "16 281571"
        );
        let c = cover_job(&req(r#"{"kind":"Q"}"#), &s).unwrap();
        assert_eq!(c["text"], "5 4860");
        assert_eq!(c["coords"].as_str().unwrap().split(' ').count(), 5);
        // The library's doc example: blockers on b2 and c3 of 4x4 leave 4 queens the
        // most, in 2 ways.
        assert_eq!(
            max(&req(r#"{"rows":4,"cols":4,"blockers":"b2 c3"}"#), &s).unwrap()["text"],
            "4 2"
        );
        // The library's doc example: two queens cover the 4x4 torus, in 72 ways.
        assert_eq!(
            cover_job(&req(r#"{"rows":4,"cols":4,"torus":true}"#), &s).unwrap()["text"],
            "2 72"
        );
        // `queens cover 8 --kind Q --holes d4,e5`.
        assert_eq!(
            cover_job(&req(r#"{"kind":"Q","holes":"d4 e5"}"#), &s).unwrap()["text"],
            "5 4788"
        );
    }

    #[test]
    fn the_spec_defaults_to_the_palette_kind() {
        let s = Settings::default();
        // 4 rooks on 4x4: 4! = 24; 2 knights and 2 bishops given explicitly.
        assert_eq!(
            count(&req(r#"{"rows":4,"cols":4,"kind":"R"}"#), false, &s).unwrap()["text"],
            "24"
        );
        let e = count(&req(r#"{"spec":"9Z"}"#), false, &s).unwrap_err();
        assert!(!e.contains('\n'), "{e}");
        let svg = svg(&req(r#"{"pieces":"Qa1","holes":"b2"}"#)).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("hole b2"));
    }

    #[test]
    fn problems_are_built_by_the_library_request() {
        let page = req(
            r#"{"rows":5,"cols":6,"pieces":"Na1","fairy":"NN","holes":"b2","blockers":"c3","spec":"2N,F"}"#,
        );
        let built = page.setup().unwrap().problem().unwrap();
        let library = ProblemRequest {
            board: Some(BoardGiven::Text("5x6".into())),
            pieces: Some(Given::Text("2N,F".into())),
            fixed: Some(Given::Text("Na1".into())),
            define: vec!["F=NN".into()],
            holes: Some("b2".into()),
            blockers: Some("c3".into()),
            ..ProblemRequest::default()
        }
        .build()
        .unwrap();
        assert_eq!(built, library);
        // Without a spec: min(rows, cols) of the palette's kind.
        let rooks = req(r#"{"rows":3,"cols":5,"kind":"R"}"#);
        assert_eq!(
            queens::format_spec(rooks.setup().unwrap().problem().unwrap().pieces()),
            "3R"
        );
        // A wrong field is named as the page names it.
        let e = analyse(&req(r#"{"rows":4,"cols":4,"holes":"a1 a1"}"#)).unwrap_err();
        assert_eq!(e, "holes lists square a1 twice");
        let e = analyse(&req(r#"{"rows":4,"cols":4,"blockers":"a9"}"#)).unwrap_err();
        assert_eq!(e, "blockers square a9 is off the 4x4 board");
    }
}
