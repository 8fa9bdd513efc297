//! Puzzles from pictures (`queens::puzzle::picture`, `queens puzzle read`): pictures
//! drawn here from known puzzles in several styles (pastel, dark, black-and-white
//! Star Battle, with app chrome, crowns and crosses), then scaled, blurred,
//! JPEG-compressed and made noisy, must read back as the puzzle drawn or be refused with
//! one sentence, never a wrong puzzle without a warning; the grid finder on random
//! layouts; bad files refused quickly.

use proptest::prelude::*;
use queens::Settings;
use queens::puzzle::generate::{Request, generate};
use queens::puzzle::picture::render::{self, Picture, Style, Theme};
use queens::puzzle::picture::{Options, read, read_file};
use queens::puzzle::{Mark, Puzzle, State};

use crate::rendered::{Verdict, case, corpus, jpeg, judge, same_regions};

/// Reads the rendered pictures `from..to`: every one right or refused with a sentence,
/// none wrong without a warning; returns (right, refused, warned).
pub fn rendered_set(from: u64, to: u64, show: bool) -> (usize, usize, usize) {
    let corpus = corpus();
    let (mut right, mut refused, mut warned) = (0, 0, 0);
    let mut wrong = Vec::new();
    for i in from..to {
        let c = case(i, &corpus);
        match judge(&c) {
            Verdict::Right => right += 1,
            Verdict::Refused(why) => {
                refused += 1;
                if show {
                    eprintln!("refused {}: {why}", c.what);
                }
            }
            Verdict::Warned(why) => {
                warned += 1;
                if show {
                    eprintln!("warned {}: {why}", c.what);
                }
            }
            Verdict::Wrong(why) => wrong.push(format!("{}: {why}", c.what)),
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    (right, refused, warned)
}

/// `pic` read as a one-star puzzle of a side the reader finds.
fn read_one_star(pic: &Picture) -> Result<queens::puzzle::picture::Reading, queens::Error> {
    let one_star = Options {
        size: None,
        stars: Some(1),
    };
    read(pic.width, pic.height, &pic.rgba, &one_star)
}

#[test]
fn a_plain_picture_reads_back() {
    let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
    for theme in [Theme::Pastel, Theme::Dark, Theme::BlackWhite] {
        let pic = render::draw(
            &p,
            None,
            &Style {
                theme,
                ..Style::default()
            },
        );
        let r = read_one_star(&pic).unwrap_or_else(|e| panic!("{theme:?}: {e}"));
        assert!(same_regions(&r.puzzle, &p), "{theme:?}");
    }
}

#[test]
fn rendered_pictures_read_right_or_are_refused() {
    let (right, refused, warned) = rendered_set(0, 200, true);
    eprintln!("right {right}, refused {refused}, warned {warned}");
    // Issue 39's target is 99.5% right (199 of 200): the reader is there, and every
    // picture it does not read right is refused or warned about (rendered_set fails
    // on a wrong puzzle without a warning). The bar is where the reader is, so that a
    // step back fails.
    assert!(
        right >= 199,
        "right {right}, refused {refused}, warned {warned}"
    );
}

#[test]
#[ignore = "the rendered set's 1,000 pictures: bench/picture.sh runs it"]
fn rendered_set_of_a_thousand() {
    let (right, refused, warned) = rendered_set(0, 1000, true);
    println!("right {right}, refused {refused}, warned {warned} of 1000");
}

/// Random layouts: boards of any side and square size, anywhere on a page with chrome,
/// 64 drawn by proptest's runner. A layout read must be read right (side, outline,
/// regions): never a wrong puzzle. A refusal (a sentence) is allowed, but at most one
/// layout in eight: the reader refuses about one picture in a hundred (the rendered
/// set), and a proptest that demanded every layout failed CI at random on the few it
/// cannot read yet (black-and-white boards with chrome found as a sub-grid).
#[test]
fn the_grid_finder_finds_random_layouts() {
    use proptest::test_runner::{Config, TestRunner};
    let refused = std::cell::RefCell::new(Vec::new());
    let mut runner = TestRunner::new(Config::with_cases(64));
    let layouts = (
        4usize..=14,
        16usize..=30,
        2usize..=4,
        0usize..3,
        any::<bool>(),
        0u64..1000,
    );
    runner
        .run(&layouts, |(n, cell, thick, theme, chrome, seed)| {
            if !random_layout(n, cell, thick, theme, chrome, seed)? {
                refused
                    .borrow_mut()
                    .push((n, cell, thick, theme, chrome, seed));
            }
            Ok(())
        })
        .unwrap();
    let refused = refused.into_inner();
    assert!(
        refused.len() <= 8,
        "refused {} of 64: {refused:?}",
        refused.len()
    );
}

/// Writes `pic` to `path` as a PNG (for looking at a case by eye).
fn save_png(path: &str, pic: &Picture) {
    image::save_buffer(
        path,
        &pic.rgba,
        pic.width as u32,
        pic.height as u32,
        image::ExtendedColorType::Rgba8,
    )
    .unwrap();
}

/// One random layout of the grid finder's proptest: the generated puzzle of side `n`
/// (`seed`) drawn in `theme` (pastel, dark, black-and-white) with squares of `cell`
/// pixels and borders of `thick`, read back with its side, outline and regions:
/// `true` when read right, `false` when refused with a sentence, an error when read
/// wrong.
fn random_layout(
    n: usize,
    cell: usize,
    thick: usize,
    theme: usize,
    chrome: bool,
    seed: u64,
) -> Result<bool, TestCaseError> {
    let req = Request {
        seed,
        ..Request::new(n)
    };
    let p = match generate(&req, &Settings::default()).unwrap() {
        Some(m) => m.puzzle,
        None => return Ok(true),
    };
    drawn_layout(&p, cell, thick, theme, chrome, seed)
}

/// Draws `p` in the layout (square size, line width, theme, chrome, noise seed) and
/// reads it back: `Ok(true)` read right, `Ok(false)` refused with a sentence, an error
/// when read wrong.
fn drawn_layout(
    p: &Puzzle,
    cell: usize,
    thick: usize,
    theme: usize,
    chrome: bool,
    seed: u64,
) -> Result<bool, TestCaseError> {
    let n = p.side();
    let theme = [Theme::Pastel, Theme::Dark, Theme::BlackWhite][theme];
    let pic = render::draw(
        p,
        None,
        &Style {
            theme,
            cell,
            thin: 1,
            thick,
            chrome,
            seed,
            ..Style::default()
        },
    );
    // For looking at a failing layout: LAYOUT_OUT=/tmp/x.png writes the picture.
    if let Ok(out) = std::env::var("LAYOUT_OUT") {
        save_png(&out, &pic);
    }
    let r = read_one_star(&pic);
    let r = match r {
        Ok(r) => r,
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            return Ok(false);
        }
    };
    prop_assert_eq!(r.puzzle.side(), n);
    let (bx, by, side) = pic.board;
    prop_assert!(
        (r.grid.x as f32 - bx).abs() <= 2.0,
        "{:?} {:?}",
        r.grid,
        pic.board
    );
    prop_assert!(
        (r.grid.y as f32 - by).abs() <= 2.0,
        "{:?} {:?}",
        r.grid,
        pic.board
    );
    prop_assert!(
        (r.grid.width as f32 - side).abs() <= 3.0,
        "{:?} {:?}",
        r.grid,
        pic.board
    );
    prop_assert!(same_regions(&r.puzzle, p));
    Ok(true)
}

/// The proptest's case that failed on a clean pastel picture with "c1 and d1: colours
/// too close to tell apart" (then "9 regions read on a 6x6 grid"): a box taller than
/// the board took a 6x6 lattice because its windows (15% of its pitch) were wide
/// enough to catch the 14x14 board's lines 8.7 pixels off.
#[test]
fn the_grid_finder_reads_a_clean_pastel_14x14() {
    assert!(random_layout(14, 26, 2, 0, true, 277).unwrap(), "refused");
}

/// Writes rendered picture `PICTURE_CASE` to `PICTURE_OUT` (a PNG) and prints its
/// reading: for looking at a case that fails.
#[test]
#[ignore = "a tool: PICTURE_CASE=17 PICTURE_OUT=/tmp/case.png"]
fn dump_case() {
    let Ok(i) = std::env::var("PICTURE_CASE") else {
        return;
    };
    let i: u64 = i.parse().unwrap();
    let c = case(i, &corpus());
    let out = std::env::var("PICTURE_OUT").unwrap();
    match &c.jpeg {
        Some(bytes) => std::fs::write(&out, bytes).unwrap(),
        None => save_png(&out, &c.pixels),
    }
    println!("{}\n{}{:?}", c.what, c.puzzle.picture(), judge(&c));
}

/// The benchmark's screenshot: a 9x9 puzzle in the pastel theme, squares of 100
/// pixels, with app chrome around it (about 1,000 x 1,100 pixels), crowns and crosses.
fn bench_picture() -> (Puzzle, Picture) {
    let p = generate(
        &Request {
            n: 9,
            stars: 1,
            difficulty: None,
            seed: 9,
            style: Default::default(),
        },
        &Settings::default(),
    )
    .unwrap()
    .unwrap()
    .puzzle;
    let mut s = State::new(&p);
    let sol = p
        .solutions(&State::new(&p), 1, 1, &Settings::default())
        .unwrap()
        .solutions
        .remove(0);
    s.marks[sol[0]] = Mark::Star;
    s.marks[sol[3]] = Mark::Star;
    for sq in [1, 2, 10, 11, 40] {
        if !sol.contains(&sq) {
            s.marks[sq] = Mark::Cross;
        }
    }
    let style = Style {
        theme: Theme::Pastel,
        cell: 100,
        thin: 2,
        thick: 6,
        chrome: true,
        seed: 3,
        ..Style::default()
    };
    let pic = render::draw(&p, Some(&s), &style);
    (p, pic)
}

/// Times the reading of the benchmark's screenshot (one thread, the median of 21) and
/// writes it as a PNG to `PICTURE_BENCH_OUT` for the memory measure.
#[test]
#[ignore = "a benchmark: bench/picture.sh runs it"]
fn picture_bench() {
    let (p, pic) = bench_picture();
    let mut times = Vec::new();
    for _ in 0..21 {
        let t = std::time::Instant::now();
        let r = read(pic.width, pic.height, &pic.rgba, &Options::default()).unwrap();
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        assert!(same_regions(&r.puzzle, &p));
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{}x{} screenshot, 9x9 board: read in {:.1} ms (median of 21; min {:.1}, max {:.1})",
        pic.width, pic.height, times[10], times[0], times[20]
    );
    if let Ok(out) = std::env::var("PICTURE_BENCH_OUT") {
        save_png(&out, &pic);
    }
}

/// PNG bytes of `pic`.
fn png(pic: &Picture) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::write_buffer_with_format(
        &mut out,
        &pic.rgba,
        pic.width as u32,
        pic.height as u32,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .unwrap();
    out.into_inner()
}

/// A 9x9 puzzle drawn with crowns on two of its solution's squares and crosses.
fn marked_picture() -> (Puzzle, Vec<usize>, Vec<u8>) {
    let p = Puzzle::parse(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/testdata/puzzles/k1-n09-gen.txt"
        ))
        .unwrap(),
        1,
    )
    .unwrap();
    let sol = p
        .solutions(&State::new(&p), 1, 1, &Settings::default())
        .unwrap()
        .solutions
        .remove(0);
    let mut s = State::new(&p);
    s.marks[sol[0]] = Mark::Star;
    s.marks[sol[1]] = Mark::Star;
    let pic = render::draw(&p, Some(&s), &Style::default());
    (p, sol, png(&pic))
}

#[test]
fn cli_read_prints_the_puzzle_and_json() {
    use crate::common::{run_with_stdin, stdout};
    let (p, _, bytes) = marked_picture();
    let o = run_with_stdin(&["puzzle", "read", "-"], &bytes);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let got = Puzzle::parse(&stdout(&o), 1).unwrap();
    assert!(same_regions(&got, &p));
    let o = run_with_stdin(&["puzzle", "read", "-", "--format", "json"], &bytes);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["size"], 9);
    assert_eq!(v["stars"], 1);
    assert_eq!(v["placed"].as_array().unwrap().len(), 2);
    assert_eq!(v["colours"].as_array().unwrap().len(), 9);
    assert_eq!(v["marks"][0].as_array().unwrap().len(), 9);
    assert!(v["grid"]["width"].as_u64().unwrap() > 200);
    assert_eq!(v["solutions"], "1");
    // --size names the side to look for; a wrong one is refused.
    let o = run_with_stdin(&["puzzle", "read", "-", "--size", "7"], &bytes);
    assert_eq!(o.status.code(), Some(2), "{o:?}");
}

#[test]
fn every_puzzle_verb_takes_a_picture_and_hint_starts_from_its_marks() {
    use crate::common::{run_with_stdin, stdout};
    let (p, sol, bytes) = marked_picture();
    let o = run_with_stdin(&["puzzle", "check", "-"], &bytes);
    assert_eq!(
        (o.status.code(), stdout(&o).as_str()),
        (Some(0), "unique\n")
    );
    let o = run_with_stdin(&["puzzle", "solve", "-", "--format", "coords"], &bytes);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let mut want: Vec<usize> = sol.clone();
    want.sort_by_key(|&i| (i % 9, i / 9));
    assert_eq!(stdout(&o), format!("{}\n", p.names_of(&want, " ")));
    // The hint from the drawn position never places the stars already drawn.
    let o = run_with_stdin(&["puzzle", "hint", "-", "--format", "json"], &bytes);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    for i in &sol[..2] {
        let name = p.square(*i).to_string();
        assert!(
            !v["place"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s == &name[..])
        );
    }
    let o = run_with_stdin(&["puzzle", "rate", "-"], &bytes);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
}

/// A PNG header that says 40,000 x 40,000 pixels, and no data.
fn huge_png_header() -> Vec<u8> {
    fn crc(bytes: &[u8]) -> u32 {
        let mut c = 0xffff_ffffu32;
        for &b in bytes {
            c ^= b as u32;
            for _ in 0..8 {
                c = if c & 1 == 1 {
                    0xedb8_8320 ^ (c >> 1)
                } else {
                    c >> 1
                };
            }
        }
        !c
    }
    let mut ihdr = b"IHDR".to_vec();
    ihdr.extend(40_000u32.to_be_bytes());
    ihdr.extend(40_000u32.to_be_bytes());
    ihdr.extend([8, 6, 0, 0, 0]);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    out.extend(13u32.to_be_bytes());
    out.extend(&ihdr);
    out.extend(crc(&ihdr).to_be_bytes());
    for chunk in [&b"IDAT"[..], &b"IEND"[..]] {
        out.extend(0u32.to_be_bytes());
        out.extend(chunk);
        out.extend(crc(chunk).to_be_bytes());
    }
    out
}

#[test]
fn bad_pictures_are_refused_quickly_with_one_sentence() {
    use crate::common::{run_with_stdin, stderr};
    let (_, _, png_bytes) = marked_picture();
    let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
    let blank = Picture {
        width: 300,
        height: 200,
        rgba: vec![255; 300 * 200 * 4],
        board: (0.0, 0.0, 0.0),
    };
    let pic = render::draw(&p, None, &Style::default());
    let jpeg_bytes = jpeg(&pic, 80);
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("empty", Vec::new(), "empty"),
        (
            "not a picture",
            b"\x00\x01\x02 hello".to_vec(),
            "not a picture",
        ),
        ("huge header", huge_png_header(), "40000x40000"),
        (
            "truncated JPEG",
            jpeg_bytes[..jpeg_bytes.len() / 3].to_vec(),
            "picture",
        ),
        (
            "truncated PNG",
            png_bytes[..png_bytes.len() / 2].to_vec(),
            "picture",
        ),
        ("no grid", png(&blank), "no grid"),
    ];
    for (what, bytes, want) in cases {
        let t = std::time::Instant::now();
        let o = run_with_stdin(&["puzzle", "read", "-"], &bytes);
        assert!(t.elapsed().as_secs_f64() < 5.0, "{what}: slow");
        assert_eq!(o.status.code(), Some(2), "{what}: {o:?}");
        let e = stderr(&o);
        assert!(e.contains(want), "{what}: {e}");
        assert_eq!(e.trim_end().lines().count(), 1, "{what}: {e}");
    }
    // The library refuses the huge header before allocating for it.
    let e = read_file(&huge_png_header(), &Options::default()).unwrap_err();
    assert!(e.to_string().contains("pictures go up to"), "{e}");
}

/// Reads the rendered pictures listed in `PICTURE_CASES` (numbers apart by commas) and
/// prints each verdict: for working on the cases a change should fix.
#[test]
#[ignore = "a tool: PICTURE_CASES=28,49,100"]
fn judge_cases() {
    let Ok(list) = std::env::var("PICTURE_CASES") else {
        return;
    };
    let corpus = corpus();
    for i in list.split(',').filter_map(|s| s.trim().parse::<u64>().ok()) {
        let c = case(i, &corpus);
        println!("{}: {:?}", c.what, judge(&c));
    }
}

/// Issue 39's failure classes, one rendered picture each from the set (the test's own
/// generator): nearest-pixel downscales that drop one-pixel lines (x0.82 to x0.96: the
/// grid was not found, or found as a sub-grid), and dark boards blurred (their dim
/// lines were missed, so a sub-grid was read and its colours judged too close).
#[test]
fn picture_dropped_lines_and_dim_blurred_grids_read_right() {
    let corpus = corpus();
    for i in [180, 487, 514, 539, 555, 755, 780, 100, 719, 774] {
        let c = case(i, &corpus);
        assert_eq!(judge(&c), Verdict::Right, "{}", c.what);
    }
}

/// Issue 39's mark class: crosses on small squares (17 to 19 pixels) blurred, scaled
/// or JPEG-compressed were read as stars, and black-and-white five-pointed stars
/// scaled were read as crosses; one rendered picture each from the set.
#[test]
fn picture_small_blurred_crosses_and_scaled_stars_read_right() {
    let corpus = corpus();
    for i in [243, 261, 339, 433, 681, 702, 782, 821] {
        let c = case(i, &corpus);
        assert_eq!(judge(&c), Verdict::Right, "{}", c.what);
    }
}

/// Layouts the proptest met in CI runs of 2026-11-28 that the reader refused, with the
/// puzzles drawn in them pinned (the generator's output for a seed changes as it
/// improves). The 12x12 black-and-white board with chrome, found as a 4x4 sub-grid
/// then, is read right since the grid finder tries the squarest of the widest boxes
/// first and refuses a lattice with lines between its own (pic4). The 11x11 pastel
/// board was read with 12 regions and refused: rightly, for the generator had split
/// its region j in two (regression test `generator_split_a_region_in_two_after_an_undo`);
/// the puzzle the mended generator gives that seed reads right in the same layout.
#[test]
fn the_grid_finder_refuses_rather_than_misreads_the_layouts_ci_met() {
    let p12 = Puzzle::parse(
        "kkkkkjjjjjlj\nkffkkjjjjjlj\nfffkkkkjjjjj\nfffffffffijj\nffgffffhhijj\n\
         ffgfffffffjj\ncccccefffffj\nccccceeejjjj\ncddcceeejjjj\naccceeeejeej\n\
         acccbbeeeeee\naacceeeeeeee\n",
        1,
    )
    .unwrap();
    assert!(
        drawn_layout(&p12, 28, 2, 2, true, 481).expect("12x12 seed 481 read wrong"),
        "12x12 seed 481 refused"
    );
    let p11 = Puzzle::parse(
        "gggjjjkkkff\ngjjjjjikkff\ngeeejjihhff\ngeeejjhhhff\ngeeejjhfhff\n\
         beeejjhffff\nbececfffddd\nbeccccffffd\nbeecccffccc\nbbaaacccccc\n\
         bbaaacccccc\n",
        1,
    )
    .unwrap();
    assert!(
        drawn_layout(&p11, 16, 2, 0, false, 912).expect("11x11 seed 912 read wrong"),
        "11x11 seed 912 refused"
    );
}
