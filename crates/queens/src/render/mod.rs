//! Placements rendered for people and programs: a diagram, coordinates, JSON, SVG.
//!
//! The JSON form (one object per line, "JSON Lines") is
//! `{"rows":R,"cols":C,"pieces":[{"kind":"Q","square":"a4","file":0,"rank":3},…]}`,
//! pieces in canonical order; `file` and `rank` are 0-based.
//!
//! One writer per format: [`json`] and [`diagram_on`] write a placement, and
//! [`ranks::RankText`] writes a queens-only solution given as a rank per file (the
//! listing's fast path) with the same pieces of text: the JSON object's head and each
//! piece's tokens ([`json_head`], [`json_piece_head`], [`json_piece_mid`]), the empty
//! diagram ([`blank_diagram`]) and a square's place in it ([`diagram_at`]). The
//! coordinate and `perm` forms are those of `Placement`'s `Display` and `Perm`'s text;
//! `RankText` writes them from tables, and its tests hold all four to the placement
//! forms byte for byte.

/// Region puzzles drawn (colours, patterns, SVG): [`crate::puzzle::draw`], which lives
/// with the puzzles so that their picture reader can share its colours.
pub use crate::puzzle::draw as puzzle;
pub mod ranks;
pub mod words;

use std::fmt::Write;

use crate::board::Board;
use crate::problem::Placement;
use crate::terrain::Terrain;

/// A diagram: top rank first, `.` for an empty square, the kind letter for a piece,
/// squares separated by spaces; one line per rank, each ending in a newline.
///
/// ```
/// use queens::{Board, Catalog, Placement, render::diagram};
/// let p = Placement::parse("Qa1 Nb2", &Catalog::standard()).unwrap();
/// assert_eq!(diagram(&Board::square(2).unwrap(), &p), ". N\nQ .\n");
/// ```
pub fn diagram(board: &Board, placement: &Placement) -> String {
    diagram_on(board, &Terrain::new(board), placement)
}

/// [`diagram`] on a board with `terrain`: `#` for a hole, `o` for a blocker.
///
/// ```
/// use queens::{Board, Catalog, Placement, render::diagram_on, terrain::Terrain};
/// let b = Board::square(2).unwrap();
/// let t = Terrain::new(&b).with_holes(["a2".parse().unwrap()]).unwrap()
///     .with_blockers(["b1".parse().unwrap()]).unwrap();
/// let p = Placement::parse("Qa1", &Catalog::standard()).unwrap();
/// assert_eq!(diagram_on(&b, &t, &p), "# .\nQ o\n");
/// ```
pub fn diagram_on(board: &Board, terrain: &Terrain, placement: &Placement) -> String {
    let mut out = blank_diagram(board, terrain);
    for p in placement.pieces() {
        out[diagram_at(board, p.square.file, p.square.rank)] = p.kind.letter() as u8;
    }
    String::from_utf8(out).expect("a diagram is ASCII")
}

/// The diagram of `board` with no pieces: `.` per square, `#` for a hole and `o` for a
/// blocker of `terrain`, squares separated by spaces, a newline after each rank, top
/// rank first. One byte per square, at [`diagram_at`].
pub fn blank_diagram(board: &Board, terrain: &Terrain) -> Vec<u8> {
    let (rows, cols) = (board.rows() as usize, board.cols() as usize);
    let mut out = Vec::with_capacity(rows * 2 * cols);
    for _ in 0..rows {
        for f in 0..cols {
            out.push(b'.');
            out.push(if f + 1 < cols { b' ' } else { b'\n' });
        }
    }
    for sq in terrain.holes() {
        out[diagram_at(board, sq.file, sq.rank)] = b'#';
    }
    for sq in terrain.blockers() {
        out[diagram_at(board, sq.file, sq.rank)] = b'o';
    }
    out
}

/// Where the square on `file` and `rank` (from 0) stands in [`blank_diagram`].
pub fn diagram_at(board: &Board, file: u32, rank: u32) -> usize {
    (board.rows() - 1 - rank) as usize * 2 * board.cols() as usize + 2 * file as usize
}

/// One JSON object (no trailing newline); see the module docs for the schema.
///
/// ```
/// use queens::{Board, Catalog, Placement, render::json};
/// let p = Placement::parse("Qb1", &Catalog::standard()).unwrap();
/// assert_eq!(
///     json(&Board::new(1, 2).unwrap(), &p),
///     r#"{"rows":1,"cols":2,"pieces":[{"kind":"Q","square":"b1","file":1,"rank":0}]}"#
/// );
/// ```
pub fn json(board: &Board, placement: &Placement) -> String {
    let mut out = Vec::new();
    json_head(&mut out, board.rows(), board.cols());
    for (i, p) in placement.pieces().iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_piece_head(&mut out, p.kind.letter(), p.square.file);
        push_decimal(&mut out, u64::from(p.square.rank) + 1);
        json_piece_mid(&mut out, p.square.file);
        push_decimal(&mut out, u64::from(p.square.rank));
        out.push(b'}');
    }
    out.extend_from_slice(b"]}");
    String::from_utf8(out).expect("the JSON text is ASCII")
}

/// The JSON object's text before its first piece: `{"rows":R,"cols":C,"pieces":[`.
pub fn json_head(out: &mut Vec<u8>, rows: u32, cols: u32) {
    out.extend_from_slice(br#"{"rows":"#);
    push_decimal(out, u64::from(rows));
    out.extend_from_slice(br#","cols":"#);
    push_decimal(out, u64::from(cols));
    out.extend_from_slice(br#","pieces":["#);
}

/// A piece's JSON text before its square's rank (from 1): `{"kind":"Q","square":"a`.
/// Kind letters are ASCII capitals and file names ASCII letters: nothing to escape.
pub fn json_piece_head(out: &mut Vec<u8>, letter: char, file: u32) {
    out.extend_from_slice(br#"{"kind":""#);
    let mut buf = [0u8; 4];
    out.extend_from_slice(letter.encode_utf8(&mut buf).as_bytes());
    out.extend_from_slice(br#"","square":""#);
    out.extend_from_slice(crate::board::file_name(file).as_bytes());
}

/// A piece's JSON text between its square's rank and its 0-based rank:
/// `","file":0,"rank":` (the closing `}` follows the rank).
pub fn json_piece_mid(out: &mut Vec<u8>, file: u32) {
    out.extend_from_slice(br#"","file":"#);
    push_decimal(out, u64::from(file));
    out.extend_from_slice(br#","rank":"#);
}

/// Appends the decimal digits of `n`.
pub(crate) fn push_decimal(out: &mut Vec<u8>, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut n = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

fn glyph(letter: char) -> Option<char> {
    Some(match letter {
        'K' => '\u{265A}',
        'Q' => '\u{265B}',
        'R' => '\u{265C}',
        'B' => '\u{265D}',
        'N' => '\u{265E}',
        _ => return None,
    })
}

/// A picture of the board with its pieces, as a standalone SVG document.
///
/// ```
/// use queens::{Board, Catalog, Placement, render::svg};
/// let p = Placement::parse("Qa1", &Catalog::standard()).unwrap();
/// let doc = svg(&Board::square(4).unwrap(), &p);
/// assert!(doc.starts_with("<svg") && doc.contains("a1"));
/// ```
pub fn svg(board: &Board, placement: &Placement) -> String {
    svg_on(board, &Terrain::new(board), placement)
}

/// [`svg`] on a board with `terrain`: holes shaded grey, blockers as dark discs,
/// regions in colours (instead of the light and dark squares), neighbours never alike
/// ([`puzzle::adjacency_colours`], the colours of every drawn puzzle).
///
/// ```
/// use queens::{Board, Placement, render::svg_on, terrain::Terrain};
/// let b = Board::square(3).unwrap();
/// let t = Terrain::new(&b).with_holes(["b2".parse().unwrap()]).unwrap();
/// assert!(svg_on(&b, &t, &Placement::default()).contains("hole b2"));
/// ```
pub fn svg_on(board: &Board, terrain: &Terrain, placement: &Placement) -> String {
    let cell = 40u64;
    let margin = 20u64;
    let (rows, cols) = (board.rows() as u64, board.cols() as u64);
    let w = cols * cell + 2 * margin;
    let h = rows * cell + 2 * margin;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#ffffff"/>"##);
    let region_fills: Vec<String> = terrain
        .regions()
        .map(|reg| {
            let region = |c: u64, r: u64| {
                reg.region_at(board.index(crate::board::Square::new(c as u32, r as u32)))
            };
            let mut adj = vec![Vec::new(); reg.count()];
            for r in 0..rows {
                for c in 0..cols {
                    let Some(a) = region(c, r) else { continue };
                    let right = (c + 1 < cols).then(|| region(c + 1, r)).flatten();
                    let up = (r + 1 < rows).then(|| region(c, r + 1)).flatten();
                    for b in [right, up].into_iter().flatten() {
                        if a != b && !adj[a].contains(&b) {
                            adj[a].push(b);
                            adj[b].push(a);
                        }
                    }
                }
            }
            puzzle::adjacency_colours(&adj)
                .into_iter()
                .map(puzzle::hex)
                .collect()
        })
        .unwrap_or_default();
    for r in 0..rows {
        for c in 0..cols {
            let light = (r + c) % 2 == 1;
            let sq = crate::board::Square::new(c as u32, r as u32);
            let region = terrain
                .regions()
                .and_then(|reg| reg.region_at(board.index(sq)))
                .map(|id| region_fills[id].as_str());
            let fill = match region {
                Some(colour) => colour,
                None if light => "#f0d9b5",
                None => "#b58863",
            };
            let x = margin + c * cell;
            let y = margin + (rows - 1 - r) * cell;
            let _ = writeln!(
                s,
                r#"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}"/>"#
            );
            if terrain.is_hole(sq) {
                let _ = writeln!(
                    s,
                    r##"<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#777777"><title>hole {sq}</title></rect>"##
                );
            } else if terrain.is_blocker(sq) {
                let _ = writeln!(
                    s,
                    r##"<circle cx="{}" cy="{}" r="{}" fill="#333333"><title>blocker {sq}</title></circle>"##,
                    x + cell / 2,
                    y + cell / 2,
                    cell / 3
                );
            }
        }
    }
    for c in 0..cols {
        let x = margin + c * cell + cell / 2;
        let _ = writeln!(
            s,
            r#"<text x="{x}" y="{}" font-size="12" text-anchor="middle">{}</text>"#,
            h - 5,
            crate::board::file_name(c as u32)
        );
    }
    for r in 0..rows {
        let y = margin + (rows - 1 - r) * cell + cell / 2 + 4;
        let _ = writeln!(
            s,
            r#"<text x="{}" y="{y}" font-size="12" text-anchor="middle">{}</text>"#,
            margin / 2,
            r + 1
        );
    }
    for p in placement.pieces() {
        let x = margin + p.square.file as u64 * cell + cell / 2;
        let y = margin + (rows - 1 - p.square.rank as u64) * cell + cell / 2;
        let letter = p.kind.letter();
        let _ = write!(s, r#"<g><title>{}</title>"#, p);
        match glyph(letter) {
            Some(g) => {
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{}" font-size="{}" text-anchor="middle">{g}</text>"#,
                    y + cell * 3 / 10,
                    cell * 8 / 10
                );
            }
            None => {
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="#222222"/><text x="{x}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="#ffffff">{letter}</text>"##,
                    cell * 4 / 10,
                    y + cell / 6,
                    cell / 2
                );
            }
        }
        let _ = writeln!(s, "</g>");
    }
    s.push_str("</svg>\n");
    s
}
