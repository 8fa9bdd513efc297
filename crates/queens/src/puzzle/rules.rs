//! The deductions a person makes on a region puzzle, named and grouped into levels.
//!
//! A *unit* is a row, a column or a region; each needs `K` stars, so in a position it
//! still *needs* `K` minus its stars. Every rule looks at the position (stars, crosses
//! and free squares) and either places stars or crosses squares out, with one sentence
//! saying why. The rules, easiest first ([`Level`]):
//!
//! | level | rule | what it sees |
//! |---|---|---|
//! | easy | `exclusion` | a star rules out the squares touching it, and the rest of a unit that has its stars |
//! | easy | `last-square` | a unit with as many free squares as stars it needs: a star on the first (and what it rules out) |
//! | medium | `region-in-line` | regions whose free squares lie in one row (column) and need as many stars as it: the rest of the row is crossed |
//! | medium | `line-in-region` | a row (column) whose free squares lie in regions that need as many stars as it: the rest of those regions is crossed |
//! | medium | `would-empty` | a square whose star would leave some unit fewer free squares than it needs |
//! | hard | `regions-in-lines` | `k` regions confined to `k` rows (columns) with as many stars to place: the rest of those rows is crossed |
//! | hard | `lines-in-regions` | `k` rows (columns) whose free squares lie in regions with as many stars to place: the rest of those regions is crossed |
//! | expert | `trial` | a star on the square, followed by the forced moves (last squares and exclusions), empties a unit: cross it |
//!
//! Soundness of the two counting rules: rows `T` still take exactly `need(T)` stars (the
//! sum of their needs). Regions `S` whose free squares all lie in `T` put all their
//! `need(S)` stars in `T`; when `need(S) = need(T)` no other star fits in `T`. Read the
//! other way round, the free squares of `T` all in regions `S` with `need(S) = need(T)`
//! means every star `S` still takes lies in `T`. `would-empty` and `trial` are proofs
//! by contradiction, one placement deep. The tests check every rule against the
//! exhaustive solver on many random positions: nothing crossed that some solution has
//! as a star, nothing placed that some solution lacks.
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

use crate::board::{Square, file_name};

use super::solver::{Node, Tables};
use super::{Mark, Puzzle, State};

/// How hard a rule is for a person; a puzzle's grade is the easiest level that solves
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Exclusions and last squares only.
    Easy,
    /// Plus one region confined to one row or column (and the reverse), and squares
    /// whose star would empty a unit.
    Medium,
    /// Plus `k` regions confined to `k` rows or columns (and the reverse).
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

/// A row, a column or a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
        }
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
        if self.contradiction(s).is_some() {
            return None;
        }
        let v = self.view(s);
        self.exclusion(s, &v)
            .or_else(|| self.last_square(s, &v))
            .or_else(|| {
                (max >= Level::Medium)
                    .then(|| self.confined(&v, false))
                    .flatten()
            })
            .or_else(|| {
                (max >= Level::Medium)
                    .then(|| self.would_empty(&v))
                    .flatten()
            })
            .or_else(|| {
                (max >= Level::Hard)
                    .then(|| self.confined(&v, true))
                    .flatten()
            })
            .or_else(|| (max >= Level::Expert).then(|| self.trial(s)).flatten())
    }

    /// The free squares a star on `i` rules out: those touching it, and the rest of each
    /// of its units that the star completes.
    fn ruled_out(&self, v: &View, i: usize) -> Vec<usize> {
        let n = self.n;
        let (r, c, g) = (i / n, i % n, self.p.region(i));
        let mut out = Vec::new();
        for dr in -1i64..=1 {
            for dc in -1i64..=1 {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (dr, dc) != (0, 0) && (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc)
                {
                    out.push(rr as usize * n + cc as usize);
                }
            }
        }
        if v.row_need[r] <= 1 {
            out.extend(self.unit_cells(Unit::Row(r)));
        }
        if v.col_need[c] <= 1 {
            out.extend(self.unit_cells(Unit::Col(c)));
        }
        if v.reg_need[g] <= 1 {
            out.extend(self.cells[g].iter().copied());
        }
        out.retain(|&j| j != i && v.free[j]);
        out.sort_unstable();
        out.dedup();
        out
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

    /// `last-square`: a unit with exactly as many free squares as stars it needs.
    fn last_square(&self, _s: &State, v: &View) -> Option<Step> {
        for u in self.units() {
            let need = self.need(v, u);
            if need > 0 && self.free_count(v, u) == need {
                let free: Vec<usize> = self
                    .unit_cells(u)
                    .into_iter()
                    .filter(|&j| v.free[j])
                    .collect();
                let i = free[0];
                let cross = self.ruled_out(v, i);
                let why = if need == 1 {
                    format!(
                        "{} has one free square left, {}, so its {} goes there",
                        self.unit_name(u),
                        self.p.square(i),
                        self.piece_word()
                    )
                } else {
                    format!(
                        "{} needs {} and has exactly that many free squares ({}), so {} takes one",
                        self.unit_name(u),
                        self.star_word(need),
                        self.list(&free),
                        self.p.square(i)
                    )
                };
                let why = if cross.is_empty() {
                    why
                } else {
                    format!("{why}; it rules out {}", self.list(&cross))
                };
                return Some(Step {
                    rule: "last-square",
                    level: Level::Easy,
                    place: vec![self.p.square(i)],
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
            if hard {
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
                    if !cross.is_empty() {
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
                    if !cross.is_empty() {
                        let (rule, why) = self.confined_why(rows, (t, met, need_t), &cross, false);
                        let level = if hard { Level::Hard } else { Level::Medium };
                        return Some(Step::crossing(rule, level, self.squares(&cross), why));
                    }
                }
            }
        }
        None
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
                if line_names.len() == 1 {
                    "region-in-line"
                } else {
                    "regions-in-lines"
                },
                format!(
                    "{regs_text} lie{regs_verb} in {lines_text} only and need{regs_verb} {} there, all that {lines_text} still {lines_verb}, so the rest of {lines_text} stays empty: {} crossed",
                    self.star_word(need),
                    self.list(cross)
                ),
            )
        } else {
            (
                if line_names.len() == 1 {
                    "line-in-region"
                } else {
                    "lines-in-regions"
                },
                format!(
                    "the free squares of {lines_text} all lie in {regs_text}, which need{regs_verb} just the {} that {lines_text} still {lines_verb}, so the rest of {regs_text} stays empty: {} crossed",
                    self.star_word(need),
                    self.list(cross)
                ),
            )
        }
    }

    /// `would-empty`: a free square whose star would leave a unit with fewer free
    /// squares than it needs.
    fn would_empty(&self, v: &View) -> Option<Step> {
        let n = self.n;
        let mut drow = vec![0i32; n];
        let mut dcol = vec![0i32; n];
        let mut dreg = vec![0i32; n];
        for i in 0..n * n {
            if !v.free[i] {
                continue;
            }
            let out = self.ruled_out(v, i);
            let mut touched: Vec<Unit> = Vec::new();
            for &j in out.iter().chain(std::iter::once(&i)) {
                let (r, c, g) = (j / n, j % n, self.p.region(j));
                drow[r] += 1;
                dcol[c] += 1;
                dreg[g] += 1;
                touched.extend([Unit::Row(r), Unit::Col(c), Unit::Region(g)]);
            }
            let (r, c, g) = (i / n, i % n, self.p.region(i));
            let mut broken = None;
            for &u in &touched {
                let (d, own) = match u {
                    Unit::Row(x) => (drow[x], x == r),
                    Unit::Col(x) => (dcol[x], x == c),
                    Unit::Region(x) => (dreg[x], x == g),
                };
                let need = self.need(v, u) - own as i32;
                let free = self.free_count(v, u) - d;
                if free < need && broken.is_none() {
                    broken = Some((u, need, free));
                }
            }
            for &j in out.iter().chain(std::iter::once(&i)) {
                let (r, c, g) = (j / n, j % n, self.p.region(j));
                drow[r] = 0;
                dcol[c] = 0;
                dreg[g] = 0;
            }
            if let Some((u, need, free)) = broken {
                return Some(self.crossing_star(
                    "would-empty",
                    Level::Medium,
                    i,
                    format!(
                        "would leave {} with {} for {}",
                        self.unit_name(u),
                        match free {
                            0 => "no free square".to_string(),
                            1 => "one free square".to_string(),
                            f => format!("{f} free squares"),
                        },
                        if need == 1 && self.p.stars() == 1 {
                            "its queen".to_string()
                        } else {
                            self.star_word(need)
                        }
                    ),
                ));
            }
        }
        None
    }

    /// `trial`: a free square whose star, followed by the forced moves, empties a unit
    /// (the solver's propagation: last squares and exclusions to a fixed point).
    fn trial(&self, s: &State) -> Option<Step> {
        let n = self.n;
        let base = Node::from_state(&self.tables, s)?;
        // Squares of small regions first: a person tries where choices are few.
        let mut order: Vec<usize> = (0..n * n).filter(|&i| s.marks[i] == Mark::Free).collect();
        order.sort_by_key(|&i| self.cells[self.p.region(i)].len());
        for i in order {
            let mut node = base.clone();
            if !node.possible(i / n, i % n) {
                continue;
            }
            node.place(&self.tables, i / n, i % n);
            if !node.propagate(&self.tables) {
                return Some(self.crossing_star(
                    "trial",
                    Level::Expert,
                    i,
                    format!(
                        "forces moves that leave some row, column or region without room for its {}",
                        self.units_pieces()
                    ),
                ));
            }
        }
        None
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
