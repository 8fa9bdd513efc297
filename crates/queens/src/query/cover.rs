//! Covering the board (domination): the fewest pieces of one kind that occupy or attack
//! every square, beside other given pieces, and the number of such placements.
//!
//! The given pieces are a problem of their own (`--pieces`, `--fixed`): each of its
//! solutions is covered in turn, and the answer is the smallest covering over all of
//! them, counted over all of them. Fixed pieces of the covering kind belong to the
//! covering (as `max` counts them toward its kind).
//!
//! The search is exact, on bitboards. A node is the set of squares still uncovered and
//! the squares a covering piece may still take. It branches on the uncovered square
//! with the fewest candidates (squares from which a piece would cover it): one branch
//! per candidate, and each candidate, once tried, is forbidden in the later branches
//! and below them. A covering set then reaches exactly one leaf (through its first
//! candidate in each branching), so sets are counted, never sequences. A node is cut
//! when the `r` pieces left cannot cover what is left even if they never overlapped
//! (`short`: squares with disjoint coverers need a piece each, and each piece is
//! credited with the most uncovered squares it could cover). The number of pieces
//! grows from a lower bound of the same kind: the first size with a covering is the
//! minimum, and that pass has counted its coverings.
//!
//! Symmetries of the board that keep the kind and the given pieces split the count
//! into classes by the first orbit of squares a covering meets (`Class`), each
//! searched from one square of its orbit: about an eighth of the search on a square
//! board.
//!
//! On a terrain ([`cover`]) pieces attack as [`Terrain::attacks`] says (lines stop at
//! blockers, wrap on the torus, pass over holes); holes and blockers hold no piece and
//! need no covering: the squares to cover and to stand on are the free ones. The
//! symmetries used are those that keep the terrain.
//!
//! `independent` forbids, after each placement, every square in conflict with it (both
//! ways, as validity is defined); `total` drops a piece's own square from what it
//! covers, so occupied squares must be attacked too.
//!
//! # Details
//! - Tables per square: `cover[t]` (what a piece on `t` attacks, plus `t` unless
//!   `total`), `coverers[u]` (the reverse) and, for `independent`, `conflict[t]` (`t`,
//!   what it attacks, what attacks it). The bitboards are the crate's `Bitboard<W>`, `W`
//!   chosen per board as in `exact`. Covering is not a placement of non-attacking pieces,
//!   so it is a query with a search of its own, not an engine job.
//! - Given pieces: `--pieces` with the non-covering `--fixed` pieces form an ordinary
//!   `Problem`; `engine::enumerate` lists its placements and each is covered in turn (a
//!   placement that needs more than the best so far stops at that size). The covering
//!   kind may not be in `--pieces`: a split of one set of queens into "given" and
//!   "covering" would count placements twice.
//! - The last piece is a scan: the coverers of the branching square whose `cover` holds
//!   everything still uncovered.
//! - The bound: uncovered squares whose allowed coverers are pairwise disjoint (the
//!   branching square first, then in index order) each need a piece of their own,
//!   credited with the most uncovered squares one of their coverers covers; the other
//!   pieces are credited with the largest covers of all (a histogram). Fewer than `r`
//!   packed squares and a credit that reaches the uncovered count, or the node is cut.
//!   The packing is what bounds knights and kings; the credit is what bounds queens. The
//!   same bound over the root gives the first size tried. A pass in which no branch was
//!   cut for want of pieces proves that no size covers (`None`).
//! - Symmetry classes: a class is searched below one root, the orbit's first square `x`
//!   placed and the earlier orbits (ordered by their first square) forbidden. The group
//!   maps the class onto itself and moves `x` onto every square of the orbit alike, so the
//!   class has `|orbit|` times the sum, over the coverings found, of one over their number
//!   of squares in the orbit (counted per number, 1..8, weighted by multiples of 840 so the
//!   sum stays whole; a remainder is an `Internal` error). `solve --cover` skips the
//!   classes: it wants the first covering, not a count. Timing: `bench/cover.md`.
//! - Parallel: the branching is expanded breadth first into at least 64 tasks per thread
//!   (`split`, the same branching), summed in task order on rayon (`Control::in_pool`);
//!   the example is the first task's first covering, so answers do not depend on threads.
//!   With `example_only` (`solve --cover`) tasks after the first that found one are
//!   skipped.
//! - Budgets: every task polls `Control::cancelled` every 1024 nodes and adds its nodes to
//!   a shared step count; a stop becomes `Error::CoverBudget { low, high }`, the sizes
//!   proved short and the size of a covering known (found, or built greedily at the
//!   start).

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use crate::par::prelude::*;
use num_bigint::BigUint;

use crate::bitboard::Bitboard;
use crate::board::{Board, Square};
use crate::engine::{Control, EngineChoice, Settings};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::{Piece, PieceCount, Placement, Problem};
use crate::query::Beside;
use crate::symmetry::symmetries;
use crate::terrain::Terrain;

/// The largest board the covering search takes (the width of its bitboards).
pub const MAX_SQUARES: u64 = 4096;

/// What kind of covering [`cover`] looks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CoverOptions {
    /// The covering pieces do not attack each other nor the given pieces (and are not
    /// attacked by them): independent domination.
    pub independent: bool,
    /// Every square must be attacked, occupied ones included: total domination.
    pub total: bool,
    /// Find the minimum and one covering, without counting them all.
    pub example_only: bool,
}

/// A field of a covering request that a sentence names; each front spells it its own
/// way (`--pieces` on the command line, `pieces=` in Python).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoverField {
    /// The given pieces, placed anywhere.
    Pieces,
    /// The pieces fixed in advance.
    Fixed,
    /// Independent domination ([`CoverOptions::independent`]).
    Independent,
}

impl CoverField {
    /// The field's plain name: `pieces`, `fixed`, `independent`.
    pub fn name(self) -> &'static str {
        match self {
            CoverField::Pieces => "pieces",
            CoverField::Fixed => "fixed",
            CoverField::Independent => "independent",
        }
    }
}

/// Why no covering exists, when [`cover`] answers `None`: a value whose text
/// ([`NoCover::spelled`], or `Display` with the plain field names) is the one every
/// front prints after "no covering: ".
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoCover {
    /// The given pieces (and the fixed pieces of other kinds) cannot stand without
    /// attacking each other.
    GivenClash,
    /// Fixed pieces attack each other, which independent domination forbids.
    FixedAttack,
    /// No placement of the kind covers the board as asked.
    NoPlacement {
        /// The kind's name (`queen`, `knight`, ...).
        kind: String,
        /// Independent domination was asked for.
        independent: bool,
        /// Total domination was asked for.
        total: bool,
        /// Other pieces were given beside the kind's.
        beside: bool,
    },
}

impl NoCover {
    /// The sentence with each field named by `spell` (`|f| format!("--{}", f.name())`
    /// on the command line).
    pub fn spelled(&self, spell: &dyn Fn(CoverField) -> String) -> String {
        match self {
            NoCover::GivenClash => format!(
                "the given pieces ({}, {}) cannot stand without attacking each other",
                spell(CoverField::Pieces),
                spell(CoverField::Fixed)
            ),
            NoCover::FixedAttack => format!(
                "the fixed pieces attack each other, which {} forbids",
                spell(CoverField::Independent)
            ),
            NoCover::NoPlacement {
                kind,
                independent,
                total,
                beside,
            } => {
                let beside = if *beside {
                    " beside the given pieces"
                } else {
                    ""
                };
                match (independent, total) {
                    (true, true) => format!(
                        "no placement of {kind}s that do not attack each other or the given pieces has every square attacked{beside}"
                    ),
                    (true, false) => format!(
                        "no placement of {kind}s that do not attack each other or the given pieces occupies or attacks every square{beside}"
                    ),
                    (false, true) => format!(
                        "no placement of {kind}s has every square attacked, occupied ones included{beside}"
                    ),
                    (false, false) => {
                        format!("no placement of {kind}s occupies or attacks every square{beside}")
                    }
                }
            }
        }
    }
}

impl std::fmt::Display for NoCover {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.spelled(&|field| field.name().to_string()))
    }
}

/// Why [`cover`] found no covering for `q` (its own): the given pieces cannot stand (a
/// solve of them within `settings`), fixed pieces attack each other under
/// `independent`, or no placement of the kind covers the board beside them.
///
/// ```
/// use queens::{Board, EngineChoice, PieceKind, Placement, Settings, query::Beside};
/// use queens::cover::{CoverOptions, why_none};
/// let board = Board::square(3).unwrap();
/// let q = Beside {
///     fixed: Placement::parse_on("Qa1 Qb1", &queens::Catalog::standard(), &board).unwrap(),
///     ..Beside::new(board, PieceKind::queen())
/// };
/// let options = CoverOptions { independent: true, ..CoverOptions::default() };
/// let why = why_none(&q, &options, EngineChoice::Auto, &Settings::default());
/// assert_eq!(
///     why.spelled(&|f| format!("--{}", f.name())),
///     "the fixed pieces attack each other, which --independent forbids"
/// );
/// ```
pub fn why_none(
    q: &Beside,
    options: &CoverOptions,
    choice: EngineChoice,
    settings: &Settings,
) -> NoCover {
    let Beside {
        board,
        terrain,
        given: base,
        fixed,
        kind,
    } = q;
    let board = *board;
    let others: Vec<_> = fixed
        .pieces()
        .iter()
        .filter(|p| p.kind != *kind)
        .cloned()
        .collect();
    if let Ok(given) = Problem::new(board, base.to_vec(), Placement::new(others))
        .and_then(|p| p.with_terrain(terrain.clone()))
        && given.total_pieces() > 0
        && matches!(crate::engine::solve(&given, choice, settings), Ok(None))
    {
        return NoCover::GivenClash;
    }
    if options.independent && !crate::verify::conflicts_on(&board, terrain, fixed).is_empty() {
        return NoCover::FixedAttack;
    }
    NoCover::NoPlacement {
        kind: kind.name().to_string(),
        independent: options.independent,
        total: options.total,
        beside: !(base.is_empty() && fixed.is_empty()),
    }
}

/// The answer of [`cover`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cover {
    /// The fewest pieces of the kind that cover the board beside the given pieces
    /// (fixed pieces of the kind included).
    pub min: u32,
    /// The number of placements (given pieces and covering) with that many; `None`
    /// when [`CoverOptions::example_only`] skipped the count.
    pub count: Option<BigUint>,
    /// One such placement, the given pieces included.
    pub example: Placement,
}

/// The fewest pieces of `q`'s kind that cover its board (every square occupied or
/// attacked; see [`CoverOptions`] for the variants) beside the given pieces, placed
/// freely, and the fixed pieces, and the number of such placements. Fixed pieces of the
/// kind are part of the covering; the given pieces must not attack each other. `choice`
/// is the engine that lists the given pieces' placements. `None` when no covering
/// exists ([`why_none`] says why).
///
/// On a terrain holes and blockers hold no piece and need no covering, lines stop at
/// blockers and wrap on the torus. Regions are refused: they ask for a number of pieces
/// per region, which a covering does not have.
///
/// A time or step budget that runs out is [`Error::CoverBudget`], with the bounds
/// proved so far.
///
/// ```
/// use queens::{Board, EngineChoice, PieceKind, Settings, query::Beside};
/// use queens::cover::{cover, CoverOptions};
/// use queens::terrain::Terrain;
/// let (opts, settings) = (CoverOptions::default(), Settings::default());
/// let q = Beside::new(Board::square(8).unwrap(), PieceKind::queen());
/// let c = cover(&q, &opts, EngineChoice::Auto, &settings).unwrap().unwrap();
/// assert_eq!((c.min, c.count), (5, Some(4860u32.into())));
/// assert_eq!(c.example.len(), 5);
/// // Two queens cover the 4x4 torus, in 72 ways (12 on the plane).
/// let board = Board::square(4).unwrap();
/// let q = Beside {
///     terrain: Terrain::new(&board).with_torus(true),
///     ..Beside::new(board, PieceKind::queen())
/// };
/// let c = cover(&q, &opts, EngineChoice::Auto, &settings).unwrap().unwrap();
/// assert_eq!((c.min, c.count), (2, Some(72u32.into())));
/// ```
pub fn cover(
    q: &Beside,
    options: &CoverOptions,
    choice: EngineChoice,
    settings: &Settings,
) -> Result<Option<Cover>, Error> {
    let Beside {
        board,
        terrain,
        given: base,
        fixed,
        kind,
    } = q;
    let board = *board;
    let ctl = Control::start(settings)?;
    if !terrain.fits(&board) {
        return Err(Error::BadTerrain(format!(
            "the terrain was made for another board than {board}"
        )));
    }
    if terrain.regions().is_some() {
        return Err(Error::BadTerrain(
            "a covering takes no regions: they set how many pieces each region holds, and a covering has no set number"
                .into(),
        ));
    }
    if board.squares() > MAX_SQUARES {
        return Err(Error::ResourceLimit {
            what: "board".into(),
            reason: format!(
                "the {board} board is too large to cover: the search takes at most {MAX_SQUARES} squares (64x64)"
            ),
        });
    }
    if let Some(p) = base.iter().find(|p| p.kind == *kind && p.count > 0) {
        return Err(Error::BadSpec {
            item: format!("{}{}", p.count, p.kind),
            reason: format!(
                "{kind} is the covering kind; pin pieces of that kind as fixed pieces, where they count toward the covering"
            ),
        });
    }
    fixed.check_on(&board)?;
    let (forced, others): (Vec<Piece>, Vec<Piece>) = fixed
        .pieces()
        .iter()
        .cloned()
        .partition(|p| p.kind == *kind);
    // Fixed pieces on holes or blockers are refused as every problem refuses them.
    Problem::new(board, fixed.spec(), fixed.clone())?.with_terrain(terrain.clone())?;
    let given = Problem::new(board, base.to_vec(), Placement::new(others))?
        .with_terrain(terrain.clone())?;
    let job = Job {
        board: &board,
        terrain,
        given: &given,
        forced: &forced,
        kind,
        options,
        choice,
        settings,
        ctl: &ctl,
    };
    let mut tally = Tally {
        // With several placements of the given pieces, a size proved short for one says
        // nothing of the others.
        proves_low: given.total_pieces() == 0,
        ..Tally::default()
    };
    // The narrowest bitboards that hold the board: the inner loops are word loops.
    let run = match (board.squares() as usize).div_ceil(64) {
        0..=1 => job.run::<1>(&mut tally),
        2 => job.run::<2>(&mut tally),
        3 => job.run::<3>(&mut tally),
        4 => job.run::<4>(&mut tally),
        5..=8 => job.run::<8>(&mut tally),
        9..=16 => job.run::<16>(&mut tally),
        17..=32 => job.run::<32>(&mut tally),
        _ => job.run::<64>(&mut tally),
    };
    ctl.finish(run).map_err(|e| tally.bounded(e))?;
    Ok(tally.best.map(|(min, example)| Cover {
        min,
        count: (!options.example_only).then(|| BigUint::from(tally.count)),
        example,
    }))
}

/// One call of [`cover`], its inputs checked.
struct Job<'a> {
    board: &'a Board,
    terrain: &'a Terrain,
    given: &'a Problem,
    forced: &'a [Piece],
    kind: &'a PieceKind,
    options: &'a CoverOptions,
    choice: EngineChoice,
    settings: &'a Settings<'a>,
    ctl: &'a Control<'a>,
}

impl Job<'_> {
    /// Covers each placement of the given pieces in turn.
    fn run<const W: usize>(&self, tally: &mut Tally) -> Result<(), Error> {
        let geo = Geometry::<W>::new(self.board, self.terrain, self.kind, self.options.total);
        if self.given.total_pieces() == 0 {
            return self.one(&geo, self.forced, tally);
        }
        let mut failure = None;
        crate::engine::enumerate(self.given, self.choice, self.settings, &mut |p| {
            if p.pieces()
                .iter()
                .any(|p| self.forced.iter().any(|f| f.square == p.square))
            {
                return ControlFlow::Continue(());
            }
            let mut pieces = p.pieces().to_vec();
            pieces.extend(self.forced.iter().cloned());
            match self.one(&geo, &pieces, tally) {
                Ok(()) if self.ctl.cancelled() => {
                    failure = Some(Error::Interrupted);
                    ControlFlow::Break(())
                }
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        })?;
        failure.map_or(Ok(()), Err)
    }

    /// Covers the board beside `pieces` (one placement of the given pieces plus the
    /// fixed pieces of the kind), adding what it finds to `tally`.
    fn one<const W: usize>(
        &self,
        geo: &Geometry<W>,
        pieces: &[Piece],
        tally: &mut Tally,
    ) -> Result<(), Error> {
        let (board, kind, options) = (self.board, self.kind, self.options);
        let mut root = Node {
            uncovered: geo.free,
            allowed: geo.free,
            placed: Vec::new(),
        };
        for p in pieces.iter().filter(|p| p.kind != *kind) {
            let g = board.index(p.square);
            let mut covered = attacks_from::<W>(board, self.terrain, &p.kind, p.square);
            if !options.total {
                covered.insert(g);
            }
            root.uncovered = root.uncovered.and_not(&covered);
            root.allowed.remove(g);
            if options.independent {
                // Neither attacks the other: not on the given piece's targets, nor
                // where a covering piece would attack it.
                root.allowed = root.allowed.and_not(&covered).and_not(&geo.coverers[g]);
            }
        }
        let mut forced = 0;
        for p in pieces.iter().filter(|p| p.kind == *kind) {
            let t = board.index(p.square);
            if !root.allowed.contains(t) {
                // A fixed covering piece in conflict (independent) with what stands.
                return Ok(());
            }
            root.place(geo, t, options.independent);
            forced += 1;
        }
        root.placed.clear();
        if let Some(g) = greedy(geo, &root, options.independent) {
            tally.high = Some(tally.high.map_or(g + forced, |h| h.min(g + forced)));
        }
        let least = lower_bound(geo, &root);
        if least == u32::MAX {
            return Ok(());
        }
        let classes = self.classes(geo, pieces, &root);
        let cap = tally.best.as_ref().map(|b| b.0);
        let mut k = forced + least;
        while cap.is_none_or(|c| k <= c) {
            if tally.proves_low {
                tally.low = Some(k);
            }
            let found_any = AtomicBool::new(false);
            let pass = match pass(geo, &classes, k - forced, options, self.ctl, &found_any) {
                Ok(pass) => pass,
                Err(e) => {
                    if found_any.load(Ordering::Relaxed) {
                        tally.high = Some(k);
                    }
                    return Err(e);
                }
            };
            if let Some((count, placed)) = pass.found {
                if cap == Some(k) {
                    tally.count = tally
                        .count
                        .checked_add(count)
                        .ok_or(Error::Overflow("cover"))?;
                } else {
                    let covering = placed.iter().map(|&t| Piece {
                        kind: kind.clone(),
                        square: board.square_at(t),
                    });
                    let example = Placement::new(pieces.iter().cloned().chain(covering).collect());
                    tally.best = Some((k, example));
                    tally.count = count;
                }
                return Ok(());
            }
            if !pass.limited {
                // No branch ran short of pieces: no number of them covers the board.
                return Ok(());
            }
            k += 1;
        }
        Ok(())
    }

    /// The parts of the count below `root` (see [`Class`]): one per orbit of squares
    /// under the board's symmetries that keep the kind and `pieces`, or the whole
    /// search when there is no symmetry to use (or only an example is wanted).
    fn classes<const W: usize>(
        &self,
        geo: &Geometry<W>,
        pieces: &[Piece],
        root: &Node<W>,
    ) -> Vec<Class<W>> {
        let whole = vec![Class {
            root: root.clone(),
            orbit: Bitboard::EMPTY,
            size: 1,
        }];
        if self.options.example_only || root.uncovered.is_empty() {
            return whole;
        }
        let board = self.board;
        let placement = Placement::new(pieces.to_vec());
        let mut spec = placement.spec();
        if !spec.iter().any(|p| p.kind == *self.kind) {
            spec.push(PieceCount {
                kind: self.kind.clone(),
                count: 1,
            });
        }
        let problem = Problem::new(*board, spec, placement)
            .and_then(|p| p.with_terrain(self.terrain.clone()));
        let group = match problem {
            Ok(problem) => symmetries(&problem),
            Err(_) => return whole,
        };
        if group.len() < 2 {
            return whole;
        }
        let mut seen = Bitboard::<W>::EMPTY;
        let mut earlier = Bitboard::<W>::EMPTY;
        let mut classes = Vec::new();
        for i in 0..board.squares() as usize {
            if seen.contains(i) {
                continue;
            }
            let mut orbit = Bitboard::<W>::EMPTY;
            for g in &group {
                orbit.insert(board.index(g.square(board, board.square_at(i))));
            }
            seen = seen.or(&orbit);
            // The root is symmetric, so an orbit is allowed whole or not at all.
            if root.allowed.contains(i) {
                let mut node = root.clone();
                node.allowed = node.allowed.and_not(&earlier);
                node.place(geo, i, self.options.independent);
                classes.push(Class {
                    root: node,
                    orbit,
                    size: orbit.len(),
                });
            }
            earlier = earlier.or(&orbit);
        }
        classes
    }
}

/// A part of the count. With symmetries, the coverings (their added pieces) fall into
/// classes by the first orbit of squares they meet; a symmetry maps each class onto
/// itself and moves `orbit`'s first square onto each of its squares alike, so the
/// class holds `size` times as many coverings through that square, each weighted by
/// one over the number of its squares in `orbit`. The search below `root` (that square
/// placed, earlier orbits forbidden) is one `size`-th of the class's.
/// Without symmetries: the whole search, `orbit` empty and `size` 1.
struct Class<const W: usize> {
    root: Node<W>,
    orbit: Bitboard<W>,
    size: u32,
}

/// The most squares of one orbit (eight symmetries), and a multiple of `1..=8`.
const ORBIT_MAX: usize = 8;
const ORBIT_LCM: u128 = 840;

impl<const W: usize> Class<W> {
    /// The number of coverings of the class, from the search's counts by the number of
    /// squares in `orbit` (`counts[0]`: without symmetries).
    fn total(&self, counts: &[u128; ORBIT_MAX + 1]) -> Result<u128, Error> {
        let overflow = || Error::Overflow("cover");
        let mut weighted: u128 = 0;
        for (m, &n) in counts.iter().enumerate().skip(1) {
            let share = ORBIT_LCM * u128::from(self.size) / m as u128;
            weighted = n
                .checked_mul(share)
                .and_then(|x| x.checked_add(weighted))
                .ok_or_else(overflow)?;
        }
        if !weighted.is_multiple_of(ORBIT_LCM) {
            return Err(Error::internal(format!(
                "the symmetric covering count {weighted}/{ORBIT_LCM} is not whole"
            )));
        }
        counts[0]
            .checked_add(weighted / ORBIT_LCM)
            .ok_or_else(overflow)
    }
}

/// What the search has found over the given placements so far.
#[derive(Default)]
struct Tally {
    /// The smallest covering size found, and one covering of that size.
    best: Option<(u32, Placement)>,
    /// Coverings of size `best` found.
    count: u128,
    /// Sizes below this have no covering (`None`: nothing proved).
    low: Option<u32>,
    /// Whether a pass proves `low` (one placement of the given pieces only).
    proves_low: bool,
    /// A covering size known to exist (found, or built greedily).
    high: Option<u32>,
}

impl Tally {
    /// A stop turned into the bounds proved so far.
    fn bounded(&self, e: Error) -> Error {
        match e {
            Error::Budget { budget } => Error::CoverBudget {
                budget,
                low: self.low.unwrap_or(0),
                high: self.best.as_ref().map(|b| b.0).or(self.high),
            },
            e => e,
        }
    }
}

/// Per-square tables of one kind on one board.
struct Geometry<const W: usize> {
    /// `cover[t]`: the squares a piece on `t` covers (what it attacks, and `t` itself
    /// unless the covering is total).
    cover: Vec<Bitboard<W>>,
    /// `coverers[u]`: the squares from which a piece covers `u`.
    coverers: Vec<Bitboard<W>>,
    /// `conflict[t]`: the squares where a second piece would conflict with one on `t`
    /// (`t`, what it attacks, what attacks it).
    conflict: Vec<Bitboard<W>>,
    /// The largest `cover[t]`.
    widest: u32,
    /// The squares a piece may stand on, which are the squares to cover: all but holes
    /// and blockers.
    free: Bitboard<W>,
}

impl<const W: usize> Geometry<W> {
    fn new(board: &Board, terrain: &Terrain, kind: &PieceKind, total: bool) -> Geometry<W> {
        let n = board.squares() as usize;
        let mut free = Bitboard::<W>::EMPTY;
        for t in 0..n {
            if terrain.is_free(board.square_at(t)) {
                free.insert(t);
            }
        }
        // No piece stands on a hole or a blocker, and neither needs covering: both
        // drop out of every table.
        let attacks: Vec<Bitboard<W>> = (0..n)
            .map(|t| {
                if free.contains(t) {
                    attacks_from::<W>(board, terrain, kind, board.square_at(t)).and(&free)
                } else {
                    Bitboard::EMPTY
                }
            })
            .collect();
        let mut reverse = vec![Bitboard::<W>::EMPTY; n];
        for (t, a) in attacks.iter().enumerate() {
            let mut a = *a;
            while let Some(u) = a.pop_lowest() {
                reverse[u].insert(t);
            }
        }
        let with_self = |sets: &[Bitboard<W>]| -> Vec<Bitboard<W>> {
            sets.iter()
                .enumerate()
                .map(|(t, s)| {
                    let mut s = *s;
                    if !total && free.contains(t) {
                        s.insert(t);
                    }
                    s
                })
                .collect()
        };
        let cover = with_self(&attacks);
        let coverers = with_self(&reverse);
        let conflict = (0..n)
            .map(|t| {
                let mut c = attacks[t].or(&reverse[t]);
                c.insert(t);
                c
            })
            .collect();
        let widest = cover.iter().map(Bitboard::len).max().unwrap_or(0);
        Geometry {
            cover,
            coverers,
            conflict,
            widest,
            free,
        }
    }
}

/// What a piece of `kind` on `from` attacks on the terrain.
fn attacks_from<const W: usize>(
    board: &Board,
    terrain: &Terrain,
    kind: &PieceKind,
    from: Square,
) -> Bitboard<W> {
    let mut a = Bitboard::<W>::EMPTY;
    for s in terrain.attacks(board, kind, from) {
        a.insert(board.index(s));
    }
    a
}

/// A node of the search: what is left to cover, where pieces may go, how many may.
#[derive(Clone, Debug)]
struct Node<const W: usize> {
    uncovered: Bitboard<W>,
    allowed: Bitboard<W>,
    /// Pieces placed on the way here (square indices).
    placed: Vec<usize>,
}

impl<const W: usize> Node<W> {
    /// Places a covering piece on `t`.
    fn place(&mut self, geo: &Geometry<W>, t: usize, independent: bool) {
        self.uncovered = self.uncovered.and_not(&geo.cover[t]);
        self.allowed.remove(t);
        if independent {
            self.allowed = self.allowed.and_not(&geo.conflict[t]);
        }
        self.placed.push(t);
    }
}

/// The size of a covering built greedily (the square covering most first), if the
/// greedy choice ends in one.
fn greedy<const W: usize>(geo: &Geometry<W>, root: &Node<W>, independent: bool) -> Option<u32> {
    let mut node = root.clone();
    let mut added = 0;
    while !node.uncovered.is_empty() {
        let mut best = None;
        let mut candidates = node.allowed;
        while let Some(t) = candidates.pop_lowest() {
            let gain = geo.cover[t].count_and(&node.uncovered);
            if gain > 0 && best.is_none_or(|(g, _)| gain > g) {
                best = Some((gain, t));
            }
        }
        let (_, t) = best?;
        node.place(geo, t, independent);
        added += 1;
    }
    Some(added)
}

/// Scratch space of [`short`], reused from node to node.
struct Scratch {
    /// How many allowed squares cover each number of uncovered squares.
    histogram: Vec<u32>,
    /// The uncovered squares each square covers (valid on the allowed squares).
    gain: Vec<u32>,
}

impl Scratch {
    fn new<const W: usize>(geo: &Geometry<W>) -> Scratch {
        Scratch {
            histogram: vec![0; geo.widest as usize + 1],
            gain: vec![0; geo.cover.len()],
        }
    }
}

/// Whether `r` pieces on `allowed` squares surely cannot cover `uncovered`.
///
/// Uncovered squares whose allowed coverers are pairwise disjoint (`first` first, then
/// in index order) each need a piece of their own, from their own coverers: at most
/// `r` of them, and each such piece is credited with the most any of its coverers
/// covers. The other pieces are credited with the largest covers of all. Overlaps are
/// ignored, so the credit bounds what `r` pieces cover.
fn short<const W: usize>(
    geo: &Geometry<W>,
    uncovered: &Bitboard<W>,
    allowed: &Bitboard<W>,
    r: u32,
    first: Option<usize>,
    scratch: &mut Scratch,
) -> bool {
    let need = uncovered.len();
    if need == 0 {
        return false;
    }
    scratch.histogram.fill(0);
    let mut candidates = *allowed;
    while let Some(t) = candidates.pop_lowest() {
        let g = geo.cover[t].count_and(uncovered);
        scratch.gain[t] = g;
        scratch.histogram[g as usize] += 1;
    }
    let mut used = Bitboard::<W>::EMPTY;
    let (mut packed, mut credit) = (0u32, 0u32);
    let mut squares = *uncovered;
    let mut next = first;
    while let Some(u) = next.or_else(|| squares.pop_lowest()) {
        next = None;
        let mut group = geo.coverers[u].and(allowed);
        if group.count_and(&used) == 0 {
            used = used.or(&group);
            packed += 1;
            if packed > r {
                return true;
            }
            let mut best = 0;
            while let Some(t) = group.pop_lowest() {
                best = best.max(scratch.gain[t]);
            }
            credit += best;
        }
    }
    let mut left = r - packed;
    for (gain, &n) in scratch.histogram.iter().enumerate().skip(1).rev() {
        if credit >= need || left == 0 {
            break;
        }
        let take = n.min(left);
        credit += take * gain as u32;
        left -= take;
    }
    credit < need
}

/// The fewest pieces that [`short`] allows for covering the root, `u32::MAX` when even
/// every allowed square falls short.
fn lower_bound<const W: usize>(geo: &Geometry<W>, root: &Node<W>) -> u32 {
    let mut scratch = Scratch::new(geo);
    (0..=root.allowed.len())
        .find(|&r| !short(geo, &root.uncovered, &root.allowed, r, None, &mut scratch))
        .unwrap_or(u32::MAX)
}

/// The result of one pass at a fixed number of pieces.
struct Pass {
    /// The coverings counted (all of them, or at least one when only an example is
    /// wanted) and the first one's squares.
    found: Option<(u128, Vec<usize>)>,
    /// Whether some branch was cut for want of pieces (more pieces might cover).
    limited: bool,
}

/// Counts the coverings of `root` with at most `r` more pieces, in parallel tasks.
fn pass<const W: usize>(
    geo: &Geometry<W>,
    classes: &[Class<W>],
    r: u32,
    options: &CoverOptions,
    ctl: &Control,
    found_any: &AtomicBool,
) -> Result<Pass, Error> {
    // Each class root holds one piece already (but the whole search's).
    let placed = |c: &Class<W>| u32::from(!c.orbit.is_empty());
    let roots: Vec<(Node<W>, u32, usize)> = classes
        .iter()
        .enumerate()
        .filter(|(_, c)| placed(c) <= r)
        .map(|(i, c)| (c.root.clone(), r - placed(c), i))
        .collect();
    // Some class needed more pieces than there are.
    let mut limited = roots.len() < classes.len();
    let tasks = split(geo, roots, options.independent, 64 * ctl.thread_count());
    let done = AtomicU64::new(0);
    let steps = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let overflow = AtomicBool::new(false);
    // With an example only, tasks after the first that found one need not run.
    let first_found = AtomicUsize::new(usize::MAX);
    let total = tasks.len() as u64;
    ctl.report(0, total);
    let results: Vec<TaskResult> = ctl.in_pool(|| {
        Ok(tasks
            .par_iter()
            .enumerate()
            .map(|(i, (node, left, class))| {
                if ctl
                    .step_budget
                    .is_some_and(|b| steps.load(Ordering::Relaxed) > b)
                {
                    stop.store(true, Ordering::Relaxed);
                }
                if stop.load(Ordering::Relaxed) || i > first_found.load(Ordering::Relaxed) {
                    return TaskResult::default();
                }
                let orbit = classes[*class].orbit;
                let mut walk = Walk {
                    geo,
                    independent: options.independent,
                    first_only: options.example_only,
                    ctl,
                    steps: &steps,
                    stop: &stop,
                    overflow: &overflow,
                    nodes: 0,
                    limited: false,
                    stack: node.placed.clone(),
                    example: None,
                    scratch: Scratch::new(geo),
                    orbit,
                    in_orbit: node.placed.iter().filter(|&&t| orbit.contains(t)).count(),
                    counts: [0; ORBIT_MAX + 1],
                };
                let n = walk.count(&node.uncovered, node.allowed, *left);
                steps.fetch_add(walk.nodes & 0x3ff, Ordering::Relaxed);
                if n > 0 {
                    found_any.store(true, Ordering::Relaxed);
                    if options.example_only {
                        first_found.fetch_min(i, Ordering::Relaxed);
                    }
                }
                ctl.report(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                TaskResult {
                    class: *class,
                    counts: walk.counts,
                    example: walk.example,
                    limited: walk.limited,
                }
            })
            .collect())
    })?;
    if overflow.load(Ordering::Relaxed) {
        return Err(Error::Overflow("cover"));
    }
    if stop.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    let mut by_class = vec![[0u128; ORBIT_MAX + 1]; classes.len()];
    let mut example = None;
    for t in results {
        for (sum, n) in by_class[t.class].iter_mut().zip(t.counts) {
            *sum = sum.checked_add(n).ok_or(Error::Overflow("cover"))?;
        }
        if example.is_none() {
            example = t.example;
        }
        limited |= t.limited;
    }
    let mut count: u128 = 0;
    for (class, counts) in classes.iter().zip(&by_class) {
        count = count
            .checked_add(class.total(counts)?)
            .ok_or(Error::Overflow("cover"))?;
    }
    Ok(Pass {
        found: example.map(|e| (count, e)),
        limited,
    })
}

/// What one task found.
#[derive(Default)]
struct TaskResult {
    /// The index of its class.
    class: usize,
    /// Coverings by the number of their squares in the class's orbit.
    counts: [u128; ORBIT_MAX + 1],
    example: Option<Vec<usize>>,
    limited: bool,
}

/// The nodes below `roots` down to where there are at least `want` of them (or none
/// can be split), each with the pieces it may still add and its class; the same
/// branching as the search, so that every covering lies below exactly one.
fn split<const W: usize>(
    geo: &Geometry<W>,
    roots: Vec<(Node<W>, u32, usize)>,
    independent: bool,
    want: usize,
) -> Vec<(Node<W>, u32, usize)> {
    let mut level = roots;
    loop {
        if level.len() >= want {
            return level;
        }
        let mut next = Vec::new();
        let mut grew = false;
        for (node, left, class) in level {
            if left <= 2 || node.uncovered.is_empty() {
                next.push((node, left, class));
                continue;
            }
            let Some((u, _)) = branch_square(geo, &node.uncovered, &node.allowed) else {
                continue;
            };
            grew = true;
            let mut allowed = node.allowed;
            let mut candidates = geo.coverers[u].and(&allowed);
            while let Some(c) = candidates.pop_lowest() {
                allowed.remove(c);
                let mut child = Node {
                    allowed,
                    ..node.clone()
                };
                child.place(geo, c, independent);
                next.push((child, left - 1, class));
            }
        }
        level = next;
        if !grew {
            return level;
        }
    }
}

/// The uncovered square with the fewest allowed coverers, and their number; `None`
/// when one has none left (this node covers nothing more).
#[inline]
fn branch_square<const W: usize>(
    geo: &Geometry<W>,
    uncovered: &Bitboard<W>,
    allowed: &Bitboard<W>,
) -> Option<(usize, u32)> {
    let mut best = (usize::MAX, u32::MAX);
    let mut squares = *uncovered;
    while let Some(u) = squares.pop_lowest() {
        let n = geo.coverers[u].count_and(allowed);
        if n < best.1 {
            if n == 0 {
                return None;
            }
            best = (u, n);
            if n == 1 {
                break;
            }
        }
    }
    (best.0 != usize::MAX).then_some(best)
}

/// One task's depth-first search.
struct Walk<'a, const W: usize> {
    geo: &'a Geometry<W>,
    independent: bool,
    first_only: bool,
    ctl: &'a Control<'a>,
    /// Nodes of every task, added in batches (for the step budget).
    steps: &'a AtomicU64,
    /// Set when any task must stop (a budget ran out, a cancel, an overflow).
    stop: &'a AtomicBool,
    /// Set when a count passed `u128`.
    overflow: &'a AtomicBool,
    /// Nodes visited by this task.
    nodes: u64,
    /// Whether a branch was cut for want of pieces.
    limited: bool,
    /// The covering pieces placed on the way to the current node.
    stack: Vec<usize>,
    /// The first covering found.
    example: Option<Vec<usize>>,
    scratch: Scratch,
    /// The orbit of the task's class (empty without symmetries).
    orbit: Bitboard<W>,
    /// The pieces on the way here that stand in `orbit`.
    in_orbit: usize,
    /// The coverings found, by their number of squares in `orbit`.
    counts: [u128; ORBIT_MAX + 1],
}

impl<const W: usize> Walk<'_, W> {
    /// Whether to stop: polled every 1024 nodes.
    #[inline]
    fn stopped(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 0x3ff == 0 {
            let all = self.steps.fetch_add(0x400, Ordering::Relaxed) + 0x400;
            if self.ctl.cancelled() || self.ctl.step_budget.is_some_and(|b| all > b) {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        self.stop.load(Ordering::Relaxed)
    }

    /// Adds `n` coverings with `in_orbit` squares in the orbit.
    fn add(&mut self, in_orbit: usize, n: u128) {
        match self.counts[in_orbit].checked_add(n) {
            Some(t) => self.counts[in_orbit] = t,
            None => {
                self.overflow.store(true, Ordering::Relaxed);
                self.stop.store(true, Ordering::Relaxed);
            }
        }
    }

    fn found(&mut self, last: Option<usize>) {
        if self.example.is_none() {
            let mut e = self.stack.clone();
            e.extend(last);
            self.example = Some(e);
        }
    }

    /// The coverings of `uncovered` by at most `r` pieces on `allowed` squares.
    fn count(&mut self, uncovered: &Bitboard<W>, mut allowed: Bitboard<W>, r: u32) -> u128 {
        if uncovered.is_empty() {
            self.found(None);
            self.add(self.in_orbit, 1);
            return 1;
        }
        if r == 0 {
            self.limited = true;
            return 0;
        }
        if self.stopped() {
            return 0;
        }
        let geo = self.geo;
        if r == 1 {
            // The last piece covers everything left: it stands among the coverers of
            // every uncovered square.
            let mut last = allowed;
            let mut squares = *uncovered;
            while let Some(u) = squares.pop_lowest() {
                last = last.and(&geo.coverers[u]);
                if last.is_empty() {
                    // More pieces might help, unless `u` has no coverer left at all.
                    self.limited |= !geo.coverers[u].and(&allowed).is_empty();
                    return 0;
                }
            }
            let mut first = last;
            self.found(first.pop_lowest());
            let inside = last.count_and(&self.orbit);
            if inside > 0 {
                self.add(self.in_orbit + 1, u128::from(inside));
            }
            self.add(self.in_orbit, u128::from(last.len() - inside));
            return u128::from(last.len());
        }
        // With two pieces left the children are one-piece tests, cheaper than choosing
        // the square with the fewest coverers.
        let u = if r == 2 {
            let mut first = *uncovered;
            first.pop_lowest().expect("uncovered")
        } else {
            match branch_square(geo, uncovered, &allowed) {
                Some((u, _)) => u,
                None => return 0,
            }
        };
        let mut candidates = geo.coverers[u].and(&allowed);
        // With three pieces or fewer left, the children are cheaper than the bound.
        if r > 3 && short(geo, uncovered, &allowed, r, Some(u), &mut self.scratch) {
            self.limited = true;
            return 0;
        }
        let mut total: u128 = 0;
        while let Some(c) = candidates.pop_lowest() {
            allowed.remove(c);
            let mut child = allowed;
            if self.independent {
                child = child.and_not(&geo.conflict[c]);
            }
            self.stack.push(c);
            let inside = usize::from(self.orbit.contains(c));
            self.in_orbit += inside;
            let n = self.count(&uncovered.and_not(&geo.cover[c]), child, r - 1);
            self.in_orbit -= inside;
            self.stack.pop();
            // Only whether any was found matters here; `counts` holds the numbers.
            total = total.saturating_add(n);
            if (self.first_only && total > 0) || self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        total
    }
}
