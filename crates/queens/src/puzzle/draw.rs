//! Region puzzles drawn for people: a colour per region, and the puzzle as SVG.
//!
//! One drawing for every front: `queens puzzle solve --format svg`, the raster of
//! `queens puzzle draw`, Python's `Puzzle._repr_svg_` and the page all take their
//! region colours from [`region_colours`], and the SVG ones their picture from
//! [`puzzle_svg`].
//!
//! The colours are Paul Tol's "light" scheme (Tol, "Colour Schemes", SRON technical
//! note, 2021), chosen there to stay apart for the common forms of colour blindness and
//! light enough for black marks to read on. Regions that share an edge never get the
//! same colour: the colouring is a graph colouring of the regions' adjacency. Up to nine
//! regions each get their own colour; beyond that, regions are coloured in
//! smallest-last order (Matula & Beck, 1983), which needs at most one colour more than
//! the graph's degeneracy: a puzzle's regions are connected areas of a grid, so their
//! adjacency is planar, at most 5-degenerate, and six colours suffice. The colouring
//! depends on the puzzle alone (no seed), so every front shows the same colours.

use std::fmt::Write;

use crate::puzzle::{Mark, Puzzle, State};

/// A colour as red, green and blue bytes (the picture reader's `colour::Rgb` too).
pub type Rgb = [u8; 3];

/// Paul Tol's "light" scheme: colour-blind safe, light enough for marks to read on.
pub const REGION_PALETTE: [Rgb; 9] = [
    [0x77, 0xAA, 0xDD],
    [0xEE, 0xDD, 0x88],
    [0x44, 0xBB, 0x99],
    [0xFF, 0xAA, 0xBB],
    [0x99, 0xDD, 0xFF],
    [0xBB, 0xCC, 0x33],
    [0xEE, 0x88, 0x66],
    [0xDD, 0xDD, 0xDD],
    [0xAA, 0xAA, 0x00],
];

/// How many fill patterns the page lays over the colours (for players who tell the
/// colours apart poorly); [`region_patterns`] numbers them from 0.
pub const PATTERNS: usize = 8;

/// The look of a drawn puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    /// The regions in [`region_colours`], black region borders, a white page.
    #[default]
    Pastel,
    /// The same colours dimmed, on a dark page.
    Dark,
    /// White squares, thin grey lines, thick black region borders (Star Battle).
    BlackWhite,
}

/// For each region, the regions sharing an edge with it (ascending, no repeats).
pub fn region_adjacency(p: &Puzzle) -> Vec<Vec<usize>> {
    let n = p.side();
    let mut next_to = vec![vec![false; n]; n];
    for i in 0..n * n {
        let (rank, file) = (i / n, i % n);
        let right = (file + 1 < n).then_some(i + 1);
        let up = (rank + 1 < n).then_some(i + n);
        for j in [right, up].into_iter().flatten() {
            let (a, b) = (p.region(i), p.region(j));
            if a != b {
                next_to[a][b] = true;
                next_to[b][a] = true;
            }
        }
    }
    next_to
        .iter()
        .map(|row| (0..n).filter(|&o| row[o]).collect())
        .collect()
}

/// A colour number per region, neighbours always different: greedy in smallest-last
/// order, each region taking the least used of the first `k` numbers its neighbours
/// leave free (the lowest on a tie), or the lowest free number from `k` up when they
/// leave none (never for connected regions when `k >= 6`).
fn colour_graph(adj: &[Vec<usize>], k: usize) -> Vec<usize> {
    let n = adj.len();
    // Smallest-last: repeatedly remove a region of least remaining degree (the lowest
    // number on a tie); colour in the reverse order of removal.
    let mut degree: Vec<usize> = adj.iter().map(Vec::len).collect();
    let mut removed = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for _ in 0..n {
        let v = (0..n)
            .filter(|&v| !removed[v])
            .min_by_key(|&v| (degree[v], v))
            .expect("a region is left");
        removed[v] = true;
        order.push(v);
        for &o in &adj[v] {
            degree[o] -= usize::from(!removed[o]);
        }
    }
    let mut pick = vec![usize::MAX; n];
    let mut uses = vec![0usize; k];
    for &v in order.iter().rev() {
        let taken: Vec<usize> = adj[v].iter().map(|&o| pick[o]).collect();
        let c = (0..k)
            .filter(|c| !taken.contains(c))
            .min_by_key(|&c| (uses[c], c))
            .unwrap_or_else(|| (k..).find(|c| !taken.contains(c)).expect("a free number"));
        if c < k {
            uses[c] += 1;
        }
        pick[v] = c;
    }
    pick
}

/// The colour of each region (`0..n`): all different while [`REGION_PALETTE`] lasts,
/// else no two neighbours alike; deterministic.
///
/// ```
/// use queens::{puzzle::Puzzle, render::puzzle::region_colours};
/// let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
/// let c = region_colours(&p);
/// assert_eq!(c.len(), 4);
/// assert!(c[0] != c[1] && c[0] != c[2] && c[1] != c[3] && c[2] != c[3]);
/// ```
pub fn region_colours(p: &Puzzle) -> Vec<Rgb> {
    adjacency_colours(&region_adjacency(p))
}

/// [`region_colours`] for any regions given by their adjacency (`adj[r]`: the regions
/// touching region `r`), as a board's `--regions` terrain has them.
pub fn adjacency_colours(adj: &[Vec<usize>]) -> Vec<Rgb> {
    let n = adj.len();
    let k = REGION_PALETTE.len();
    if n > k {
        return colour_graph(adj, k)
            .into_iter()
            .map(|c| beyond_palette(c, k))
            .collect();
    }
    // Every region its own colour: the most connected regions first, each taking the
    // free colour farthest from its coloured neighbours' (so that the palette's two
    // greens and two blues are seldom side by side).
    let far = |a: Rgb, b: Rgb| -> u32 {
        (0..3)
            .map(|i| (i32::from(a[i]) - i32::from(b[i])).pow(2) as u32)
            .sum()
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(adj[r].len()), r));
    let mut pick = vec![usize::MAX; n];
    let mut free: Vec<usize> = (0..k).collect();
    for r in order {
        let score = |c: usize| {
            adj[r]
                .iter()
                .filter(|&&o| pick[o] != usize::MAX)
                .map(|&o| far(REGION_PALETTE[c], REGION_PALETTE[pick[o]]))
                .min()
                .unwrap_or(u32::MAX)
        };
        // The first of the best, as the palette orders them.
        let at = (0..free.len())
            .max_by_key(|&i| (score(free[i]), std::cmp::Reverse(free[i])))
            .expect("a free colour: at most as many regions as colours");
        pick[r] = free.remove(at);
    }
    pick.into_iter().map(|c| REGION_PALETTE[c]).collect()
}

/// Colour number `c` of a colouring over a palette of `k`: the palette's colour, or
/// past its end (regions in parts only) the palette's colours darkened step by step.
fn beyond_palette(c: usize, k: usize) -> Rgb {
    let base = REGION_PALETTE[c % k];
    let step = (c / k).min(3) as u32;
    base.map(|v| (u32::from(v) * (8 - step) / 8) as u8)
}

/// A pattern number (`0..PATTERNS`) per region, neighbours different (the page's
/// second cue beside colour); deterministic.
pub fn region_patterns(p: &Puzzle) -> Vec<usize> {
    colour_graph(&region_adjacency(p), PATTERNS)
        .into_iter()
        .map(|c| c % PATTERNS)
        .collect()
}

/// The region colours as `theme` shows them: [`region_colours`], dimmed for
/// [`Theme::Dark`], white for [`Theme::BlackWhite`].
pub fn theme_colours(p: &Puzzle, theme: Theme) -> Vec<Rgb> {
    match theme {
        Theme::Pastel => region_colours(p),
        Theme::Dark => region_colours(p)
            .into_iter()
            .map(|c| c.map(|v| (f32::from(v) * 0.72) as u8))
            .collect(),
        Theme::BlackWhite => vec![[255, 255, 255]; p.side()],
    }
}

/// `#rrggbb`, as CSS and SVG write a colour.
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// A step to show on a drawn puzzle: squares (`rank * n + file`) where it places a
/// star, boxed in blue, and where it crosses, boxed in orange.
#[derive(Clone, Copy, Debug, Default)]
pub struct Highlight<'a> {
    /// Squares the step puts a star on.
    pub place: &'a [usize],
    /// Squares the step crosses out.
    pub cross: &'a [usize],
}

/// A crown in a 24-unit box (the page's icon), and its base.
const CROWN: &str = r#"<path d="M2.5 7.5 7.2 12 12 4l4.8 8 4.7-4.5L19.6 18H4.4z"/><rect x="4.4" y="19.2" width="15.2" height="2.3"/>"#;
/// A five-pointed star in a 24-unit box.
const STAR: &str =
    r#"<path d="M12 1.2 14.8 9.1H23.3L16.5 14.3 19 22.4 12 17.5 5 22.4 7.5 14.3 0.7 9.1H9.2z"/>"#;
/// A cross in a 24-unit box.
const CROSS: &str =
    r#"d="M7 7l10 10M17 7 7 17" stroke-width="2.4" stroke-linecap="round" fill="none""#;

/// The puzzle as a standalone SVG document: one `<rect>` per square in its region's
/// colour, titled with the square's name; thick lines between regions and around the
/// board; the stars of `marks` as crowns (as stars in [`Theme::BlackWhite`]) and its
/// crosses as crosses.
///
/// ```
/// use queens::{puzzle::{Puzzle, State}, render::puzzle::{puzzle_svg, Theme}};
/// let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
/// let doc = puzzle_svg(&p, Some(&State::new(&p)), Theme::Pastel);
/// assert!(doc.starts_with("<svg") && doc.contains("<title>a4</title>"));
/// ```
pub fn puzzle_svg(p: &Puzzle, marks: Option<&State>, theme: Theme) -> String {
    puzzle_svg_step(p, marks, Highlight::default(), theme)
}

/// [`puzzle_svg`] with a step shown: its stars and crosses drawn and boxed in colour
/// (blue for a star, orange for a cross).
pub fn puzzle_svg_step(
    p: &Puzzle,
    marks: Option<&State>,
    step: Highlight<'_>,
    theme: Theme,
) -> String {
    let n = p.side();
    let (c, m) = (40usize, 20usize);
    let w = n * c + 2 * m;
    let colours = theme_colours(p, theme);
    let (page, line, ink, cross_ink) = match theme {
        Theme::Pastel => ("#ffffff", "#666666", "#1d1d1d", "#333333"),
        Theme::Dark => ("#202428", "#555555", "#f5f5f5", "#e1e1e1"),
        Theme::BlackWhite => ("#ffffff", "#969696", "#000000", "#282828"),
    };
    let border = if theme == Theme::Dark {
        "#000000"
    } else {
        "#111111"
    };
    let mut s = String::with_capacity(n * n * 120 + 600);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{w}" viewBox="0 0 {w} {w}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{w}" fill="{page}"/>"#);
    let at = |i: usize| (m + (i % n) * c, m + (n - 1 - i / n) * c);
    for i in 0..n * n {
        let (x, y) = at(i);
        let _ = writeln!(
            s,
            r#"<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="{}" stroke="{line}" stroke-width="1"><title>{}</title></rect>"#,
            hex(colours[p.region(i)]),
            p.square(i)
        );
    }
    // Region borders: between squares of different regions, then the frame.
    let mut d = String::new();
    for i in 0..n * n {
        let (x, y) = at(i);
        if i % n + 1 < n && p.region(i + 1) != p.region(i) {
            let _ = write!(d, "M{} {y}v{c}", x + c);
        }
        if i / n + 1 < n && p.region(i + n) != p.region(i) {
            let _ = write!(d, "M{x} {y}h{c}");
        }
    }
    if !d.is_empty() {
        let _ = writeln!(
            s,
            r#"<path d="{d}" stroke="{border}" stroke-width="4" stroke-linecap="square" fill="none"/>"#
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{m}" y="{m}" width="{0}" height="{0}" stroke="{border}" stroke-width="4" fill="none"/>"#,
        n * c
    );
    let star = if theme == Theme::BlackWhite {
        STAR
    } else {
        CROWN
    };
    for i in 0..n * n {
        let (x, y) = at(i);
        let placed = step.place.contains(&i);
        let crossed = step.cross.contains(&i);
        let mark = match marks.map(|s| s.marks[i]) {
            _ if placed => Mark::Star,
            _ if crossed => Mark::Cross,
            Some(mark) => mark,
            None => Mark::Free,
        };
        let boxed = if placed {
            Some("#1f5fbf")
        } else if crossed {
            Some("#c26a00")
        } else {
            None
        };
        if let Some(b) = boxed {
            let _ = writeln!(
                s,
                r#"<rect x="{}" y="{}" width="{2}" height="{2}" fill="none" stroke="{b}" stroke-width="3"/>"#,
                x + 3,
                y + 3,
                c - 6
            );
        }
        // A 24-unit icon scaled to 68% of the square, centred.
        let place = format!(
            r#"transform="translate({} {}) scale({})""#,
            x as f64 + c as f64 * 0.16,
            y as f64 + c as f64 * 0.16,
            c as f64 * 0.68 / 24.0
        );
        match mark {
            Mark::Free => {}
            Mark::Star => {
                let _ = writeln!(
                    s,
                    r#"<g class="star" {place} fill="{}"><title>star {}</title>{star}</g>"#,
                    boxed.unwrap_or(ink),
                    p.square(i)
                );
            }
            Mark::Cross => {
                let _ = writeln!(
                    s,
                    r#"<path class="cross" {place} stroke="{}" {CROSS}/>"#,
                    boxed.unwrap_or(cross_ink)
                );
            }
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every puzzle in `testdata/puzzles` that parses (some are refused on purpose).
    fn puzzles() -> Vec<(String, Puzzle)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/puzzles");
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).expect("testdata/puzzles") {
            let path = entry.expect("an entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(&path).expect("a puzzle file");
            let k = if name.starts_with("k2") { 2 } else { 1 };
            if let Ok(p) = Puzzle::parse_bytes(&bytes, k) {
                out.push((name, p));
            }
        }
        assert!(out.len() >= 20, "only {} puzzles read", out.len());
        out
    }

    #[test]
    fn neighbouring_regions_never_share_a_colour_or_a_pattern() {
        for (name, p) in puzzles() {
            let colours = region_colours(&p);
            let patterns = region_patterns(&p);
            assert_eq!(colours.len(), p.side(), "{name}");
            for (r, next) in region_adjacency(&p).iter().enumerate() {
                assert!(
                    !next.is_empty() || p.side() == 1,
                    "{name}: region {r} alone"
                );
                for &o in next {
                    assert_ne!(colours[r], colours[o], "{name}: regions {r} and {o}");
                    assert_ne!(patterns[r], patterns[o], "{name}: regions {r} and {o}");
                }
            }
            if p.side() <= REGION_PALETTE.len() {
                let mut all = colours.clone();
                all.sort();
                all.dedup();
                assert_eq!(all.len(), p.side(), "{name}: one colour per region");
            }
            assert!(patterns.iter().all(|&q| q < PATTERNS));
            assert_eq!(colours, region_colours(&p), "{name}: deterministic");
        }
    }

    #[test]
    fn large_puzzles_use_the_palette_and_neighbours_differ() {
        // Stripes of 1 x n: every region touches two others; 62 regions.
        for n in [10, 25, 62] {
            let stripes: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
            let p = Puzzle::from_regions(n, 1, stripes).unwrap();
            let c = region_colours(&p);
            for r in 1..n {
                assert_ne!(c[r], c[r - 1]);
            }
            assert!(c.iter().all(|x| REGION_PALETTE.contains(x)));
        }
        // Regions in parts (only `from_regions` allows them): a checkerboard of two
        // interleaved regions and the rest as ranks still colours neighbours apart.
        let n = 12;
        let region: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, f) = (i / n, i % n);
                if r < 2 { ((r + f) % 2) as u8 } else { r as u8 }
            })
            .collect();
        let p = Puzzle::from_regions(n, 1, region).unwrap();
        let c = region_colours(&p);
        for (r, next) in region_adjacency(&p).iter().enumerate() {
            for &o in next {
                assert_ne!(c[r], c[o]);
            }
        }
    }

    /// The `<rect>` elements titled with a square's name, in order.
    fn titled_squares(doc: &str) -> Vec<String> {
        doc.lines()
            .filter(|l| l.starts_with("<rect") && l.contains("<title>"))
            .map(|l| {
                let at = l.find("<title>").unwrap() + 7;
                l[at..l[at..].find('<').unwrap() + at].to_string()
            })
            .collect()
    }

    /// Whether `doc` is well formed: every element closed, in order.
    fn well_formed(doc: &str) -> bool {
        let mut open: Vec<String> = Vec::new();
        let mut rest = doc;
        while let Some(at) = rest.find('<') {
            let end = match rest[at..].find('>') {
                Some(e) => at + e,
                None => return false,
            };
            let tag = &rest[at + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                if open.pop().as_deref() != Some(name) {
                    return false;
                }
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().unwrap_or("");
                open.push(name.to_string());
            }
            if !tag.matches('"').count().is_multiple_of(2) {
                return false;
            }
            rest = &rest[end + 1..];
        }
        open.is_empty() && doc.starts_with("<svg") && doc.trim_end().ends_with("</svg>")
    }

    #[test]
    fn the_svg_is_well_formed_with_a_rect_per_square_and_the_solutions_crowns() {
        let mut solved = 0;
        for (name, p) in puzzles() {
            let n = p.side();
            let found = p
                .solutions(&State::new(&p), 1, 1, &crate::Settings::default())
                .unwrap();
            let mut state = State::new(&p);
            if let Some(sol) = found.solutions.first() {
                for &i in sol {
                    state.marks[i] = Mark::Star;
                }
                solved += 1;
            }
            for theme in [Theme::Pastel, Theme::Dark, Theme::BlackWhite] {
                let doc = puzzle_svg(&p, Some(&state), theme);
                assert!(well_formed(&doc), "{name} {theme:?}:\n{doc}");
                let squares = titled_squares(&doc);
                assert_eq!(squares.len(), n * n, "{name}");
                let names: Vec<String> = (0..n * n).map(|i| p.square(i).to_string()).collect();
                assert_eq!(squares, names, "{name}");
                let stars: Vec<String> = state
                    .stars()
                    .iter()
                    .map(|&i| format!("<title>star {}</title>", p.square(i)))
                    .collect();
                assert_eq!(doc.matches("class=\"star\"").count(), stars.len(), "{name}");
                for s in &stars {
                    assert!(doc.contains(s.as_str()), "{name}: {s}");
                }
                for (r, c) in theme_colours(&p, theme).iter().enumerate() {
                    if (0..n * n).any(|i| p.region(i) == r) {
                        assert!(doc.contains(&hex(*c)), "{name}: region {r}'s colour");
                    }
                }
            }
        }
        assert!(solved >= 10);
    }

    #[test]
    fn a_step_is_boxed_and_crosses_drawn() {
        let p = Puzzle::parse("aabb\naabb\nccdd\nccdd\n", 1).unwrap();
        let mut s = State::new(&p);
        s.marks[5] = Mark::Cross;
        let doc = puzzle_svg_step(
            &p,
            Some(&s),
            Highlight {
                place: &[0],
                cross: &[1],
            },
            Theme::Pastel,
        );
        assert!(well_formed(&doc));
        assert_eq!(doc.matches("class=\"cross\"").count(), 2);
        assert!(doc.contains("<title>star a1</title>"));
        assert!(doc.contains("#1f5fbf") && doc.contains("#c26a00"));
        assert_eq!(doc.matches("class=\"star\"").count(), 1);
    }
}
