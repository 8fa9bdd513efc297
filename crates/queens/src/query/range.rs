//! Piece specs with ranges ("up to k", as Alloy scopes): `0..8Q`, `1..3N,Q`, `*K`.
//!
//! A [`RangeSpec`] is its own type so that the rest of the library — and every engine —
//! keeps working on exact [`PieceCount`]s: a range spec only *expands* into exact
//! [`Problem`]s, one per combination of counts, and answers are combined from theirs.
//! `*X` means any number of `X` (the independent sets of `X`'s attack graph): its sizes
//! run upwards until one has no placement. That is where the expansion stops, because
//! removing a piece from a valid placement leaves a valid placement: if `k` pieces cannot
//! stand, neither can more.

use num_bigint::BigUint;
use num_traits::Zero;

use crate::board::Board;
use crate::engine::{Control, EngineChoice, Settings};
use crate::error::Error;
use crate::piece::{Catalog, PieceKind};
use crate::problem::{PieceCount, Placement, Problem};
use crate::spec::{bad_item, spec_items};

/// One item of a range spec: between `min` and `max` pieces of a kind (`max: None`
/// means no upper bound).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeItem {
    /// The kind.
    pub kind: PieceKind,
    /// The fewest pieces.
    pub min: u32,
    /// The most pieces; `None` for `*` (any number).
    pub max: Option<u32>,
}

/// A piece spec whose counts may be ranges. See the [module docs](self).
///
/// ```
/// use queens::{Board, Catalog, EngineChoice, Placement, Settings, range::RangeSpec};
/// let spec = RangeSpec::parse("0..2Q", &Catalog::standard()).unwrap();
/// let n = spec.count(Board::square(3).unwrap(), &Placement::default(), EngineChoice::Auto, &Settings::default()).unwrap();
/// assert_eq!(n, (1u32 + 9 + 8).into()); // no queen, one queen, two queens
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeSpec {
    items: Vec<RangeItem>,
}

/// Whether `text` uses range syntax (`..` or `*`); plain specs go to
/// [`crate::parse_spec`].
pub fn is_range(text: &str) -> bool {
    text.contains("..") || text.contains('*')
}

impl RangeSpec {
    /// Parses comma-separated items `N X` (exactly N), `A..B X` (A to B), `*X` (any
    /// number); a missing count is 1. A kind may appear once.
    pub fn parse(text: &str, catalog: &Catalog) -> Result<RangeSpec, Error> {
        let mut items: Vec<RangeItem> = Vec::new();
        for (raw, item) in spec_items(text, "8Q, 0..8Q or *K")? {
            let bad = |reason: &str| bad_item(raw, reason);
            let letter = item
                .chars()
                .last()
                .ok_or_else(|| bad("an item is empty; separate items with single commas"))?;
            if !letter.is_ascii_uppercase() {
                return Err(bad("an item ends with a piece letter such as Q"));
            }
            let head = &item[..item.len() - 1];
            let num = |t: &str| -> Result<u32, Error> {
                if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(bad("counts are numbers, such as 8Q, 0..8Q or *K"));
                }
                t.parse().map_err(|_| bad("the count is too large"))
            };
            let (min, max) = if head == "*" {
                (0, None)
            } else if let Some((a, b)) = head.split_once("..") {
                let (a, b) = (num(a)?, num(b)?);
                if a > b {
                    return Err(bad("a range runs from the smaller count to the larger"));
                }
                (a, Some(b))
            } else if head.is_empty() {
                (1, Some(1))
            } else {
                let n = num(head)?;
                (n, Some(n))
            };
            let kind = catalog.get(letter)?;
            if items.iter().any(|i| i.kind == kind) {
                return Err(bad("a kind may appear once in a range spec"));
            }
            items.push(RangeItem { kind, min, max });
        }
        items.sort_by_key(|i| i.kind.canonical_rank());
        Ok(RangeSpec { items })
    }

    /// The items, in canonical kind order.
    pub fn items(&self) -> &[RangeItem] {
        &self.items
    }

    fn problem(&self, board: Board, fixed: &Placement, counts: &[u32]) -> Result<Problem, Error> {
        let pieces = self
            .items
            .iter()
            .zip(counts)
            .map(|(i, &count)| PieceCount {
                kind: i.kind.clone(),
                count,
            })
            .collect();
        Problem::new(board, pieces, fixed.clone())
    }

    /// Every exact problem the spec allows that has a placement, in increasing order of
    /// counts (first kind slowest). `*` items stop at the first size without one.
    pub fn problems(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        settings: &Settings,
    ) -> Result<Vec<Problem>, Error> {
        self.problems_with(board, fixed, choice, &Control::start(settings)?)
    }

    fn problems_with(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        ctl: &Control,
    ) -> Result<Vec<Problem>, Error> {
        let mut out = Vec::new();
        let mut counts: Vec<u32> = self.items.iter().map(|i| i.min).collect();
        self.expand(board, fixed, choice, ctl, 0, &mut counts, &mut out)?;
        Ok(out)
    }

    #[allow(clippy::too_many_arguments)]
    fn expand(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        ctl: &Control,
        i: usize,
        counts: &mut Vec<u32>,
        out: &mut Vec<Problem>,
    ) -> Result<(), Error> {
        if i == self.items.len() {
            let total: u64 = counts.iter().map(|&c| c as u64).sum();
            if total <= board.squares() {
                let p = self.problem(board, fixed, counts)?;
                if crate::engine::has_solution(&p, choice, ctl)? {
                    out.push(p);
                }
            }
            return Ok(());
        }
        let item = &self.items[i];
        let top = item
            .max
            .unwrap_or(u32::try_from(board.squares()).unwrap_or(u32::MAX));
        for k in item.min..=top {
            counts[i] = k;
            // Later items at their minimum: if even that cannot stand, no larger k can.
            let total: u64 = counts.iter().map(|&c| c as u64).sum();
            if total > board.squares() {
                break;
            }
            let probe = self.problem(board, fixed, counts);
            match probe {
                Ok(p) if crate::engine::has_solution(&p, choice, ctl)? => {}
                // Too few pieces of a kind for the fixed ones: a larger k may allow it.
                Err(Error::TooManyFixed { .. }) => continue,
                Err(e) => return Err(e),
                Ok(_) => break,
            }
            self.expand(board, fixed, choice, ctl, i + 1, counts, out)?;
        }
        counts[i] = item.min;
        Ok(())
    }

    /// The fixed pieces' faults against this spec on `board`: a square off the board or
    /// taken twice, or a fixed piece of a kind the spec does not place.
    pub fn check_fixed(&self, board: &Board, fixed: &Placement) -> Result<(), Error> {
        fixed.check_on(board)?;
        match fixed
            .pieces()
            .iter()
            .find(|f| self.items.iter().all(|i| i.kind != f.kind))
        {
            Some(f) => Err(Error::FixedKindNotInSpec {
                piece: f.to_string(),
                kind: f.kind.letter(),
            }),
            None => Ok(()),
        }
    }

    /// The number of placements over every allowed combination of counts, up to
    /// symmetry when `unique` (each exact problem's classes: problems of different
    /// counts share none). One budget binds the whole sum.
    pub fn count_all(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        settings: &Settings,
        unique: bool,
    ) -> Result<BigUint, Error> {
        self.check_fixed(&board, fixed)?;
        let ctl = &Control::start(settings)?;
        let mut sum = BigUint::zero();
        for p in self.problems_with(board, fixed, choice, ctl)? {
            sum += crate::engine::count_or_unique_with(&p, choice, ctl, unique)?;
        }
        Ok(sum)
    }

    /// One placement of the largest allowed combination of counts that has one (the
    /// last in [`RangeSpec::problems`]' order), or `None`.
    pub fn solve(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        settings: &Settings,
    ) -> Result<Option<Placement>, Error> {
        self.check_fixed(&board, fixed)?;
        let ctl = &Control::start(settings)?;
        for p in self.problems_with(board, fixed, choice, ctl)?.iter().rev() {
            if let Some(s) = crate::engine::solve_with(p, choice, ctl)? {
                return Ok(Some(s));
            }
        }
        Ok(None)
    }

    /// The number of placements over every allowed combination of counts.
    pub fn count(
        &self,
        board: Board,
        fixed: &Placement,
        choice: EngineChoice,
        settings: &Settings,
    ) -> Result<BigUint, Error> {
        let ctl = &Control::start(settings)?;
        let mut sum = BigUint::zero();
        for p in self.problems_with(board, fixed, choice, ctl)? {
            sum += crate::engine::count_with(&p, choice, ctl)?;
        }
        Ok(sum)
    }
}
