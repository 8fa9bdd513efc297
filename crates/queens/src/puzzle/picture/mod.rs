//! Puzzles from pictures: a screenshot of a "Queens" or Star Battle board read into a
//! [`Puzzle`], with the marks drawn on it as a [`State`] a hint can start from.
//!
//! [`read`] takes RGBA pixels, so it runs wherever the library does (the page decodes
//! the picture with the browser); [`read_file`] (feature `picture-files`) decodes PNG,
//! JPEG, WebP, GIF or BMP bytes first, with pure-Rust decoders and bounded memory.
//!
//! The parts, one responsibility each:
//! - [`grid`]: where the board is and where its lines run (any margins, chrome, theme);
//! - [`colour`]: the squares' colours, compared in OKLab;
//! - [`regions`]: which neighbours share a region, from colours and border thickness;
//! - [`marks`]: stars (queens, crowns) and crosses drawn on the squares.
//!
//! The reading is never silently wrong on purpose: a pair of squares the evidence
//! cannot settle, a region count other than the side, or a grid that is not there ends
//! it with one sentence naming the problem. A puzzle read with no solution or several
//! comes back with a warning, as does a position whose stars break a rule.
//!
//! ```
//! use queens::puzzle::Puzzle;
//! use queens::puzzle::picture::{read, render, Options};
//! let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
//! let pic = render::draw(&p, None, &render::Style::default());
//! let r = read(pic.width, pic.height, &pic.rgba, &Options::default()).unwrap();
//! assert_eq!(r.puzzle.picture(), p.picture());
//! ```

pub mod colour;
#[cfg(feature = "picture-files")]
mod decode;
pub mod grid;
pub mod marks;
pub mod regions;
#[doc(hidden)]
pub mod render;

use crate::error::Error;

use super::solver::{Limited, Tables, search_limited};
use super::{Mark, Puzzle, State};
use colour::Rgb;
use grid::Pixels;
use marks::Cell;

#[cfg(feature = "picture-files")]
pub use decode::{decode, draw_png, read_file};

/// The largest picture read, in pixels a side (a 4,000-pixel screenshot with room).
pub const MAX_PIXELS_SIDE: usize = 10_000;
/// The largest picture read, in pixels (40 million: 160 MB decoded).
pub const MAX_PIXELS: usize = 40_000_000;
/// The largest picture file read, in bytes.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// Search nodes spent on each check of the puzzle read (its solutions, its stars).
const CHECK_NODES: u64 = 2_000_000;

/// What the caller knows: the side and the stars per region, when known.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The side, when known: only a grid of this side is looked for.
    pub size: Option<usize>,
    /// Stars per row, column and region. Unknown: 1 for a board with coloured
    /// regions (LinkedIn's "Queens"); for a black-and-white board, the one number
    /// of stars that gives exactly one solution, or the reading asks for it.
    pub stars: Option<u32>,
}

/// What is drawn on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// Nothing.
    Empty,
    /// A star, a queen or a crown.
    Star,
    /// A cross (or another small mark meaning "no star here").
    Cross,
}

impl Drawn {
    /// The word JSON uses: `empty`, `star` or `cross`.
    pub fn name(self) -> &'static str {
        match self {
            Drawn::Empty => "empty",
            Drawn::Star => "star",
            Drawn::Cross => "cross",
        }
    }
}

/// Where the grid is in the picture, in pixels (its outline's outer edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridBox {
    /// Left edge.
    pub x: usize,
    /// Top edge.
    pub y: usize,
    /// Width.
    pub width: usize,
    /// Height.
    pub height: usize,
}

/// A picture read.
#[derive(Clone, Debug, PartialEq)]
pub struct Reading {
    /// The puzzle: regions named `a`, `b`, ... in the order the top rank first shows them.
    pub puzzle: Puzzle,
    /// Where the grid is.
    pub grid: GridBox,
    /// Whether the stars per region were inferred (not given by the caller).
    pub stars_inferred: bool,
    /// Each square's colour, by square index (`rank * n + file`, `a1` first).
    pub colours: Vec<Rgb>,
    /// What is drawn on each square, by square index.
    pub drawn: Vec<Drawn>,
    /// The marks as a position ([`Drawn::Star`] is [`Mark::Star`], [`Drawn::Cross`]
    /// is [`Mark::Cross`]).
    pub position: State,
    /// How sure the reading of each square is, 0 to 1, by square index: the least sure
    /// of its region decisions and its mark.
    pub confidence: Vec<f32>,
    /// The number of solutions from the empty board, counted up to 2 (`None`: the
    /// check ran out of its node budget).
    pub solutions: Option<u8>,
    /// What the caller should know about a reading that is not wrong but may not be
    /// what the picture meant (no solution, several, stars that break a rule), one
    /// sentence each.
    pub warnings: Vec<String>,
}

/// The refusal of a picture, as the library's error: one sentence.
fn refuse(why: impl Into<String>) -> Error {
    Error::BadTerrain(format!(
        "cannot read the puzzle from the picture: {}",
        why.into()
    ))
}

/// Solutions of `p` from `s`, counted up to 2; `None` when the budget runs out.
fn solutions(p: &Puzzle, s: &State) -> Option<u8> {
    match search_limited(&Tables::new(p), s, 2, 0, CHECK_NODES, &|| false) {
        Limited::Done(f) => Some(f.count.min(2) as u8),
        _ => None,
    }
}

/// Reads the puzzle in a `width x height` picture of RGBA pixels (4 bytes a pixel,
/// rows top to bottom). `Err` is one sentence naming what could not be read or decided.
pub fn read(width: usize, height: usize, rgba: &[u8], options: &Options) -> Result<Reading, Error> {
    if width == 0 || height == 0 {
        return Err(refuse("the picture is empty"));
    }
    if width > MAX_PIXELS_SIDE || height > MAX_PIXELS_SIDE || width * height > MAX_PIXELS {
        return Err(refuse(format!(
            "the picture is {width}x{height} pixels; pictures go up to {MAX_PIXELS_SIDE} pixels a side and {MAX_PIXELS} in all"
        )));
    }
    if rgba.len() != width * height * 4 {
        return Err(Error::Internal(format!(
            "a {width}x{height} picture needs {} bytes of RGBA, not {}",
            width * height * 4,
            rgba.len()
        )));
    }
    if let Some(n) = options.size
        && !grid::SIDES.contains(&n)
    {
        return Err(refuse(format!(
            "a side of {n} was asked for; pictures are read for sides 4 to 25"
        )));
    }
    let img = Pixels::new(width, height, rgba);
    let g = grid::find(&img, options.size).map_err(refuse)?;
    let n = g.n;
    let cells: Vec<Cell> = (0..n * n)
        .map(|i| Cell {
            x0: g.xs[i % n],
            x1: g.xs[i % n + 1],
            y0: g.ys[i / n],
            y1: g.ys[i / n + 1],
        })
        .collect();
    // A square's colour: the median of a ring between its border and its middle.
    let colours: Vec<Rgb> = cells
        .iter()
        .map(|cell| {
            let step = (cell.side() / 32.0) as usize + 1;
            let mut s: Vec<Rgb> = cell
                .pixels((0.14, 0.86), (0.14, 0.86), step)
                .filter(|&(_, _, u, v)| (u - 0.5).abs().max((v - 0.5).abs()) > 0.27)
                .map(|(x, y, _, _)| img.at(x, y))
                .collect();
            colour::median(&mut s)
        })
        .collect();
    let split = regions::split(&img, &g, &colours).map_err(refuse)?;
    let marks: Vec<(Drawn, f32)> = cells
        .iter()
        .zip(&colours)
        .map(|(cell, &bg)| marks::read(&img, cell, bg))
        .collect();

    // Picture order (top row first) to square index (a1 first).
    let index = |i: usize| (n - 1 - i / n) * n + i % n;
    let mut region = vec![0u8; n * n];
    let mut by_index_colour = vec![[0u8; 3]; n * n];
    let mut drawn = vec![Drawn::Empty; n * n];
    let mut confidence = vec![0.0f32; n * n];
    for i in 0..n * n {
        let j = index(i);
        region[j] = split.region[i] as u8;
        by_index_colour[j] = colours[i];
        drawn[j] = marks[i].0;
        confidence[j] = split.confidence[i].min(marks[i].1);
    }
    debug_assert_eq!(split.count, n);

    let mut warnings = Vec::new();
    let coloured = {
        let labs: Vec<colour::Lab> = colours.iter().map(|&c| colour::Lab::from_rgb(c)).collect();
        labs.iter()
            .any(|a| a.distance(&labs[0]) > regions::DIFFERENT)
    };
    let (k, inferred) = match options.stars {
        Some(k) => (k, false),
        None if coloured => (1, true),
        None => {
            // A black-and-white board: the stars per region that give one solution.
            let mut unique = Vec::new();
            for k in 1..=n.div_ceil(2) as u32 {
                if let Ok(p) = Puzzle::from_regions(n, k, region.clone())
                    && solutions(&p, &State::new(&p)) == Some(1)
                {
                    unique.push(k);
                }
            }
            match unique[..] {
                [k] => (k, true),
                _ => {
                    return Err(refuse(format!(
                        "the picture does not show how many stars go in each region ({}); give the number of stars",
                        if unique.is_empty() {
                            "no number gives exactly one solution".to_string()
                        } else {
                            format!(
                                "{} each give exactly one solution",
                                unique
                                    .iter()
                                    .map(|k| k.to_string())
                                    .collect::<Vec<_>>()
                                    .join(" and ")
                            )
                        }
                    )));
                }
            }
        }
    };
    let puzzle = Puzzle::from_regions(n, k, region).map_err(|e| refuse(e.to_string()))?;
    let mut position = State::new(&puzzle);
    for (j, d) in drawn.iter().enumerate() {
        position.marks[j] = match d {
            Drawn::Empty => Mark::Free,
            Drawn::Star => Mark::Star,
            Drawn::Cross => Mark::Cross,
        };
    }
    let count = solutions(&puzzle, &State::new(&puzzle));
    match count {
        Some(0) => warnings
            .push("the puzzle read has no solution: check it against the picture".to_string()),
        Some(2) => warnings.push(
            "the puzzle read has more than one solution: check it against the picture".to_string(),
        ),
        Some(_) => {}
        None => warnings.push(
            "the puzzle read could not be checked for a solution within the reader's budget"
                .to_string(),
        ),
    }
    if count != Some(0)
        && position.marks.iter().any(|&m| m != Mark::Free)
        && solutions(&puzzle, &position) == Some(0)
    {
        warnings.push(
            "the marks drawn on the picture leave no solution (a star or a cross is misplaced, or misread)"
                .to_string(),
        );
    }
    Ok(Reading {
        puzzle,
        grid: GridBox {
            x: g.outline.x0,
            y: g.outline.y0,
            width: g.outline.x1 - g.outline.x0,
            height: g.outline.y1 - g.outline.y0,
        },
        stars_inferred: inferred,
        colours: by_index_colour,
        drawn,
        position,
        confidence,
        solutions: count,
        warnings,
    })
}

/// Whether `bytes` start like a picture file (PNG, JPEG, WebP, GIF or BMP), by their
/// magic bytes: a puzzle's text never starts so.
pub fn looks_like_picture(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\x89PNG\r\n\x1a\n")
        || bytes.starts_with(b"\xff\xd8\xff")
        || (bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP")
        || bytes.starts_with(b"GIF87a")
        || bytes.starts_with(b"GIF89a")
        // "BM", the file's size, then four reserved zero bytes (a puzzle's text can
        // start with "BM", but has no zero bytes).
        || (bytes.len() >= 26 && bytes.starts_with(b"BM") && bytes[6..10] == [0, 0, 0, 0])
}
