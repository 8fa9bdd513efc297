//! The bodies of the fuzz targets: one function per parser that takes any bytes and
//! panics only when the parser breaks a promise (a panic of its own, an answer that does
//! not survive being written out and read back, an error of the wrong kind).
//!
//! They live in the library, not in `fuzz/`, for two reasons: the ordinary tests on
//! stable Rust replay every kept input through the very same code
//! (`tests/it/fuzz_replay.rs`, inputs in `testdata/fuzz/<target>/`), and the bodies of
//! the checkpoint and shard targets reach crate-private parts (a checkpoint is only ever
//! read through a count, and a forged file needs its digest redone to get past the first
//! check). `cargo fuzz` (nightly, `fuzz/`) drives them with libFuzzer; `bench/fuzz.sh`
//! runs every target for minutes. Hidden from the docs: not an interface for users.
//!
//! Where a target parses a text twice with different settings (two boards, two star
//! counts), it is because the parsers branch on them.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::board::{Board, Square, file_name, parse_file};
use crate::engine::parts::checkpoint::{self, Checkpoint, Saver};
use crate::engine::parts::residues;
use crate::engine::{Method, PlanId, Shard, ShardResult, UniqueRule, merge};
use crate::error::Error;
use crate::export::dimacs::{Answer, VarMap, read_answer};
use crate::perm::Perm;
use crate::piece::Catalog;
use crate::problem::{Placement, format_spec, parse_spec};
use crate::puzzle::Puzzle;
use crate::range::{RangeItem, RangeSpec, is_range};
use crate::terrain::{Regions, Terrain};
use crate::{betza, fairy, render};

/// A fuzz target's body: any bytes in, a panic only on a broken promise.
pub type Target = fn(&[u8]);

/// Every target by the name of its `fuzz/fuzz_targets/<name>.rs` and its directory of
/// kept inputs `testdata/fuzz/<name>/` (the page's `link` target is not here: its body
/// is in `fuzz/link.rs`, as it drives the web bindings, which stand on this crate).
pub const TARGETS: &[(&str, Target)] = &[
    ("board", board),
    ("spec", spec),
    ("placement", placement),
    ("perm", perm),
    ("betza", betza),
    ("fairy", fairy),
    ("terrain", terrain),
    ("puzzle", puzzle),
    ("regions", regions),
    ("shard", shard),
    ("checkpoint", checkpoint),
    ("dimacs", dimacs),
    ("picture", picture),
    #[cfg(feature = "picture-files")]
    ("image", image),
];

/// The text of `data`, or `None` when it is not UTF-8 (every parser here takes `&str`;
/// the bytes-to-text step is `text::decode`'s, fuzzed through the puzzle target).
fn utf8(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}

/// The catalog the targets read pieces with: the built-in kinds and two fairy ones, so
/// that letters beyond K N B R Q A are looked up too.
fn catalog() -> Catalog {
    fairy::catalog_with(&["C=RN", "F=NN"]).expect("two good definitions")
}

/// Boards: `N`, `RxC`; squares (`c3`, `aa10`) and file names.
pub fn board(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(b) = text.parse::<Board>() {
        assert!((1..=Board::MAX_SIDE).contains(&b.rows()), "{b}");
        assert!((1..=Board::MAX_SIDE).contains(&b.cols()), "{b}");
        assert_eq!(b.to_string().parse::<Board>().expect("a board's text"), b);
    }
    if let Ok(sq) = text.parse::<Square>() {
        assert_eq!(
            sq.to_string().parse::<Square>().expect("a square's text"),
            sq
        );
    }
    if let Some(f) = parse_file(text) {
        assert_eq!(file_name(f), text);
    }
}

/// Piece specs (`2N,2B,R,Q`) and ranged specs (`0..8Q`, `*K`, `1..3N,Q`).
pub fn spec(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let catalog = catalog();
    if let Ok(spec) = parse_spec(text, &catalog) {
        let again = format_spec(&spec);
        assert_eq!(parse_spec(&again, &catalog).expect("a spec's text"), spec);
    }
    let _ = is_range(text);
    if let Ok(range) = RangeSpec::parse(text, &catalog) {
        for item in range.items() {
            assert!(item.max.is_none_or(|max| item.min <= max), "{item:?}");
        }
        let again = range_text(range.items());
        assert_eq!(
            RangeSpec::parse(&again, &catalog).expect("a range spec's text"),
            range
        );
    }
}

/// A ranged spec written back: `*X`, `A..BX` or `NX`.
fn range_text(items: &[RangeItem]) -> String {
    let item = |i: &RangeItem| match i.max {
        None => format!("*{}", i.kind),
        Some(max) if max == i.min => format!("{max}{}", i.kind),
        Some(max) => format!("{}..{max}{}", i.min, i.kind),
    };
    items.iter().map(item).collect::<Vec<_>>().join(",")
}

/// Placements: coordinates (`Qa1 Nc3`), permutations (`[1,5,8,...]`) and diagrams.
pub fn placement(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let catalog = catalog();
    if let Ok(p) = Placement::parse(text, &catalog) {
        let again = Placement::parse(&p.to_string(), &catalog).expect("a placement's text");
        assert_eq!(again, p);
        let board = Board::square(8).expect("8x8");
        // Whether it fits is for `check_on` to say; it must say it, not panic.
        let _ = p.check_on(&board);
        let spec = p.spec();
        assert_eq!(
            spec.iter().map(|c| c.count as usize).sum::<usize>(),
            p.len()
        );
    }
    let _ = Placement::permutation_files(text);
    for side in [4, 100] {
        let _ = Placement::parse_on(text, &catalog, &Board::square(side).expect("a side"));
    }
    if let Ok(Some((b, p))) = Placement::parse_diagram(text, &catalog) {
        p.check_on(&b).expect("a diagram's pieces are on its board");
        let drawn = render::diagram(&b, &p);
        let again = Placement::parse_diagram(&drawn, &catalog).expect("a drawn diagram");
        assert_eq!(again, Some((b, p)));
    }
}

/// The `perm` text: one rank per file, `0` for a file without a queen.
pub fn perm(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(p) = Perm::parse_text(text, None) {
        let again = Perm::parse_text(&p.to_text(), Some(p.board())).expect("a perm's text");
        assert_eq!(again, p);
        let placement = p.to_placement();
        assert_eq!(
            Perm::from_placement(&p.board(), &placement),
            Some(p.clone())
        );
        let (conflicts, pairs) = p.conflicts(4);
        assert_eq!(p.is_valid(), pairs == 0);
        assert!(conflicts.len() <= 4);
    }
    let eight = Board::square(8).expect("8x8");
    let _ = Perm::parse_text(text, Some(eight));
    let _ = Perm::read_padded(&mut text.as_bytes(), eight);
    let huge = Board::square(1_000_000_000).expect("10^9 x 10^9");
    if let Ok(p) = Perm::read_leading(&mut text.as_bytes(), huge) {
        assert!(p.board().cols() as usize == p.ranks().len());
        let _ = p.is_valid();
    }
}

/// Betza strings: an answer's canonical form parses back to the same moves; an error
/// points inside the string (or just past its end).
pub fn betza(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    match betza::parse(text) {
        Ok(moves) => {
            let canon = betza::canonical(&moves);
            assert_eq!(betza::parse(&canon).expect("canonical parses"), moves);
        }
        Err(Error::BadBetza { position, .. } | Error::UnsupportedBetza { position, .. }) => {
            assert!(position >= 1 && position <= text.chars().count() + 1);
        }
        Err(e) => panic!("unexpected error kind: {e}"),
    }
}

/// `LETTER=BETZA` and `LETTER=NAME` definitions, one per line: a kind's own notation
/// defines the same moves again.
pub fn fairy(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    for line in text.lines() {
        if let Ok(kind) = fairy::definition(line) {
            let again = fairy::definition(&format!("{}={}", kind.letter(), kind.notation()))
                .expect("a kind's notation defines it");
            assert_eq!(again.moves(), kind.moves());
            let _ = fairy::diagram(kind.moves(), 7, kind.letter());
        }
        let _ = fairy::kind('Z', line);
    }
    let _ = fairy::catalog_with(&text.lines().collect::<Vec<_>>());
}

/// Squares lists for holes and blockers (`a1,c3`): the first line holes, the rest
/// blockers, on a small board and on one with two-letter files.
pub fn terrain(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let (holes, blockers) = text.split_once('\n').unwrap_or((text, ""));
    for board in [Board::square(8), Board::new(30, 40)] {
        let board = board.expect("a board");
        let h = Terrain::parse_squares(holes, &board, "holes");
        let b = Terrain::parse_squares(blockers, &board, "blockers");
        if let Ok(h) = &h {
            let again: Vec<String> = h.iter().map(Square::to_string).collect();
            let again = Terrain::parse_squares(&again.join(","), &board, "holes");
            assert_eq!(again.expect("squares' text"), *h);
        }
        if let (Ok(h), Ok(b)) = (h, b) {
            let apart = h.iter().all(|s| !b.contains(s));
            let t = Terrain::new(&board)
                .with_holes(h)
                .and_then(|t| t.with_blockers(b));
            assert_eq!(t.is_ok(), apart);
            if let Ok(t) = t {
                assert!(t.fits(&board));
            }
        }
    }
}

/// Puzzle files (bytes, as read: BOM, CRLF, binary), with one and two stars.
pub fn puzzle(data: &[u8]) {
    for k in [1, 2] {
        if let Ok(p) = Puzzle::parse_bytes(data, k) {
            let n = p.side();
            assert!((1..=crate::puzzle::MAX_SIDE).contains(&n));
            assert_eq!(
                Puzzle::parse(&p.picture(), k).expect("a puzzle's picture"),
                p
            );
            let _ = p.diagram(&[]);
            let _ = p.accepts(&[]);
        }
    }
}

/// Region files (`--regions`): the board their picture draws, the regions on it with
/// one and two pieces each, and the picture drawn again.
pub fn regions(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    let Ok(board) = Regions::board_of(text) else {
        return;
    };
    for per_region in [1, 2] {
        let Ok((regions, holes)) = Regions::parse(text, &board, per_region) else {
            continue;
        };
        let drawn = region_picture(&board, &regions);
        let again = Regions::parse(&drawn, &board, per_region).expect("a drawn region file");
        assert_eq!(again, (regions.clone(), holes.clone()));
        let _ = Terrain::new(&board).with_regions(regions, holes);
    }
}

/// A region file for `regions`: top rank first, `#` for a square in no region.
fn region_picture(board: &Board, regions: &Regions) -> String {
    let mut out = String::new();
    for rank in (0..board.rows()).rev() {
        for file in 0..board.cols() {
            let i = board.index(Square::new(file, rank));
            out.push(regions.region_at(i).map_or('#', |r| regions.name(r)));
        }
        out.push('\n');
    }
    out
}

/// Shard results (`count --shard`'s JSON) and shard names (`I/K`). A result that reads
/// as one is read again with its digest redone (and with its check values too), so
/// that the fuzzer gets past them to the checks behind (and to `merge`).
pub fn shard(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    if let Ok(s) = text.parse::<Shard>() {
        assert_eq!(s.to_string().parse::<Shard>().expect("a shard's text"), s);
        assert!((0..4).filter(|&i| s.owns(i)).count() <= 4);
    }
    let mut texts = vec![text.to_string()];
    texts.extend(
        [false, true]
            .into_iter()
            .filter_map(|fix| forge_shard(text, fix)),
    );
    for text in texts {
        let Ok(r) = ShardResult::parse(&text, "part") else {
            continue;
        };
        assert_eq!(
            ShardResult::parse(&r.to_json(), "part").expect("to_json"),
            r
        );
        for parts in [vec![r.clone()], vec![r.clone(), r.clone()]] {
            let named: Vec<(String, ShardResult)> = parts
                .into_iter()
                .enumerate()
                .map(|(i, r)| (format!("part {i}"), r))
                .collect();
            let _ = merge(&named);
        }
    }
}

/// `text` read as a shard result and written again with its digest redone (and its
/// check values, with `fix_residues`), as a forger would: `None` when it does not read.
pub fn forge_shard(text: &str, fix_residues: bool) -> Option<String> {
    let mut forged = serde_json::from_str::<ShardResult>(text.trim()).ok()?;
    if fix_residues {
        let [a, b] = residues(forged.total);
        let [c, d] = residues(forged.unique);
        forged.residues = [a, b, c, d];
    }
    forged.check = forged.digest();
    Some(forged.to_json())
}

/// A distinct temporary file per call (tests replay inputs on several threads).
fn scratch_file() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    std::env::temp_dir().join(format!(
        "queens-fuzz-checkpoint-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ))
}

/// The plan the checkpoint target reads checkpoints for when the file names none: 20
/// tasks of the exact engine.
fn sample_plan() -> PlanId {
    PlanId {
        engine: "exact".into(),
        problem: "5x5 N1B1R1Q1A1".into(),
        rows: 5,
        cols: 5,
        method: Method::Exact,
        fingerprint: "0123456789abcdef".into(),
        tasks: 20,
        divisor: 1,
        unique: UniqueRule::Summed,
    }
}

/// Checkpoint files (a JSON snapshot line, then journal lines), read as a count reads
/// them: for a fixed plan (whole and as shard 2/3), and for the plan and shard the file
/// itself names with its checksum redone (and its check values too), to get past them;
/// a checkpoint read is written again and read back to the same tasks and sums.
pub fn checkpoint(data: &[u8]) {
    let path = scratch_file();
    let mut tries = vec![
        (sample_plan(), None, data.to_vec()),
        (
            sample_plan(),
            Some(Shard { index: 2, count: 3 }),
            data.to_vec(),
        ),
    ];
    if let Some(text) = utf8(data) {
        for fix_residues in [false, true] {
            if let Some((plan, shard, forged)) = checkpoint::forge(text, fix_residues) {
                tries.push((plan, shard, forged.into_bytes()));
            }
        }
    }
    for (plan, shard, bytes) in tries {
        if std::fs::write(&path, bytes).is_err() {
            break;
        }
        let _ = checkpoint::checkpoint_method(&path);
        if let Ok(cp) = Checkpoint::load_or_new(&path, &plan, shard) {
            let copy = scratch_file();
            if Saver::default().snapshot(&cp, &copy).is_ok() {
                let again = Checkpoint::load_or_new(&copy, &plan, shard);
                let again = again.expect("a checkpoint written again");
                assert_eq!(again.sum(), cp.sum());
                assert!((0..plan.tasks).all(|i| again.is_done(i) == cp.is_done(i)));
            }
            let _ = std::fs::remove_file(&copy);
        }
    }
    let _ = std::fs::remove_file(&path);
}

/// DIMACS headers (`queens export --to dimacs`) and a SAT solver's answers.
pub fn dimacs(data: &[u8]) {
    let Some(text) = utf8(data) else { return };
    match read_answer(text) {
        Ok(Answer::Sat(vars)) => {
            let mut again = String::from("s SATISFIABLE\nv");
            for v in &vars {
                again.push_str(&format!(" {v}"));
            }
            again.push_str(" 0\n");
            assert_eq!(read_answer(&again).expect("an answer"), Answer::Sat(vars));
        }
        Ok(Answer::Unsat) => {}
        Err(Error::BadModel { .. }) => {}
        Err(e) => panic!("unexpected error kind: {e}"),
    }
    match VarMap::from_dimacs(text, &Catalog::standard()) {
        Ok(map) => {
            let all: Vec<u32> = (1..=256).collect();
            let p = map.decode(&all);
            assert!(p.len() <= all.len());
        }
        Err(Error::BadCnf { .. }) => {}
        Err(e) => panic!("unexpected error kind: {e}"),
    }
}

/// What a picture reading promises: a puzzle that reads back from its own text, one
/// colour, one mark and one confidence a square, the grid inside the picture, and an
/// error only of the kinds a picture can give.
fn check_reading(got: Result<crate::puzzle::picture::Reading, Error>, width: usize, height: usize) {
    match got {
        Ok(r) => {
            let p = &r.puzzle;
            let squares = p.side() * p.side();
            assert!((1..=crate::puzzle::MAX_SIDE).contains(&p.side()));
            assert_eq!(
                Puzzle::parse(&p.picture(), p.stars() as u32).expect("a read puzzle's text"),
                *p
            );
            assert_eq!(r.drawn.len(), squares);
            assert_eq!(r.confidence.len(), squares);
            assert!(r.grid.x + r.grid.width <= width && r.grid.y + r.grid.height <= height);
        }
        Err(Error::BadTerrain(why)) => assert!(!why.is_empty()),
        Err(e) => panic!("unexpected error kind: {e}"),
    }
}

/// Screenshots as pixels (`puzzle::picture::read`): the first two bytes are the width
/// and height (1 to 256), the rest the RGBA pixels, repeated to fill the picture (so
/// that short inputs still make whole pictures of flat colours, stripes and noise).
pub fn picture(data: &[u8]) {
    use crate::puzzle::picture::{Options, read};
    let [w, h, rest @ ..] = data else { return };
    let (width, height) = (*w as usize + 1, *h as usize + 1);
    let rgba: Vec<u8> = if rest.is_empty() {
        vec![255; width * height * 4]
    } else {
        rest.iter()
            .copied()
            .cycle()
            .take(width * height * 4)
            .collect()
    };
    for options in [
        Options::default(),
        Options {
            size: Some(8),
            stars: Some(1),
        },
    ] {
        check_reading(read(width, height, &rgba, &options), width, height);
    }
}

/// Picture files (PNG, JPEG, WebP, GIF, BMP) through the decoder and the reader, as
/// `queens puzzle read FILE` takes them.
#[cfg(feature = "picture-files")]
pub fn image(data: &[u8]) {
    use crate::puzzle::picture::{Options, decode, read_file};
    let size = decode(data).ok().map(|(w, h, _)| (w, h));
    match read_file(data, &Options::default()) {
        Ok(r) => {
            let (w, h) = size.expect("a file read is a file decoded");
            check_reading(Ok(r), w, h);
        }
        Err(e) => check_reading(Err(e), 0, 0),
    }
}
