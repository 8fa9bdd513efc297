//! One request for every front: a problem as its fields were given (the board, the
//! pieces with ranges and `*`, the fixed pieces, fairy definitions, holes, blockers,
//! the torus, regions, pieces per region), read in one place into a [`Problem`] or a
//! ranged problem ([`Ranged`]), with every default defined once here.
//!
//! The command line, Python and the page each fill a [`ProblemRequest`] from their own
//! input (flags, keywords, a page's controls) and call [`ProblemRequest::build`] (or
//! [`ProblemRequest::ranged`], [`ProblemRequest::parts`]). A field that is wrong comes
//! back as a [`RequestError`] naming the [`Field`]; each front spells the field its own
//! way ([`RequestError::spelled`]: `--holes` on the command line, `holes` in Python), so
//! that the rest of the sentence is the same everywhere.
//!
//! The defaults: without a board, 8 x 8, or the board the regions draw; without pieces,
//! `min(rows, cols)` queens; no fixed pieces; the standard catalog; a plain board.
//! The fields are read in one order (definitions, regions, board, pieces per region,
//! pieces, fixed pieces, holes, blockers), so a request with two bad fields is refused
//! for the same one by every front.

use std::fmt;
use std::sync::OnceLock;

use crate::error::Error;
use crate::model::board::Board;
use crate::model::fairy::catalog_with;
use crate::model::piece::{Catalog, PieceKind};
use crate::model::placement::Placement;
use crate::model::problem::Problem;
use crate::model::spec::{PieceCount, parse_spec};
use crate::model::terrain::{Regions, SquareFault, Terrain};
use crate::query::range::{RangeSpec, is_range};

/// A field of a request, named in the sentence that refuses it; each front maps it to
/// its own spelling (`Field::Holes`: `--holes`, `holes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Field {
    /// The board (`8`, `5x7`).
    Board,
    /// The pieces to place (`2N,B`, `1..3N,Q`, `*K`).
    Pieces,
    /// The pieces fixed in advance (`Qa1,Nc3`).
    Fixed,
    /// Fairy definitions (`C=RN`).
    Piece,
    /// Squares that hold no piece.
    Holes,
    /// Squares that hold no piece and stop lines.
    Blockers,
    /// Lines wrap around the edges.
    Torus,
    /// The regions' text.
    Regions,
    /// Pieces in each region.
    PerRegion,
    /// Worker threads.
    Threads,
    /// The engine's name.
    Engine,
    /// The one kind `max` and `cover` ask about (a letter of the catalog).
    Kind,
}

impl Field {
    /// The field's plain name: `board`, `pieces`, `fixed`, `piece`, `holes`,
    /// `blockers`, `torus`, `regions`, `per_region`, `threads`, `engine`, `kind`.
    pub fn name(self) -> &'static str {
        match self {
            Field::Board => "board",
            Field::Pieces => "pieces",
            Field::Fixed => "fixed",
            Field::Piece => "piece",
            Field::Holes => "holes",
            Field::Blockers => "blockers",
            Field::Torus => "torus",
            Field::Regions => "regions",
            Field::PerRegion => "per_region",
            Field::Threads => "threads",
            Field::Engine => "engine",
            Field::Kind => "kind",
        }
    }
}

/// Why a field was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Fault {
    /// The library's reader refused the field's value; its sentence is the error's own
    /// (`bad board '9x': ...`), which does not name a front's spelling.
    Read(Error),
    /// A list of squares was refused; the sentence names the list.
    Squares(SquareFault),
    /// Zero pieces per region.
    ZeroPerRegion,
    /// The field needs another that was not given.
    Needs(Field),
    /// The board given is not the board the regions draw.
    BoardClash {
        /// The board given.
        given: Board,
        /// The regions' board.
        drawn: Board,
    },
    /// Ranged pieces on a board with terrain.
    RangedTerrain,
    /// A kind that is not one letter (as given).
    NotOneLetter(String),
    /// A ranged spec (as given) where a job takes exact counts.
    RangedExact(String),
}

/// A request's field that is wrong: the field and why. Its text names the field in the
/// front's spelling ([`RequestError::spelled`]); `Display` uses the plain names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    /// The field refused.
    pub field: Field,
    /// Why.
    pub fault: Fault,
}

impl RequestError {
    fn read(field: Field) -> impl Fn(Error) -> RequestError {
        move |e| RequestError {
            field,
            fault: Fault::Read(e),
        }
    }

    /// The sentence, every field named by `spell` (`|f| format!("--{}", ...)` on the
    /// command line).
    pub fn spelled(&self, spell: &dyn Fn(Field) -> String) -> String {
        match &self.fault {
            Fault::Read(e) => e.to_string(),
            Fault::Squares(f) => f.spelled(&spell(self.field)),
            Fault::ZeroPerRegion => format!(
                "bad {} 0: every region holds at least one piece",
                spell(self.field)
            ),
            Fault::Needs(other) => format!("{} needs {}", spell(self.field), spell(*other)),
            Fault::BoardClash { given, drawn } => format!(
                "the board {given} clashes with {}, which draws a {drawn} board; leave out {} to take its board",
                spell(Field::Regions),
                spell(Field::Board)
            ),
            Fault::RangedTerrain => format!(
                "ranged {} take a plain board: leave out {}, {}, {} and {}",
                spell(Field::Pieces),
                spell(Field::Holes),
                spell(Field::Blockers),
                spell(Field::Torus),
                spell(Field::Regions)
            ),
            Fault::RangedExact(text) => format!(
                "bad {} '{text}': ranges are for counting, solving and listing; this takes exact counts such as 2N,Q",
                spell(self.field)
            ),
            Fault::NotOneLetter(text) => format!(
                "bad {} '{text}': give one piece letter such as Q or N",
                spell(self.field)
            ),
        }
    }

    /// The library error this stands for, with the fields spelled by `spell`: a read
    /// field's own error, or [`Error::BadTerrain`]/[`Error::Unsupported`] with the
    /// sentence (for a front that maps errors to its own classes).
    pub fn into_error(self, spell: &dyn Fn(Field) -> String) -> Error {
        let sentence = self.spelled(spell);
        match self.fault {
            Fault::Read(e) => e,
            Fault::RangedTerrain => Error::Unsupported(sentence),
            _ => Error::BadTerrain(sentence),
        }
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.spelled(&|field| field.name().to_string()))
    }
}

impl std::error::Error for RequestError {}

/// A front's reader of a field given in its own form (a Python dict of counts, a list of
/// pairs): called once the catalog and the board are known, its error the library's.
pub type Reader<'a, T> = &'a (dyn Fn(&Catalog, &Board) -> Result<T, Error> + 'a);

/// A field given as text (read by the library's parser) or in a front's own form.
pub enum Given<'a, T> {
    /// The text as typed.
    Text(String),
    /// A front's own form, read by the front.
    Read(Reader<'a, T>),
}

impl<T> fmt::Debug for Given<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Given::Text(t) => f.debug_tuple("Text").field(t).finish(),
            Given::Read(_) => f.write_str("Read(..)"),
        }
    }
}

/// The board field: text, or a board a front already has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardGiven {
    /// `8`, `5x7`.
    Text(String),
    /// A board.
    Board(Board),
}

impl From<&str> for BoardGiven {
    fn from(text: &str) -> Self {
        BoardGiven::Text(text.to_string())
    }
}

impl From<Board> for BoardGiven {
    fn from(board: Board) -> Self {
        BoardGiven::Board(board)
    }
}

/// A problem as its fields were given; `Default` is every default (8 queens on 8 x 8).
///
/// ```
/// use queens::request::{Field, ProblemRequest};
///
/// let mut req = ProblemRequest {
///     board: Some("6".into()),
///     holes: Some("a1,f6".into()),
///     ..ProblemRequest::default()
/// };
/// let problem = req.build().unwrap();
/// assert_eq!(problem.total_pieces(), 6);
///
/// // A bad field is named in each front's spelling.
/// req.holes = Some("a1,z9".into());
/// let e = req.build().unwrap_err();
/// assert_eq!(e.field, Field::Holes);
/// assert_eq!(
///     e.spelled(&|f| format!("--{}", f.name())),
///     "--holes square z9 is off the 6x6 board"
/// );
/// assert_eq!(e.to_string(), "holes square z9 is off the 6x6 board");
/// ```
#[derive(Debug, Default)]
pub struct ProblemRequest<'a> {
    /// The board [default: 8, or the board the regions draw].
    pub board: Option<BoardGiven>,
    /// The pieces: an exact spec (`2N,B`) or a ranged one (`1..3N,Q`, `*K`)
    /// [default: `min(rows, cols)` queens].
    pub pieces: Option<Given<'a, Vec<PieceCount>>>,
    /// The pieces fixed in advance [default: none].
    pub fixed: Option<Given<'a, Placement>>,
    /// Fairy definitions, `LETTER=BETZA` or `LETTER=NAME` [default: none].
    pub define: Vec<String>,
    /// Squares that hold no piece (`a1,c3`).
    pub holes: Option<String>,
    /// Squares that hold no piece and stop sliding lines.
    pub blockers: Option<String>,
    /// Lines wrap around the edges.
    pub torus: bool,
    /// The regions' text: a character per square, `#` a hole, a line per rank from the
    /// top.
    pub regions: Option<String>,
    /// Pieces in each region [default: 1]; needs `regions`.
    pub per_region: Option<u32>,
}

/// A request read but for its pieces: what every job on the problem shares.
#[derive(Clone, Debug)]
pub struct Parts {
    /// The board.
    pub board: Board,
    /// The standard catalog with the request's definitions.
    pub catalog: Catalog,
    /// The fixed pieces (not yet checked against the pieces).
    pub fixed: Placement,
    /// Holes, blockers, torus and regions.
    pub terrain: Terrain,
}

impl Parts {
    /// The question `max` and `cover` ask (how many of `kind`, or how few to cover):
    /// `kind` on this board and terrain beside the `given` pieces and the fixed ones.
    pub fn beside(self, given: Vec<PieceCount>, kind: PieceKind) -> crate::query::Beside {
        crate::query::Beside {
            board: self.board,
            terrain: self.terrain,
            given,
            fixed: self.fixed,
            kind,
        }
    }

    /// The kind `text` names (one letter of the catalog, spaces around it ignored):
    /// the kind `max` and `cover` ask about, read alike by every front.
    pub fn kind(&self, text: &str) -> Result<PieceKind, RequestError> {
        let mut letters = text.trim().chars();
        match (letters.next(), letters.next()) {
            (Some(c), None) => self.catalog.get(c).map_err(RequestError::read(Field::Kind)),
            _ => Err(RequestError {
                field: Field::Kind,
                fault: Fault::NotOneLetter(text.to_string()),
            }),
        }
    }
}

/// A ranged problem, read: its spec, board and fixed pieces (checked against the spec).
#[derive(Clone, Debug)]
pub struct Ranged {
    /// The ranged spec.
    pub spec: RangeSpec,
    /// The board (plain: ranges take no terrain).
    pub board: Board,
    /// The fixed pieces.
    pub fixed: Placement,
}

impl ProblemRequest<'_> {
    /// Whether any terrain field is given (an empty list counts as given).
    pub fn has_terrain(&self) -> bool {
        self.holes.is_some()
            || self.blockers.is_some()
            || self.torus
            || self.regions.is_some()
            || self.per_region.is_some()
    }

    /// Whether the pieces are a ranged spec (`..` or `*`), for [`ProblemRequest::ranged`].
    pub fn is_ranged(&self) -> bool {
        matches!(&self.pieces, Some(Given::Text(t)) if is_range(t))
    }

    /// The catalog: the standard kinds with the definitions.
    pub fn catalog(&self) -> Result<Catalog, RequestError> {
        if self.define.is_empty() {
            // Built once: its six kinds took about a microsecond, a tenth of a whole
            // count of 8 queens from Python; a clone shares them.
            static STANDARD: OnceLock<Catalog> = OnceLock::new();
            return Ok(STANDARD.get_or_init(Catalog::standard).clone());
        }
        catalog_with(&self.define).map_err(RequestError::read(Field::Piece))
    }

    /// Everything but the pieces: the catalog, the board (from the regions when not
    /// given), the fixed pieces and the terrain.
    pub fn parts(&self) -> Result<Parts, RequestError> {
        let catalog = self.catalog()?;
        let drawn = match &self.regions {
            Some(text) => {
                Some(Regions::board_of(text).map_err(RequestError::read(Field::Regions))?)
            }
            None => None,
        };
        let given = match &self.board {
            Some(BoardGiven::Text(t)) => Some(
                t.parse::<Board>()
                    .map_err(RequestError::read(Field::Board))?,
            ),
            Some(BoardGiven::Board(b)) => Some(*b),
            None => None,
        };
        let board = match (given, drawn) {
            (Some(given), Some(drawn)) if given != drawn => {
                return Err(RequestError {
                    field: Field::Board,
                    fault: Fault::BoardClash { given, drawn },
                });
            }
            (Some(b), _) | (None, Some(b)) => b,
            (None, None) => Board::square(8).expect("8x8 is a board"),
        };
        let terrain = self.terrain_on(&board)?;
        let fixed = match &self.fixed {
            Some(f) => read(f, Field::Fixed, &catalog, &board, |t, c, b| {
                Placement::parse_on(t, c, b)
            })?,
            None => Placement::default(),
        };
        Ok(Parts {
            board,
            catalog,
            fixed,
            terrain,
        })
    }

    /// The terrain fields on `board` (a board the front settled itself, as `verify`'s
    /// from a diagram).
    pub fn terrain_on(&self, board: &Board) -> Result<Terrain, RequestError> {
        let mut t = Terrain::new(board).with_torus(self.torus);
        match (&self.regions, self.per_region) {
            (_, Some(0)) => {
                return Err(RequestError {
                    field: Field::PerRegion,
                    fault: Fault::ZeroPerRegion,
                });
            }
            (Some(text), k) => {
                let err = RequestError::read(Field::Regions);
                let (regions, holes) = Regions::parse(text, board, k.unwrap_or(1)).map_err(&err)?;
                t = t.with_regions(regions, holes).map_err(err)?;
            }
            (None, Some(_)) => {
                return Err(RequestError {
                    field: Field::PerRegion,
                    fault: Fault::Needs(Field::Regions),
                });
            }
            (None, None) => {}
        }
        for (field, text) in [
            (Field::Holes, &self.holes),
            (Field::Blockers, &self.blockers),
        ] {
            let Some(text) = text else { continue };
            let squares = Terrain::read_squares(text, board).map_err(|f| RequestError {
                field,
                fault: Fault::Squares(f),
            })?;
            let read = RequestError::read(field);
            t = match field {
                Field::Holes => t.with_holes(squares).map_err(read)?,
                _ => t.with_blockers(squares).map_err(read)?,
            };
        }
        Ok(t)
    }

    /// The pieces as exact counts, read with `catalog` on `board`; `None` when not
    /// given. A ranged spec is refused here, in one sentence for every job that takes
    /// exact counts (`export`, `verify`, `max`, `cover`): see [`ProblemRequest::ranged`].
    pub fn pieces_on(
        &self,
        catalog: &Catalog,
        board: &Board,
    ) -> Result<Option<Vec<PieceCount>>, RequestError> {
        if let Some(Given::Text(text)) = self.pieces.as_ref().filter(|_| self.is_ranged()) {
            return Err(RequestError {
                field: Field::Pieces,
                fault: Fault::RangedExact(text.clone()),
            });
        }
        self.pieces
            .as_ref()
            .map(|p| read(p, Field::Pieces, catalog, board, |t, c, _| parse_spec(t, c)))
            .transpose()
    }

    /// The problem: the pieces (`min(rows, cols)` queens by default) on the board with
    /// the fixed pieces and the terrain.
    pub fn build(&self) -> Result<Problem, RequestError> {
        let Parts {
            board,
            catalog,
            fixed,
            terrain,
        } = self.parts()?;
        let pieces = match self.pieces_on(&catalog, &board)? {
            Some(p) => p,
            None => vec![PieceCount {
                kind: PieceKind::queen(),
                count: board.rows().min(board.cols()),
            }],
        };
        // The fixed pieces' own faults name them; the rest, the pieces.
        let problem = Problem::new(board, pieces, fixed).map_err(|e| {
            let field = match e {
                Error::OffBoard { .. }
                | Error::SquareTaken { .. }
                | Error::FixedKindNotInSpec { .. }
                | Error::TooManyFixed { .. } => Field::Fixed,
                _ => Field::Pieces,
            };
            RequestError::read(field)(e)
        })?;
        if terrain.is_plain() {
            return Ok(problem);
        }
        problem
            .with_terrain(terrain)
            .map_err(RequestError::read(Field::Fixed))
    }

    /// The ranged problem when the pieces use range syntax (`0..8Q`, `*K`), else
    /// `None` (the exact problem is [`ProblemRequest::build`]'s). Ranges take a plain
    /// board.
    pub fn ranged(&self) -> Result<Option<Ranged>, RequestError> {
        let Some(Given::Text(text)) = self.pieces.as_ref().filter(|_| self.is_ranged()) else {
            return Ok(None);
        };
        if self.has_terrain() {
            return Err(RequestError {
                field: Field::Pieces,
                fault: Fault::RangedTerrain,
            });
        }
        let Parts {
            board,
            catalog,
            fixed,
            ..
        } = self.parts()?;
        let spec = RangeSpec::parse(text, &catalog).map_err(RequestError::read(Field::Pieces))?;
        spec.check_fixed(&board, &fixed)
            .map_err(RequestError::read(Field::Fixed))?;
        Ok(Some(Ranged { spec, board, fixed }))
    }
}

/// A field's value: its text through `parse`, or the front's own reader.
fn read<T>(
    given: &Given<'_, T>,
    field: Field,
    catalog: &Catalog,
    board: &Board,
    parse: impl Fn(&str, &Catalog, &Board) -> Result<T, Error>,
) -> Result<T, RequestError> {
    match given {
        Given::Text(t) => parse(t, catalog, board),
        Given::Read(r) => r(catalog, board),
    }
    .map_err(RequestError::read(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cli(f: Field) -> String {
        match f {
            Field::Board => "BOARD".into(),
            Field::PerRegion => "--per-region".into(),
            f => format!("--{}", f.name()),
        }
    }

    fn text(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    fn refused(req: ProblemRequest) -> RequestError {
        match req.build() {
            Err(e) => e,
            Ok(p) => panic!("built {p:?}"),
        }
    }

    #[test]
    fn defaults_are_eight_queens_on_eight_by_eight() {
        let p = ProblemRequest::default().build().unwrap();
        assert!(p.is_plain_queens());
        assert_eq!((p.board().rows(), p.total_pieces()), (8, 8));
    }

    #[test]
    fn a_board_field_is_named() {
        let e = refused(ProblemRequest {
            board: Some(BoardGiven::Text("0x3".into())),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Board);
        assert!(e.to_string().starts_with("bad board '0x3'"), "{e}");
    }

    #[test]
    fn a_pieces_field_is_named() {
        let e = refused(ProblemRequest {
            pieces: Some(Given::Text("2Z".into())),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Pieces);
        assert!(e.to_string().contains("unknown piece 'Z'"), "{e}");
    }

    #[test]
    fn a_fixed_field_is_named() {
        let e = refused(ProblemRequest {
            fixed: Some(Given::Text("Qz1".into())),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Fixed);
        let e = refused(ProblemRequest {
            fixed: Some(Given::Text("Qa1".into())),
            holes: text("a1"),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Fixed);
        assert_eq!(e.to_string(), "fixed piece Qa1 stands on a hole");
    }

    #[test]
    fn a_definition_is_named() {
        let e = refused(ProblemRequest {
            define: vec!["C=Zz".into()],
            ..Default::default()
        });
        assert_eq!(e.field, Field::Piece);
    }

    #[test]
    fn holes_and_blockers_are_named_in_each_spelling() {
        let e = refused(ProblemRequest {
            holes: text("9z"),
            ..Default::default()
        });
        assert_eq!(
            e.spelled(&cli),
            "bad --holes square '9z': write squares like a1 or c3"
        );
        assert_eq!(
            e.to_string(),
            "bad holes square '9z': write squares like a1 or c3"
        );
        let e = refused(ProblemRequest {
            blockers: text("a1 a1"),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Blockers);
        assert_eq!(e.spelled(&cli), "--blockers lists square a1 twice");
        let e = refused(ProblemRequest {
            holes: text("a1"),
            blockers: text("a1"),
            ..Default::default()
        });
        assert_eq!(
            (e.field, e.to_string()),
            (
                Field::Blockers,
                "square a1 is both a hole and a blocker".into()
            )
        );
    }

    #[test]
    fn regions_and_per_region_are_named() {
        let e = refused(ProblemRequest {
            regions: text("aab\nab\n"),
            ..Default::default()
        });
        assert_eq!(e.field, Field::Regions);
        let e = refused(ProblemRequest {
            per_region: Some(2),
            ..Default::default()
        });
        assert_eq!(e.spelled(&cli), "--per-region needs --regions");
        assert_eq!(e.to_string(), "per_region needs regions");
        let e = refused(ProblemRequest {
            regions: text("ab\nab\n"),
            per_region: Some(0),
            ..Default::default()
        });
        assert_eq!(
            e.to_string(),
            "bad per_region 0: every region holds at least one piece"
        );
    }

    #[test]
    fn the_regions_give_the_board_and_a_clash_is_named() {
        let req = ProblemRequest {
            regions: text("aab\naab\nccc\n"),
            pieces: Some(Given::Text("3R".into())),
            ..Default::default()
        };
        let p = req.build().unwrap();
        assert_eq!(p.board().rows(), 3);
        let e = refused(ProblemRequest {
            board: Some(BoardGiven::Text("4".into())),
            ..req
        });
        assert_eq!(
            e.spelled(&cli),
            "the board 4x4 clashes with --regions, which draws a 3x3 board; leave out BOARD to take its board"
        );
    }

    #[test]
    fn ranged_pieces_are_read_apart_and_refuse_terrain() {
        let req = ProblemRequest {
            board: Some(BoardGiven::Text("4".into())),
            pieces: Some(Given::Text("1..3N,Q".into())),
            ..Default::default()
        };
        let r = req.ranged().unwrap().expect("ranged");
        assert_eq!(r.board.rows(), 4);
        let e = ProblemRequest { torus: true, ..req }.ranged().unwrap_err();
        assert_eq!(
            e.spelled(&cli),
            "ranged --pieces take a plain board: leave out --holes, --blockers, --torus and --regions"
        );
        let exact = ProblemRequest {
            pieces: Some(Given::Text("2N".into())),
            ..Default::default()
        };
        assert!(exact.ranged().unwrap().is_none());
    }

    #[test]
    fn a_front_reads_its_own_forms() {
        let reader = |c: &Catalog, _: &Board| -> Result<Vec<PieceCount>, Error> {
            Ok(vec![PieceCount {
                kind: c.get('N')?,
                count: 2,
            }])
        };
        let p = ProblemRequest {
            pieces: Some(Given::Read(&reader)),
            ..Default::default()
        }
        .build()
        .unwrap();
        assert_eq!(p.total_pieces(), 2);
    }
}
