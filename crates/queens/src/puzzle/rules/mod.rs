//! The deductions a person makes on a region puzzle, named and grouped into levels.
//!
//! A *unit* is a row, a column or a region; each needs `K` stars, so in a position it
//! still *needs* `K` minus its stars. Every rule looks at the position (stars, crosses
//! and free squares) and either places stars or crosses squares out, with one sentence
//! naming the squares and the units it is about; one step takes every square that falls
//! for the same reason. The piece is a *queen* in a one-star puzzle (LinkedIn's Queens)
//! and a *star* in Star Battle, in every sentence ([`piece_word`]). The rules, easiest
//! first ([`Level`]; [`CATALOGUE`] lists them as data):
//!
//! | level | rule | puzzles | what it sees |
//! |---|---|---|---|
//! | easy | `exclusion` | all | a star rules out the squares touching it, and the rest of a unit that has its stars |
//! | easy | `last-square` | all | a unit with as many free squares as stars it needs: a star on each (and what they rule out) |
//! | medium | `region-in-line` | all | regions whose free squares lie in one row (column) and need as many stars as it: the rest of the row is crossed |
//! | medium | `line-in-region` | all | a row (column) whose free squares lie in regions that need as many stars as it: the rest of those regions is crossed |
//! | medium | `would-empty` | all | the squares whose star would leave one unit fewer free squares than it needs, all at once |
//! | medium | `line-pairs` | Star Battle | a row (column) whose free squares fit only as many stars apart as it needs: each pair of neighbouring squares in its cover holds one |
//! | medium | `region-blocks` | Star Battle | a region whose free squares fit in as many 2x2 blocks as stars it needs (two blocks for two stars): each block holds one |
//! | hard | `regions-in-lines` | Queens | `k` regions confined to `k` rows (columns) with as many stars to place: the rest of those rows is crossed |
//! | hard | `lines-in-regions` | Queens | `k` rows (columns) whose free squares lie in regions with as many stars to place: the rest of those regions is crossed |
//! | hard | `2x2-blocks` | Star Battle | two neighbouring rows (columns) whose free squares split into as many 2x2 blocks as stars they need: each block holds one |
//! | hard | `under-counting` | Star Battle | `regions-in-lines` over any set of rows (columns): `n` regions wholly inside `n` lines take all their stars |
//! | hard | `over-counting` | Star Battle | `lines-in-regions` over any set of rows (columns): `n` lines wholly inside `n` regions give them all their stars |
//! | expert | `trial` | all | a star on the square, followed by the forced moves (last squares and exclusions), leaves a unit without room: cross it |
//!
//! Soundness of the counting rules: rows `T` still take exactly `need(T)` stars (the
//! sum of their needs). Regions `S` whose free squares all lie in `T` put all their
//! `need(S)` stars in `T`; when `need(S) = need(T)` no other star fits in `T`. Read the
//! other way round, the free squares of `T` all in regions `S` with `need(S) = need(T)`
//! means every star `S` still takes lies in `T`. Star Battle players call these
//! under-counting and over-counting; in a Star Battle the hard rules try every set of
//! lines (up to 12x12; unions of up to three regions' lines above), in Queens runs of
//! neighbouring lines and the lines of one or two regions.
//!
//! Soundness of the block rules: two stars in a 2x2 block (or in two neighbouring
//! squares of a line) would touch, so a block holds at most one. When `m` blocks cover
//! every free square of a set that still takes `m` stars, counting each star once per
//! block that holds it gives at least `m` and at most `m`: every block holds exactly
//! one star and no star lies in two blocks. So a square in two blocks is crossed, a
//! block with one free square takes a star, and a square touching every free square of
//! a block is crossed (a star there would touch the block's star). Two neighbouring
//! lines split into blocks along the lines (leftmost free square first), which is the
//! fewest blocks, since stars in the two lines must be two files apart.
//!
//! `would-empty` and `trial` are proofs by contradiction, one placement deep. The tests
//! check every rule against the exhaustive solver on many random positions: nothing
//! crossed that some solution has as a star, nothing placed that some solution lacks.
//!
//! [`Deducer::next_step`] returns the first step of the easiest level that has one; a
//! chain of such steps is an explanation ([`super::explain`]), and the hardest level it
//! needs is the puzzle's grade ([`super::rate`]). Since each rule only gets more
//! applicable as the position fills in, the position where the level-`L` rules stop is
//! the same whatever order they ran in: a grade is "the easiest level that finishes".
//!
//! ```
//! use queens::puzzle::{Puzzle, State, rules::{Deducer, Level}};
//! // Region a is the square a4 alone, so it takes the queen.
//! let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
//! let d = Deducer::new(&p);
//! let step = d.next_step(&State::new(&p), Level::Expert).unwrap();
//! assert_eq!(step.rule, "last-square");
//! assert_eq!(step.place, vec![queens::Square::new(0, 3)]);
//! ```

mod settle;
mod stars;
mod trial;

use crate::board::{Square, file_name};

use super::solver::Tables;
use super::{Mark, Puzzle, State};

/// How hard a rule is for a person; a puzzle's grade is the easiest level that solves
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Exclusions and last squares only.
    Easy,
    /// Plus one region confined to one row or column (and the reverse), and squares
    /// whose star would empty a unit; in Star Battle also lines that fit only their
    /// stars apart, and regions that fit in as many 2x2 blocks as stars they need.
    Medium,
    /// Plus `k` regions confined to `k` rows or columns (and the reverse: under- and
    /// over-counting); in Star Battle also two neighbouring lines split into 2x2 blocks.
    Hard,
    /// Needs trial: placing a star and following the forced moves to a contradiction.
    Expert,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level's name: `easy`, `medium`, `hard`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level of a name (as [`Level::name`] writes it).
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The level below, if any.
    pub fn below(self) -> Option<Level> {
        match self {
            Level::Easy => None,
            Level::Medium => Some(Level::Easy),
            Level::Hard => Some(Level::Medium),
            Level::Expert => Some(Level::Hard),
        }
    }
}

/// One deduction: the rule, the stars it places, the squares it crosses, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The rule's name (see the module docs).
    pub rule: &'static str,
    /// The rule's level.
    pub level: Level,
    /// Squares that get a star.
    pub place: Vec<Square>,
    /// Squares crossed out.
    pub cross: Vec<Square>,
    /// One sentence saying why.
    pub why: String,
}

impl Step {
    /// A step that only crosses squares out.
    fn crossing(rule: &'static str, level: Level, cross: Vec<Square>, why: String) -> Step {
        Step {
            rule,
            level,
            place: Vec::new(),
            cross,
            why,
        }
    }

    /// The position after this step.
    pub fn apply(&self, p: &Puzzle, state: &mut State) {
        for &sq in &self.place {
            state.marks[p.index(sq).expect("a square of the puzzle")] = Mark::Star;
        }
        for &sq in &self.cross {
            state.marks[p.index(sq).expect("a square of the puzzle")] = Mark::Cross;
        }
    }
}

impl std::fmt::Display for Step {
    /// The step as every front prints it (`queens puzzle hint`, Python's `str(step)`,
    /// the page): `RULE (LEVEL): place SQUARES; cross SQUARES`, then the sentence on a
    /// second line indented by two spaces.
    ///
    /// ```
    /// use queens::puzzle::{Puzzle, State, rules::{Deducer, Level}};
    /// let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
    /// let step = Deducer::new(&p).next_step(&State::new(&p), Level::Expert).unwrap();
    /// assert!(step.to_string().starts_with("last-square (easy): place a4"));
    /// ```
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names = |v: &[Square]| v.iter().map(Square::to_string).collect::<Vec<_>>();
        let mut acts = Vec::new();
        if !self.place.is_empty() {
            acts.push(format!("place {}", names(&self.place).join(" ")));
        }
        if !self.cross.is_empty() {
            acts.push(format!("cross {}", names(&self.cross).join(" ")));
        }
        write!(
            f,
            "{} ({}): {}\n  {}",
            self.rule,
            self.level.name(),
            acts.join("; "),
            self.why
        )
    }
}

/// What a piece is called in a puzzle with `stars` per unit: a queen in a one-star
/// puzzle (LinkedIn's "Queens"), else a star (Star Battle). Every sentence about a
/// puzzle's pieces uses it.
pub fn piece_word(stars: usize) -> &'static str {
    if stars == 1 { "queen" } else { "star" }
}

/// What each unit holds in a puzzle with `stars` per unit, after "its": `queen` for
/// one, `stars` for several ("every row, column and region has its queen").
pub fn units_pieces(stars: usize) -> String {
    match stars {
        1 => piece_word(1).to_string(),
        _ => format!("{}s", piece_word(stars)),
    }
}

/// Which puzzles a rule is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Puzzles {
    /// Every puzzle.
    All,
    /// One star per unit (Queens).
    Queens,
    /// Two or more stars per unit (Star Battle).
    StarBattle,
}

impl Puzzles {
    /// Whether a puzzle with `stars` per unit is one of these.
    pub fn holds(self, stars: usize) -> bool {
        match self {
            Puzzles::All => true,
            Puzzles::Queens => stars == 1,
            Puzzles::StarBattle => stars >= 2,
        }
    }
}

/// A rule of the catalogue: its name (a [`Step`]'s `rule`), level, the puzzles it is
/// for and what it sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    /// The name, as steps carry it.
    pub name: &'static str,
    /// Its level.
    pub level: Level,
    /// The puzzles it is tried on.
    pub puzzles: Puzzles,
    /// What it sees, in a few words.
    pub what: &'static str,
}

/// Every rule, in the order [`Deducer::next_step`] tries them (easiest level first).
pub const CATALOGUE: &[Rule] = &[
    Rule {
        name: "exclusion",
        level: Level::Easy,
        puzzles: Puzzles::All,
        what: "a star rules out the squares touching it and the rest of a unit that has its stars",
    },
    Rule {
        name: "last-square",
        level: Level::Easy,
        puzzles: Puzzles::All,
        what: "a unit with as many free squares as stars it needs takes a star on each",
    },
    Rule {
        name: "region-in-line",
        level: Level::Medium,
        puzzles: Puzzles::All,
        what: "regions inside one line take all its stars: the rest of the line is crossed",
    },
    Rule {
        name: "line-in-region",
        level: Level::Medium,
        puzzles: Puzzles::All,
        what: "a line inside regions gives them all their stars: the rest of them is crossed",
    },
    Rule {
        name: "would-empty",
        level: Level::Medium,
        puzzles: Puzzles::All,
        what: "the squares whose star would leave a unit too few free squares",
    },
    Rule {
        name: "line-pairs",
        level: Level::Medium,
        puzzles: Puzzles::StarBattle,
        what: "a line whose free squares fit just its stars apart: each pair of its cover holds one",
    },
    Rule {
        name: "region-blocks",
        level: Level::Medium,
        puzzles: Puzzles::StarBattle,
        what: "a region that fits in as many 2x2 blocks as stars it needs: each block holds one",
    },
    Rule {
        name: "2x2-blocks",
        level: Level::Hard,
        puzzles: Puzzles::StarBattle,
        what: "two neighbouring lines that split into as many 2x2 blocks as stars they need",
    },
    Rule {
        name: "regions-in-lines",
        level: Level::Hard,
        puzzles: Puzzles::Queens,
        what: "k regions inside k lines take all their stars: the rest of the lines is crossed",
    },
    Rule {
        name: "lines-in-regions",
        level: Level::Hard,
        puzzles: Puzzles::Queens,
        what: "k lines inside k regions give them all their stars: the rest of them is crossed",
    },
    Rule {
        name: "under-counting",
        level: Level::Hard,
        puzzles: Puzzles::StarBattle,
        what: "n regions wholly inside n lines take all their stars: the rest of the lines is crossed",
    },
    Rule {
        name: "over-counting",
        level: Level::Hard,
        puzzles: Puzzles::StarBattle,
        what: "n lines wholly inside n regions give them all their stars: the rest of them is crossed",
    },
    Rule {
        name: "trial",
        level: Level::Expert,
        puzzles: Puzzles::All,
        what: "a star whose forced moves leave a unit without room is crossed",
    },
];

/// A row, a column or a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Unit {
    Row(usize),
    Col(usize),
    Region(usize),
}

/// The rules for one puzzle (its region lists built once).
pub struct Deducer<'a> {
    p: &'a Puzzle,
    n: usize,
    /// The squares of each region.
    cells: Vec<Vec<usize>>,
    tables: Tables,
    /// Rules switched off ([`Deducer::without`]).
    off: Vec<&'static str>,
}

/// A position seen through its units: free squares and needs.
struct View {
    free: Vec<bool>,
    row_need: Vec<i32>,
    col_need: Vec<i32>,
    reg_need: Vec<i32>,
    row_free: Vec<i32>,
    col_free: Vec<i32>,
    reg_free: Vec<i32>,
}

impl<'a> Deducer<'a> {
    /// The rules for `p`.
    pub fn new(p: &'a Puzzle) -> Deducer<'a> {
        let n = p.side();
        let mut cells = vec![Vec::new(); n];
        for i in 0..n * n {
            cells[p.region(i)].push(i);
        }
        Deducer {
            p,
            n,
            cells,
            tables: Tables::new(p),
            off: Vec::new(),
        }
    }

    /// The same rules without the rule named `rule` (a name of [`CATALOGUE`]; `None`
    /// for any other name): what a puzzle needs that rule for is seen by explaining it
    /// without (the chain stops, or takes a harder level).
    ///
    /// ```
    /// use queens::puzzle::{Puzzle, State, rules::{Deducer, Level}};
    /// let p = Puzzle::parse("abbb\ncccb\ncddd\ncddd\n", 1).unwrap();
    /// let d = Deducer::new(&p).without("last-square").unwrap();
    /// assert_ne!(d.next_step(&State::new(&p), Level::Expert).unwrap().rule, "last-square");
    /// assert!(Deducer::new(&p).without("guess").is_none());
    /// ```
    pub fn without(mut self, rule: &str) -> Option<Deducer<'a>> {
        let known = CATALOGUE.iter().find(|r| r.name == rule)?;
        self.off.push(known.name);
        Some(self)
    }

    /// Whether rule `rule` is tried on this puzzle.
    fn on(&self, rule: &str) -> bool {
        !self.off.contains(&rule)
            && CATALOGUE
                .iter()
                .any(|r| r.name == rule && r.puzzles.holds(self.p.stars()))
    }

    /// What a piece is called: a queen in a one-star puzzle, else a star.
    fn piece_word(&self) -> &'static str {
        piece_word(self.p.stars())
    }

    /// The step crossing out square `i`, where a star "{would}".
    fn crossing_star(&self, rule: &'static str, level: Level, i: usize, would: String) -> Step {
        let sq = self.p.square(i);
        let why = format!("a {} on {sq} {would}", self.piece_word());
        Step::crossing(rule, level, vec![sq], why)
    }

    /// What a unit holds: `queen` when one, `stars` when several (as in "has its
    /// queen", "has its stars").
    fn units_pieces(&self) -> String {
        units_pieces(self.p.stars())
    }

    fn star_word(&self, count: i32) -> String {
        let word = self.piece_word();
        match count {
            1 => format!("one {word}"),
            c => format!("{c} {word}s"),
        }
    }

    fn unit_name(&self, u: Unit) -> String {
        match u {
            Unit::Row(r) => format!("row {}", r + 1),
            Unit::Col(c) => format!("column {}", file_name(c as u32)),
            Unit::Region(g) => format!("region {}", self.p.region_name(g)),
        }
    }

    fn unit_cells(&self, u: Unit) -> Vec<usize> {
        let n = self.n;
        match u {
            Unit::Row(r) => (r * n..r * n + n).collect(),
            Unit::Col(c) => (0..n).map(|r| r * n + c).collect(),
            Unit::Region(g) => self.cells[g].clone(),
        }
    }

    fn view(&self, s: &State) -> View {
        let n = self.n;
        let k = self.p.stars() as i32;
        let mut v = View {
            free: s.marks.iter().map(|&m| m == Mark::Free).collect(),
            row_need: vec![k; n],
            col_need: vec![k; n],
            reg_need: vec![k; n],
            row_free: vec![0; n],
            col_free: vec![0; n],
            reg_free: vec![0; n],
        };
        for (i, &m) in s.marks.iter().enumerate() {
            let (r, c, g) = (i / n, i % n, self.p.region(i));
            match m {
                Mark::Star => {
                    v.row_need[r] -= 1;
                    v.col_need[c] -= 1;
                    v.reg_need[g] -= 1;
                }
                Mark::Free => {
                    v.row_free[r] += 1;
                    v.col_free[c] += 1;
                    v.reg_free[g] += 1;
                }
                Mark::Cross => {}
            }
        }
        v
    }

    fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        (0..self.n)
            .map(Unit::Row)
            .chain((0..self.n).map(Unit::Col))
            .chain((0..self.n).map(Unit::Region))
    }

    fn need(&self, v: &View, u: Unit) -> i32 {
        match u {
            Unit::Row(r) => v.row_need[r],
            Unit::Col(c) => v.col_need[c],
            Unit::Region(g) => v.reg_need[g],
        }
    }

    fn free_count(&self, v: &View, u: Unit) -> i32 {
        match u {
            Unit::Row(r) => v.row_free[r],
            Unit::Col(c) => v.col_free[c],
            Unit::Region(g) => v.reg_free[g],
        }
    }

    /// Why the position breaks the rules already, if it does: two stars touching, a
    /// unit with too many stars, or a unit with fewer free squares than stars it needs.
    pub fn contradiction(&self, s: &State) -> Option<String> {
        let n = self.n;
        let stars = s.stars();
        for &a in &stars {
            for &b in &stars {
                if a < b && (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1 {
                    return Some(format!(
                        "the {}s on {} and {} touch",
                        self.piece_word(),
                        self.p.square(a),
                        self.p.square(b)
                    ));
                }
            }
        }
        let v = self.view(s);
        let k = self.p.stars() as i32;
        for u in self.units() {
            let need = self.need(&v, u);
            if need < 0 {
                return Some(format!(
                    "{} has {}, more than its {}",
                    self.unit_name(u),
                    self.star_word(k - need),
                    self.star_word(k)
                ));
            }
            let free = self.free_count(&v, u);
            if free < need {
                return Some(format!(
                    "{} needs {} more but has {} free square{} left",
                    self.unit_name(u),
                    self.star_word(need),
                    if free == 0 {
                        "no".to_string()
                    } else {
                        free.to_string()
                    },
                    if free == 1 { "" } else { "s" }
                ));
            }
        }
        None
    }

    /// Whether every unit has its stars (and nothing breaks the rules).
    pub fn solved(&self, s: &State) -> bool {
        s.stars().len() == self.n * self.p.stars() && self.contradiction(s).is_none()
    }

    /// The next step from `s` using rules up to level `max`: the first step of the
    /// easiest level that has one; `None` when no such rule applies (or the position is
    /// solved or broken: see [`Deducer::contradiction`]).
    pub fn next_step(&self, s: &State, max: Level) -> Option<Step> {
        crate::puzzle::effort::look(self.n);
        if self.contradiction(s).is_some() {
            return None;
        }
        let v = self.view(s);
        let at = |level: Level, rule: &str| max >= level && self.on(rule);
        let step = (at(Level::Easy, "exclusion"))
            .then(|| self.exclusion(s, &v))
            .flatten()
            .or_else(|| at(Level::Easy, "last-square").then(|| self.last_square(&v))?)
            .or_else(|| (max >= Level::Medium).then(|| self.confined(&v, false))?)
            .or_else(|| at(Level::Medium, "would-empty").then(|| self.would_empty(&v))?)
            .or_else(|| at(Level::Medium, "line-pairs").then(|| self.line_pairs(&v))?)
            .or_else(|| at(Level::Medium, "region-blocks").then(|| self.region_blocks(&v))?)
            .or_else(|| at(Level::Hard, "2x2-blocks").then(|| self.two_by_two(&v))?)
            .or_else(|| (max >= Level::Hard).then(|| self.confined(&v, true))?)
            .or_else(|| at(Level::Expert, "trial").then(|| self.trial(s))?);
        debug_assert!(step.as_ref().is_none_or(|st| st.level <= max));
        step
    }

    /// The free squares a star on `i` rules out: those touching it, and the rest of each
    /// of its units that the star completes.
    fn ruled_out(&self, v: &View, i: usize) -> Vec<usize> {
        self.ruled_out_all(v, &[i])
    }

    /// The free squares that stars on `stars` (free squares) rule out together: those
    /// touching one of them, and the rest of each unit they complete.
    fn ruled_out_all(&self, v: &View, stars: &[usize]) -> Vec<usize> {
        let n = self.n;
        let mut out = Vec::new();
        let (mut rows, mut cols, mut regs) = (Vec::new(), Vec::new(), Vec::new());
        for &i in stars {
            let (r, c, g) = (i / n, i % n, self.p.region(i));
            out.extend(self.neighbours(i));
            rows.push(r);
            cols.push(c);
            regs.push(g);
        }
        let count = |v: &[usize], x: usize| v.iter().filter(|&&y| y == x).count() as i32;
        for &r in &rows {
            if v.row_need[r] <= count(&rows, r) {
                out.extend(self.unit_cells(Unit::Row(r)));
            }
        }
        for &c in &cols {
            if v.col_need[c] <= count(&cols, c) {
                out.extend(self.unit_cells(Unit::Col(c)));
            }
        }
        for &g in &regs {
            if v.reg_need[g] <= count(&regs, g) {
                out.extend(self.cells[g].iter().copied());
            }
        }
        out.retain(|&j| v.free[j] && !stars.contains(&j));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The squares touching square `i` (on the board).
    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.n as i64;
        let (r, c) = ((i as i64) / n, (i as i64) % n);
        (-1i64..=1)
            .flat_map(move |dr| (-1i64..=1).map(move |dc| (r + dr, c + dc)))
            .filter(move |&(rr, cc)| {
                (rr, cc) != (r, c) && (0..n).contains(&rr) && (0..n).contains(&cc)
            })
            .map(move |(rr, cc)| (rr * n + cc) as usize)
    }

    /// Whether squares `a` and `b` touch (or are the same).
    fn touch(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        (a / n).abs_diff(b / n) <= 1 && (a % n).abs_diff(b % n) <= 1
    }

    /// The free squares outside `cands` that touch every square of `cands` (a star
    /// there would touch whichever of them holds one).
    fn touching_all(&self, v: &View, cands: &[usize]) -> Vec<usize> {
        let Some(&first) = cands.first() else {
            return Vec::new();
        };
        self.neighbours(first)
            .filter(|&j| {
                v.free[j] && !cands.contains(&j) && cands.iter().all(|&c| self.touch(c, j))
            })
            .collect()
    }

    fn squares(&self, cells: &[usize]) -> Vec<Square> {
        cells.iter().map(|&i| self.p.square(i)).collect()
    }

    fn list(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|&i| self.p.square(i).to_string())
            .collect();
        match names.len() {
            0 => String::new(),
            1 => names[0].clone(),
            _ => format!(
                "{} and {}",
                names[..names.len() - 1].join(", "),
                names[names.len() - 1]
            ),
        }
    }

    /// Squares named as `a1, b2 or c3`.
    fn list_or(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells
            .iter()
            .map(|&i| self.p.square(i).to_string())
            .collect();
        match names.len() {
            0 | 1 => names.concat(),
            k => format!("{} or {}", names[..k - 1].join(", "), names[k - 1]),
        }
    }

    /// `exclusion`: a star's touching squares, and the rest of units that have their
    /// stars.
    fn exclusion(&self, s: &State, v: &View) -> Option<Step> {
        let n = self.n;
        for i in s.stars() {
            let (r, c, g) = (i / n, i % n, self.p.region(i));
            let mut v2 = View {
                free: v.free.clone(),
                row_need: v.row_need.clone(),
                col_need: v.col_need.clone(),
                reg_need: v.reg_need.clone(),
                row_free: Vec::new(),
                col_free: Vec::new(),
                reg_free: Vec::new(),
            };
            // ruled_out counts the star as still to come: give its units one back.
            v2.row_need[r] += 1;
            v2.col_need[c] += 1;
            v2.reg_need[g] += 1;
            let cross = self.ruled_out(&v2, i);
            if !cross.is_empty() {
                let mut parts = vec!["the squares touching it".to_string()];
                for (full, u) in [
                    (v.row_need[r] == 0, Unit::Row(r)),
                    (v.col_need[c] == 0, Unit::Col(c)),
                    (v.reg_need[g] == 0, Unit::Region(g)),
                ] {
                    if full {
                        parts.push(format!("the rest of {}", self.unit_name(u)));
                    }
                }
                return Some(Step::crossing(
                    "exclusion",
                    Level::Easy,
                    self.squares(&cross),
                    format!(
                        "the {} on {} rules out {}",
                        self.piece_word(),
                        self.p.square(i),
                        join_and(&parts)
                    ),
                ));
            }
        }
        None
    }

    /// `last-square`: a unit with exactly as many free squares as stars it needs: a
    /// star on each, and what they rule out.
    fn last_square(&self, v: &View) -> Option<Step> {
        for u in self.units() {
            let need = self.need(v, u);
            if need > 0 && self.free_count(v, u) == need {
                let free: Vec<usize> = self
                    .unit_cells(u)
                    .into_iter()
                    .filter(|&j| v.free[j])
                    .collect();
                let cross = self.ruled_out_all(v, &free);
                let why = if need == 1 {
                    format!(
                        "{} has one free square left, {}, so its {}{} goes there",
                        self.unit_name(u),
                        self.p.square(free[0]),
                        if self.p.stars() == 1 { "" } else { "last " },
                        self.piece_word()
                    )
                } else {
                    format!(
                        "{} needs {} and has exactly that many free squares, {}, so each takes one",
                        self.unit_name(u),
                        self.star_word(need),
                        self.list(&free),
                    )
                };
                let why = if cross.is_empty() {
                    why
                } else {
                    format!(
                        "{why}; {} out {}",
                        if free.len() == 1 {
                            "it rules"
                        } else {
                            "they rule"
                        },
                        self.list(&cross)
                    )
                };
                return Some(Step {
                    rule: "last-square",
                    level: Level::Easy,
                    place: self.squares(&free),
                    cross: self.squares(&cross),
                    why,
                });
            }
        }
        None
    }

    /// `region-in-line` and `line-in-region` (one line, `hard == false`), or
    /// `regions-in-lines` and `lines-in-regions` (two or more lines, `hard == true`),
    /// for rows and then columns.
    fn confined(&self, v: &View, hard: bool) -> Option<Step> {
        let n = self.n;
        for rows in [true, false] {
            let line_of = |i: usize| if rows { i / n } else { i % n };
            let line_need = if rows { &v.row_need } else { &v.col_need };
            // Lines where each region has free squares; regions each line meets.
            let mut reg_lines = vec![0u64; n];
            let mut line_regs = vec![0u64; n];
            for i in 0..n * n {
                if v.free[i] {
                    reg_lines[self.p.region(i)] |= 1 << line_of(i);
                    line_regs[line_of(i)] |= 1 << self.p.region(i);
                }
            }
            let mut sets: Vec<u64> = Vec::new();
            let star_battle = self.p.stars() >= 2;
            if hard && star_battle && n <= 12 {
                // Every set of two to n - 1 lines, fewest lines first.
                sets.extend((1u64..1 << n).filter(|t| (2..n as u32).contains(&t.count_ones())));
                sets.sort_by_key(|t| t.count_ones());
            } else if hard {
                for len in 2..n {
                    for a in 0..=n - len {
                        sets.push(((1u64 << len) - 1) << a);
                    }
                }
                for g in 0..n {
                    if reg_lines[g].count_ones() >= 2 {
                        sets.push(reg_lines[g]);
                    }
                    for h in g + 1..n {
                        let t = reg_lines[g] | reg_lines[h];
                        if t.count_ones() >= 2 && (t.count_ones() as usize) < n {
                            sets.push(t);
                        }
                        // Star Battle's counting: the lines of three regions too.
                        for f in (h + 1..n).filter(|_| star_battle) {
                            let t = t | reg_lines[f];
                            if t.count_ones() >= 2 && (t.count_ones() as usize) < n {
                                sets.push(t);
                            }
                        }
                    }
                }
            } else {
                sets.extend((0..n).map(|l| 1u64 << l));
            }
            for &t in &sets {
                let need_t: i32 = bits(t).map(|l| line_need[l]).sum();
                if need_t <= 0 {
                    continue;
                }
                // Regions confined to the lines t.
                let inside: u64 = (0..n)
                    .filter(|&g| v.reg_need[g] > 0 && reg_lines[g] != 0 && reg_lines[g] & !t == 0)
                    .fold(0, |m, g| m | 1 << g);
                let need_in: i32 = bits(inside).map(|g| v.reg_need[g]).sum();
                if need_in == need_t {
                    let cross: Vec<usize> = (0..n * n)
                        .filter(|&i| {
                            v.free[i]
                                && t >> line_of(i) & 1 == 1
                                && inside >> self.p.region(i) & 1 == 0
                        })
                        .collect();
                    if !cross.is_empty() && self.on(self.counting_rule(t, true)) {
                        let (rule, why) =
                            self.confined_why(rows, (t, inside, need_t), &cross, true);
                        let level = if hard { Level::Hard } else { Level::Medium };
                        return Some(Step::crossing(rule, level, self.squares(&cross), why));
                    }
                }
                // Regions the lines t meet.
                let met: u64 = bits(t).fold(0, |m, l| m | line_regs[l]);
                let need_met: i32 = bits(met).map(|g| v.reg_need[g]).sum();
                if need_met == need_t {
                    let cross: Vec<usize> = (0..n * n)
                        .filter(|&i| {
                            v.free[i]
                                && met >> self.p.region(i) & 1 == 1
                                && t >> line_of(i) & 1 == 0
                        })
                        .collect();
                    if !cross.is_empty() && self.on(self.counting_rule(t, false)) {
                        let (rule, why) = self.confined_why(rows, (t, met, need_t), &cross, false);
                        let level = if hard { Level::Hard } else { Level::Medium };
                        return Some(Step::crossing(rule, level, self.squares(&cross), why));
                    }
                }
            }
        }
        None
    }

    /// The name of the counting rule on the lines `lines`: regions inside them
    /// (`regions_inside`) or the reverse, by the number of lines and the puzzle.
    fn counting_rule(&self, lines: u64, regions_inside: bool) -> &'static str {
        match (lines.count_ones(), self.p.stars() >= 2, regions_inside) {
            (1, _, true) => "region-in-line",
            (1, _, false) => "line-in-region",
            (_, false, true) => "regions-in-lines",
            (_, false, false) => "lines-in-regions",
            (_, true, true) => "under-counting",
            (_, true, false) => "over-counting",
        }
    }

    fn confined_why(
        &self,
        rows: bool,
        (lines, regions, need): (u64, u64, i32),
        cross: &[usize],
        regions_inside: bool,
    ) -> (&'static str, String) {
        let line_names: Vec<String> = bits(lines)
            .map(|l| {
                if rows {
                    (l + 1).to_string()
                } else {
                    file_name(l as u32)
                }
            })
            .collect();
        let reg_names: Vec<String> = bits(regions)
            .map(|g| self.p.region_name(g).to_string())
            .collect();
        let kind = if rows { "row" } else { "column" };
        let lines_text = format!(
            "{kind}{} {}",
            if line_names.len() == 1 { "" } else { "s" },
            join_and(&line_names)
        );
        let regs_text = format!(
            "region{} {}",
            if reg_names.len() == 1 { "" } else { "s" },
            join_and(&reg_names)
        );
        let lines_verb = if line_names.len() == 1 {
            "takes"
        } else {
            "take"
        };
        let regs_verb = if reg_names.len() == 1 { "s" } else { "" };
        if regions_inside {
            (
                self.counting_rule(lines, true),
                format!(
                    "{regs_text} lie{regs_verb} in {lines_text} only and need{regs_verb} {} there, all that {lines_text} still {lines_verb}, so the rest of {lines_text} stays empty: {} crossed",
                    self.star_word(need),
                    self.list(cross)
                ),
            )
        } else {
            (
                self.counting_rule(lines, false),
                format!(
                    "the free squares of {lines_text} all lie in {regs_text}, which need{regs_verb} just the {} that {lines_text} still {lines_verb}, so the rest of {regs_text} stays empty: {} crossed",
                    self.star_word(need),
                    self.list(cross)
                ),
            )
        }
    }

    /// `would-empty`: the free squares whose star would leave one unit (the first such
    /// unit found) with fewer free squares than it needs, crossed in one step.
    fn would_empty(&self, v: &View) -> Option<Step> {
        let n = self.n;
        let mut lost = Lost::new(n);
        let (first, k) = (0..n * n)
            .filter(|&i| v.free[i])
            .find_map(|i| Some((i, self.broken_first(v, i, &mut lost)?)))?;
        let u = self.units().nth(k)?;
        let cross: Vec<usize> = std::iter::once(first)
            .chain((first + 1..n * n).filter(|&i| v.free[i] && self.breaks(v, i, k, &mut lost)))
            .collect();
        let free: Vec<usize> = self
            .unit_cells(u)
            .into_iter()
            .filter(|&j| v.free[j])
            .collect();
        let need = self.need(v, u);
        let piece = self.piece_word();
        let wanted = if need == 1 && self.p.stars() == 1 {
            format!("its {piece} on {}", self.list_or(&free))
        } else {
            format!("{} among {}", self.star_word(need), self.list(&free))
        };
        let on = if cross.len() <= 2 {
            format!("a {piece} on {}", self.list_or(&cross))
        } else {
            format!("a {piece} on any of {}", self.list_or(&cross))
        };
        let what = if need == 1 && free.len() == 2 {
            "both"
        } else if need == 1 {
            "all of them"
        } else {
            "too many of them"
        };
        let why = format!(
            "{} needs {wanted}; {on} would rule out {what}",
            self.unit_name(u)
        );
        Some(Step::crossing(
            "would-empty",
            Level::Medium,
            self.squares(&cross),
            why,
        ))
    }

    /// Counts into `lost` the free squares each unit (rows, then columns, then
    /// regions, as [`Deducer::units`]) loses to a star on free square `i`: `i` itself and
    /// what the star rules out ([`Deducer::ruled_out`]: the squares touching it, and the
    /// rest of each unit it completes). Without allocating: `would-empty` asks this of
    /// every free square at every step, which was most of the time the generator spent
    /// grading Star Battles (bench/puzzle.md).
    fn count_lost(&self, v: &View, i: usize, lost: &mut Lost) {
        let n = self.n;
        lost.clear();
        let (r, c, g) = (i / n, i % n, self.p.region(i));
        lost.take(n, self.p.region(i), i);
        for rr in r.saturating_sub(1)..(r + 2).min(n) {
            for cc in c.saturating_sub(1)..(c + 2).min(n) {
                let j = rr * n + cc;
                if v.free[j] {
                    lost.take(n, self.p.region(j), j);
                }
            }
        }
        if v.row_need[r] <= 1 {
            for j in (r * n..r * n + n).filter(|&j| v.free[j]) {
                lost.take(n, self.p.region(j), j);
            }
        }
        if v.col_need[c] <= 1 {
            for j in (0..n).map(|x| x * n + c).filter(|&j| v.free[j]) {
                lost.take(n, self.p.region(j), j);
            }
        }
        if v.reg_need[g] <= 1 {
            for &j in self.cells[g].iter().filter(|&&j| v.free[j]) {
                lost.take(n, g, j);
            }
        }
    }

    /// Whether a star on free square `i` leaves unit number `k` (in [`Deducer::units`]
    /// order, its own units counting the star) with fewer free squares than it needs,
    /// `lost` counted for `i` ([`Deducer::count_lost`]).
    fn short(&self, v: &View, i: usize, k: usize, lost: &Lost) -> bool {
        let n = self.n;
        let (need, free, own) = match k / n {
            0 => (v.row_need[k], v.row_free[k], k == i / n),
            1 => (v.col_need[k - n], v.col_free[k - n], k - n == i % n),
            _ => {
                let g = k - 2 * n;
                (v.reg_need[g], v.reg_free[g], g == self.p.region(i))
            }
        };
        lost.lost[k] > 0 && free - lost.lost[k] < need - own as i32
    }

    /// The first unit (its number in [`Deducer::units`] order) that a star on free square
    /// `i` would leave with fewer free squares than it needs (its own units counting the
    /// star).
    fn broken_first(&self, v: &View, i: usize, lost: &mut Lost) -> Option<usize> {
        self.count_lost(v, i, lost);
        lost.touched
            .iter()
            .copied()
            .filter(|&k| self.short(v, i, k, lost))
            .min()
    }

    /// Whether a star on free square `i` would leave unit number `k` with fewer free
    /// squares than it needs.
    fn breaks(&self, v: &View, i: usize, k: usize, lost: &mut Lost) -> bool {
        self.count_lost(v, i, lost);
        self.short(v, i, k, lost)
    }
}

/// The free squares each unit loses to a star (see [`Deducer::count_lost`]): reused
/// from square to square.
struct Lost {
    /// Squares lost by unit number (rows, columns, regions).
    lost: Vec<i32>,
    /// The units with a count above 0.
    touched: Vec<usize>,
    /// The squares counted already (each square once).
    seen: Vec<bool>,
    /// The squares in `seen`.
    squares: Vec<usize>,
}

impl Lost {
    fn new(n: usize) -> Lost {
        Lost {
            lost: vec![0; 3 * n],
            touched: Vec::with_capacity(3 * n),
            seen: vec![false; n * n],
            squares: Vec::with_capacity(n * n),
        }
    }

    fn clear(&mut self) {
        for &k in &self.touched {
            self.lost[k] = 0;
        }
        self.touched.clear();
        for &j in &self.squares {
            self.seen[j] = false;
        }
        self.squares.clear();
    }

    /// Square `j` (of region `g`, side `n`) lost, once.
    fn take(&mut self, n: usize, g: usize, j: usize) {
        if self.seen[j] {
            return;
        }
        self.seen[j] = true;
        self.squares.push(j);
        for k in [j / n, n + j % n, 2 * n + g] {
            if self.lost[k] == 0 {
                self.touched.push(k);
            }
            self.lost[k] += 1;
        }
    }
}

/// The set bits of `m`, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// `a`, `a and b`, `a, b and c`.
fn join_and(parts: &[String]) -> String {
    match parts.len() {
        0 => String::new(),
        1 => parts[0].clone(),
        k => format!("{} and {}", parts[..k - 1].join(", "), parts[k - 1]),
    }
}
