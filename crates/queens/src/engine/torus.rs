//! The `torus` engine: a dedicated counter for `n` queens on the `n × n` torus (OEIS
//! A051906, main entry A007705), where rows, columns and both diagonal families wrap.
//!
//! # The problem
//! On the torus a queen's rays go round until they are back on her square, so queens on
//! `x = (r, c)` and `y = (r', c')` attack each other exactly when `y - x` lies in
//! `A = {(0, t)} ∪ {(t, 0)} ∪ {(t, t)} ∪ {(t, -t)}` (mod `n`), the four lines through the
//! origin (what [`crate::terrain::Terrain`] computes square by square for `--torus`).
//! `n` queens take every row once, so a solution is a permutation `p` (row `r`'s queen
//! on column `p(r)`) for which `r - p(r)` and `r + p(r)` also run over every residue.
//!
//! # None unless gcd(n, 6) = 1 (Pólya 1918)
//! The engine answers 0 without a search for the other sides; the argument, in full:
//! the three permutations give `Σ (r + p(r)) ≡ Σ r + Σ p(r) ≡ 2S` and, being a
//! permutation itself, `≡ S (mod n)`, with `S = n(n-1)/2`; so `S ≡ 0 (mod n)`, false for
//! even `n` (`S ≡ n/2`). With squares, `Σ (r + p(r))² + Σ (r - p(r))² = 2 Σ r² + 2 Σ p(r)²`
//! gives `2Q ≡ 4Q`, so `2Q ≡ 0 (mod n)`, with `Q = (n-1)n(2n-1)/6`; for odd `n = 3m`,
//! `2Q = m(n-1)(2n-1)` and `(n-1)(2n-1) ≡ 1 (mod 3)`, so `3m` does not divide it. The
//! tests hold the 0 to a brute force and to the `exact` engine on every side they reach.
//!
//! # Symmetry used, and why it is exact
//! 1. **Translations** `z → z + t` map `A`'s lines to lines of the same family, hence
//!    solutions onto solutions, one to one.
//! 2. **Linear maps** `M` (2×2 matrices mod `n` with a unit determinant) with
//!    `M(A) = A`: `x, y` attack iff `y - x ∈ A` iff `My - Mx = M(y - x) ∈ A`, so `M` maps
//!    solutions onto solutions, one to one, fixing the origin. The group `H` of these
//!    maps is found by brute force from that definition (a matrix's columns are the
//!    images of `(1, 0)` and `(0, 1)`, which must lie in `A`, so only `|A|²` candidates
//!    are tried). For prime `n`, `H` has `8(n-1)` elements (the scalars `z → uz` times
//!    the eight maps that permute the four directions). No map is assumed to be a
//!    symmetry beyond what the brute force checks.
//!
//! Together they make the group `G` of the maps `g(z) = hz + t` (`h ∈ H`, `t` any
//! square), `|G| = n² |H|` (distinct pairs `(h, t)` give distinct maps: `g(0) = t`).
//! The differences `y - x` of two queens of a solution lie outside `A`; split those
//! squares into the orbits `O_0, O_1, …` of `H` (in the row-major order of their first
//! squares `v_j`; each is closed under `z → -z`, as `-1 ∈ H`). A solution `s` has a
//! *first orbit*: the least `j` with a pair of its queens `y - x ∈ O_j` (there is one:
//! for `n > 1` any two of its queens make a pair). Let `X_j` be the solutions with first
//! orbit `j`; `G` maps `X_j` onto itself (it maps differences by `h`, which keeps every
//! orbit). Let `Y_j ⊆ X_j` be those holding queens on `0` and `v_j`.
//!
//! * Every `G`-orbit of `X_j` meets `Y_j`: take a pair `(x, y)` of `s` with
//!   `y - x ∈ O_j`, `h ∈ H` with `h(y - x) = v_j`; `g(z) = h(z - x)` puts it on `(0, v_j)`.
//! * Conversely, if `g(s) ∈ Y_j`, then `g⁻¹` takes `(0, v_j)` to a pair of `s` whose
//!   difference is `h⁻¹ v_j ∈ O_j`: so `Gs ∩ Y_j` is exactly the set of images `g(s)`
//!   over the *candidates* `(x, y, h)`: pairs of `s` with a difference in `O_j` and maps
//!   `h ∈ H` with `h(y - x) = v_j`.
//! * The candidates with `g(s) = s` are in one-to-one correspondence with `Aut(s)`,
//!   the maps of `G` that keep `s` (`g ↔ (g⁻¹(0), g⁻¹(v_j), h)`), so `|Gs| = |G| / c`
//!   with `c` that number.
//!
//! Hence `T(n) = Σ_j Σ |G| / c(s)` over the `s ∈ Y_j` that are the least of their
//! candidates' images (placements compared as the list of their queens' columns, row
//! by row): each `G`-orbit of solutions is counted once, with its size, and the weight
//! is an integer (`|Aut(s)|` divides `|G|`). The engine runs one search per orbit `O_j`:
//! two queens fixed on `0` and `v_j`, and every queen excluding, besides her lines, the
//! squares at a difference in `O_0 … O_{j-1}` from her (orbits before `j` may not
//! appear); at each solution it finds the search tests the candidates (at most
//! `n (n-1)` pairs, each with `|H| / |O_j|` maps), and it cuts early what cannot be
//! canonical (the section after next). The first orbit's search is as large
//! as one orbit's search of a plain pair count, and the later ones are tiny, since
//! every queen shuts `|O_0|` more squares: on 23, 2657 of the 2663 tasks and all but a
//! millisecond of the time are the first orbit's (`bench/torus_orbits.sh 23`). So the
//! count costs about one two-queen search, where counting the pairs `N(0, v)` of every
//! orbit costs one per orbit (about `(n-3)/8` of them for prime `n`: three for 23;
//! five orbits for 25). The weights need no stabiliser: `c(s)` counts `Aut(s)` itself.

//! # The search
//! Exact cover with bitboards: one `n`-bit mask per row holds the columns still free
//! there. Placing a queen clears, in every other row `r'`, her column and her two
//! diagonals' columns (`c ± (r' - r)`, a table lookup). Each node then scans the rows
//! once, counting free columns (the row with the fewest is the branching candidate)
//! and folding the masks into "at least one / two / three free squares" bitsets per
//! column, diagonal and anti-diagonal (the diagonal masks are the row masks rotated by
//! the row's index within `n` bits): a line of any of the four families with no free
//! square is a dead end; a line with one free square forces that queen; otherwise the
//! search branches on the row with the fewest free columns, or on a line with two
//! free squares when every row has three or more. The search records the queen of
//! every row on its path, and each free column of the last row gives a solution whose
//! canonical test and weight are the previous section's. Rows 1 to 3 are branched on
//! first, whenever no move is forced ([`Ring::lead`]): the canonical order reads them
//! first (next section).
//!
//! # The canonical test on partial placements
//! A solution counts only when it is the least of its candidates' images, so a subtree
//! whose every solution has a smaller image weighs 0 and need not be searched. The
//! search finds such subtrees early, where the leaf test alone saw each `G`-orbit once
//! per candidate (about 200 times on 23, one leaf each) at the end of a full search.
//!
//! *Lemma.* For a candidate map `g(z) = h(z - x)`, the queen of the image `g(s)` in row
//! `i` is the image of the queen of `s` on the line `L_i = g⁻¹(row i) = x + i h⁻¹(1, 0)
//! + ⟨h⁻¹(0, 1)⟩`, and `L_i` is a row, column, diagonal or anti-diagonal. Proof: `g` is
//! a bijection, and the image's row `i` holds one queen. `h⁻¹` maps `A` onto `A`, so
//! `h⁻¹(0, 1)` (of order `n`, `h⁻¹` being invertible) lies on one of the four lines
//! through the origin that make up `A`, and the subgroup it generates, of order `n`,
//! is that whole line. Every line of the four families holds exactly one queen of a
//! solution (the first section: `p`, `p - r`, `p + r` are permutations), so the queen
//! of `s` on `L_i` is known as soon as the search has placed a queen on `L_i`.
//!
//! At a node, a *probe* is a candidate `(x, y, h)` whose queens `x` and `y` are both
//! placed. It compares the image with the placement row by row: row 0 is equal (both
//! hold a queen on column 0); row `i` is known in both when row `i` holds a queen and
//! `L_i` does (then it is the same in every completion). While the known rows are
//! equal the probe moves on; at the first known row that differs:
//! * image less: every completion `s` of the node has `g(s) < s`, so none is canonical:
//!   the subtree is cut ([`Canon::extend`] says so, and the node is skipped);
//! * image greater: the probe can never cut, and is dropped.
//!
//! When row `i` holds a queen (column `p_i`) and the rows before it are equal but `L_i`
//! holds none yet, the probe *excludes*: a completion whose queen on `L_i` stands on a
//! square `z` with the column of `h(z - x)` less than `p_i` has a smaller image, so
//! every such `z` is taken out of the free masks ([`Canon::exclude`]) and the node's
//! branching is decided again (a line may now be empty: a dead end; or hold one square:
//! a forced queen). The probe stays, to move on to row `i + 1` if the queen put on
//! `L_i` later gives an equal row.
//!
//! Why the count stays exact: a cut or an exclusion removes only placements whose every
//! completion has a smaller image, which weigh 0 at their leaf; every leaf still reached
//! gets the whole test and weight of the previous section, so every `G`-orbit is still
//! counted exactly once, with its size, and each task's total is the same as with the
//! leaf test alone (a test holds each task to that on every side it reaches). The
//! probes of a node are its parent's still open, judged again, and those of the pairs
//! the new queen makes; they are tested at nodes holding up to `(n - 7) / 2` queens
//! ([`check_depth`]): deeper, the probes (about 18 per node at every depth on 23) cost
//! more than the subtrees they cut. On 23 the search makes 6.8 million steps where it
//! made 104 million (`bench/torus_cost.md`).
//!
//! # Parts
//! The work is a deterministic list of tasks: each orbit's search expanded breadth first
//! to the first level with at least [`TARGET_TASKS`] nodes (at most [`MAX_DEPTH`]
//! levels; more tasks past side 25, [`target_tasks`]); a task is the queens its node placed. They run on
//! [`crate::engine::parts`]: `ctl.threads` threads take the next task as they become
//! free, progress is tasks done, a task polls the stop every 2^16 nodes, and the same
//! list gives checkpoints and shards. A task's total is the weights of its canonical
//! solutions; the plan's divisor is 1, and its fingerprint names the method
//! (`torus-v3-orderly`: the lead rows changed the tasks), so checkpoints and shards of the
//! earlier plans (the pair count with divisor `n - 1`, and `torus-v2-canonical` with the
//! leaf test alone) are refused, not mixed. The count up to symmetry (`--unique`: the
//! board's rotations and reflections only, as `--torus` defines it; translations are
//! not identified) is Burnside's lemma with the placements fixed by the seven other
//! symmetries counted by [`crate::symmetry`]'s orbit search, in one more task: the rule
//! every engine's `--unique` follows.

use num_bigint::BigUint;

use super::dp::{moves_like, single_kind};
use super::parts::{self, PlanId, TaskList};
use super::{
    Control, Count, CountParts, Declaration, Engine, Honours, Job, Method, Parts, PartsReport, Run,
};
use crate::error::Error;
use crate::piece::PieceKind;
use crate::problem::Problem;

/// The widest torus taken: 64-bit masks, and rotations by up to `n` within `n < 64` bits.
pub const MAX_SIDE: u32 = 63;

/// Tasks aimed at up to side 25: enough for two to many threads to balance and for a
/// checkpoint to lose little (see [`target_tasks`] past it).
const TARGET_TASKS: usize = 1000;

/// The most levels a task's node lies below its orbit's root, up to side 25 (12 past it,
/// for [`target_tasks`]).
const MAX_DEPTH: usize = 8;

/// Tasks aimed at on side `n`, and the most levels: [`TARGET_TASKS`] up to 25, where a whole count takes
/// minutes; 20 000 on 27 and 29 and 100 000 from 31 on, where it takes days to years
/// of CPU. A task of the 1000-task plan of 29 ran past 50 s of CPU, so a shard could not
/// be timed, nor a killed cluster job lose little; finer tasks make both cheap
/// (`bench/torus_cost.md`; measured before the test on partial placements, module
/// docs, made every task several times cheaper).
///
/// From 33 on the last level stops growing at the aim (its first nodes are expanded,
/// the rest kept as they are): a whole level overshot it several times over (35:
/// 349 389 tasks, 240 MB of nodes at 63 rows to plan; 49: 1.4 GB), and every shard
/// pays for the plan. 29 and 31 keep their whole levels (their parts were timed,
/// `bench/torus_cost.md`).
fn target_tasks(n: u32) -> Aim {
    let (tasks, depth, cut) = match n {
        0..=25 => (TARGET_TASKS, MAX_DEPTH, false),
        26..=30 => (20_000, 12, false),
        31..=32 => (100_000, 12, false),
        _ => (100_000, 12, true),
    };
    Aim { tasks, depth, cut }
}

/// What [`expand`] aims at (see [`target_tasks`]).
#[derive(Clone, Copy, Debug)]
struct Aim {
    /// Stop at the first level with at least this many nodes.
    tasks: usize,
    /// Or at this many levels.
    depth: usize,
    /// Whether the last level stops growing at `tasks`.
    cut: bool,
}

/// Sides up to this are counted on the calling thread (13: well under a millisecond).
const ONE_THREAD_SIDE: u32 = 13;

/// The torus N-queens counter (see the [module docs](self)).
pub struct TorusEngine;

impl Engine for TorusEngine {
    fn declaration(&self) -> Declaration {
        Declaration {
            name: crate::engine::EngineName::Torus.as_str(),
            summary: "n queens on the n x n torus: exact-cover bitboard search, one search per orbit of queen pairs under the torus's symmetries; checkpoints and shards",
            jobs: &[Job::Count, Job::CountParts],
            honours: Honours::PARALLEL,
            handles_terrain: true,
            ..Default::default()
        }
    }

    fn prepare<'p>(&self, problem: &'p Problem, job: Job) -> Result<Run<'p>, String> {
        let t = problem.terrain();
        let b = problem.board();
        let plain_torus = t.torus()
            && t.holes().next().is_none()
            && t.blockers().next().is_none()
            && t.regions().is_none();
        match single_kind(problem) {
            Some((kind, k))
                if plain_torus
                    && b.is_square()
                    && k == b.rows()
                    && moves_like(kind, &PieceKind::queen()) => {}
            _ => {
                return Err("the torus engine counts n queens alone on an n x n torus (no holes, blockers, regions or fixed pieces)".into());
            }
        }
        // Past the bitboards' width only the sides Pólya's theorem settles are taken:
        // their plan is empty (no search, no mask), and the answer 0.
        let settled = b.rows().is_multiple_of(2) || b.rows().is_multiple_of(3);
        if b.rows() > MAX_SIDE && !settled {
            return Err(format!(
                "the torus engine handles sides up to {MAX_SIDE} (and larger sides that are even or multiples of 3, which hold no solution), not {}",
                b.rows()
            ));
        }
        let torus = Box::new(Torus { n: b.rows() });
        Ok(if job == Job::CountParts {
            Run::Parts(torus)
        } else {
            Run::Count(torus)
        })
    }
}

/// A count the torus engine accepted: `n` queens alone on the plain `n × n` torus.
struct Torus {
    n: u32,
}

impl Count for Torus {
    fn count(&self, problem: &Problem, ctl: &Control) -> Result<BigUint, Error> {
        Ok(self.count_parts(problem, ctl, &Parts::default())?.total)
    }
}

impl CountParts for Torus {
    fn count_parts(
        &self,
        problem: &Problem,
        ctl: &Control,
        parts: &Parts,
    ) -> Result<PartsReport, Error> {
        parts::only_method("torus", Method::Torus, parts.method)?;
        let n = self.n;
        let plan = Plan::new(n);
        let id = PlanId::of("torus", Method::Torus, plan.divisor, plan.describe());
        let run = |i: usize, _: &Control, stop: &dyn Fn() -> bool| {
            Ok(plan
                .run(i, stop)
                .map(|total| super::Tally { total, unique: 0 }))
        };
        let list = TaskList::new(id, problem, plan.tasks.len(), false, run);
        // A small torus takes less time than starting a thread.
        let one = Control { threads: 1, ..*ctl };
        let ctl = if n <= ONE_THREAD_SIDE { &one } else { ctl };
        parts::count_in_parts(&list, ctl, parts)
    }
}

/// Whether the vector `(r, c)` (mod `n`) lies on one of the four lines through the
/// origin: a queen on `x` attacks `x + (r, c)` (or is on it, for `(0, 0)`).
fn in_a(n: usize, r: usize, c: usize) -> bool {
    r == 0 || c == 0 || r == c || (r + c).is_multiple_of(n)
}

/// The linear maps `(r, c) → (a r + b c, e r + d c)`, as `[a, b, e, d]`, that have a
/// unit determinant and map the attack set `A` onto itself (module docs): found by
/// trying every pair of images of `(1, 0)` and `(0, 1)` in `A`.
fn symmetries(n: usize) -> Vec<[usize; 4]> {
    let a_set: Vec<(usize, usize)> = (0..n * n)
        .map(|i| (i / n, i % n))
        .filter(|&(r, c)| in_a(n, r, c))
        .collect();
    let mut out = Vec::new();
    for &(a, e) in &a_set {
        for &(b, d) in &a_set {
            let det = (a * d % n + n - b * e % n) % n;
            if num_integer::Integer::gcd(&det, &n) != 1 {
                continue;
            }
            // A bijection mapping A into A maps it onto A (A is finite).
            if a_set
                .iter()
                .all(|&(r, c)| in_a(n, (a * r + b * c) % n, (e * r + d * c) % n))
            {
                out.push([a, b, e, d]);
            }
        }
    }
    out
}

/// The orbits of the maps `h` on the squares outside `A`: each orbit's first square in
/// row-major order and its size.
fn orbits(n: usize, h: &[[usize; 4]]) -> Vec<((usize, usize), u128)> {
    let mut seen = vec![false; n * n];
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if in_a(n, r, c) || seen[r * n + c] {
                continue;
            }
            let mut size = 0u128;
            for &[a, b, e, d] in h {
                let (r2, c2) = ((a * r + b * c) % n, (e * r + d * c) % n);
                if !seen[r2 * n + c2] {
                    seen[r2 * n + c2] = true;
                    size += 1;
                }
            }
            out.push(((r, c), size));
        }
    }
    out
}

/// One task: an orbit, and the queens placed below its root, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Task {
    /// Index into [`Plan::orbits`].
    orbit: usize,
    /// Queens `(row, column)` placed after `(0, 0)` and the orbit's square.
    placed: Vec<(u8, u8)>,
}

/// What the search of one orbit `O_j` needs: its board (the attack table with the
/// differences of the earlier orbits forbidden too) and, for the canonical test at the
/// leaves, the maps of `H` taking each square of `O_j` to the orbit's first square.
#[derive(Debug)]
struct OrbitSearch {
    board: Ring,
    /// `to_first[r * n + c]`: the maps `h` of `H` with `h(r, c) = v_j`, empty when
    /// `(r, c)` is not in `O_j`.
    to_first: Vec<Vec<[u8; 4]>>,
    /// The same maps, prepared for the test on partial placements.
    canon: Canon,
}

/// The deterministic task list of one side (see the [module docs](self)).
#[derive(Debug)]
struct Plan {
    n: u32,
    /// The orbits: first square and size.
    orbits: Vec<((usize, usize), u128)>,
    /// One per orbit.
    searches: Vec<OrbitSearch>,
    /// `|G| = n² |H|`, the weight of a canonical solution without automorphisms.
    group: u128,
    tasks: Vec<Task>,
    /// The tasks' totals add up to the count times this.
    divisor: u128,
    /// The depth of the test on partial placements ([`check_depth`]; `None`: the leaf
    /// test alone). It changes no task's total (module docs).
    check: Option<usize>,
}

impl Plan {
    fn new(n: u32) -> Plan {
        let nn = n as usize;
        let mut plan = Plan {
            n,
            orbits: Vec::new(),
            searches: Vec::new(),
            group: 1,
            tasks: Vec::new(),
            divisor: 1,
            check: Some(check_depth(n)),
        };
        if n == 1 {
            // One queen, one square: a task with nothing to place and weight 1.
            plan.orbits = vec![((0, 0), 1)];
            plan.tasks = vec![Task {
                orbit: 0,
                placed: Vec::new(),
            }];
            return plan;
        }
        if n.is_multiple_of(2) || n.is_multiple_of(3) {
            // Pólya: no solution (module docs). No task, so the total is 0.
            return plan;
        }
        let h = symmetries(nn);
        plan.orbits = orbits(nn, &h);
        plan.group = (nn * nn * h.len()) as u128;
        // Orbit j forbids the differences of orbits 0..j (module docs).
        let mut forbidden = vec![false; nn * nn];
        for &((r, c), _) in &plan.orbits {
            let mut to_first = vec![Vec::new(); nn * nn];
            for &[a, b, e, d] in &h {
                for (i, t) in to_first.iter_mut().enumerate() {
                    let (r2, c2) = (i / nn, i % nn);
                    if ((a * r2 + b * c2) % nn, (e * r2 + d * c2) % nn) == (r, c) {
                        t.push([a, b, e, d].map(|x| x as u8));
                    }
                }
            }
            let canon = Canon::new(nn, &to_first);
            let mut board = Ring::new(n, &forbidden);
            board.lead = lead_rows(n);
            plan.searches.push(OrbitSearch {
                board,
                to_first,
                canon,
            });
            for (i, t) in plan.searches.last().unwrap().to_first.iter().enumerate() {
                if !t.is_empty() {
                    forbidden[i] = true;
                }
            }
        }
        plan.tasks = if n <= 32 {
            expand::<32>(&plan.searches, &plan.orbits, target_tasks(n))
        } else {
            expand::<{ MAX_SIDE as usize }>(&plan.searches, &plan.orbits, target_tasks(n))
        };
        plan
    }

    /// The text the plan's fingerprint covers: the method's version, side, orbits and
    /// every task.
    fn describe(&self) -> String {
        let mut text = format!("torus-v3-orderly {} {:?}", self.n, self.orbits);
        for t in &self.tasks {
            text.push_str(&format!(" {}:{:?}", t.orbit, t.placed));
        }
        text
    }

    /// The weighted canonical solutions of task `i` (module docs), or `None` when `stop`
    /// said to stop first.
    fn run(&self, i: usize, stop: &dyn Fn() -> bool) -> Option<u128> {
        if self.n == 1 {
            return Some(1);
        }
        let task = &self.tasks[i];
        if self.n <= 32 {
            self.search::<32>(task, stop)
        } else {
            self.search::<{ MAX_SIDE as usize }>(task, stop)
        }
    }

    /// The weighted canonical completions of `task`'s node, with masks for `W` rows.
    fn search<const W: usize>(&self, task: &Task, stop: &dyn Fn() -> bool) -> Option<u128> {
        let o = &self.searches[task.orbit];
        let (r, c) = self.orbits[task.orbit].0;
        let mut queens = [0u8; 64];
        queens[r] = c as u8;
        let nn = self.n as usize;
        let mut lines = Lines::new();
        lines.put(nn, 0, 0);
        lines.put(nn, r, c);
        let mut node: Node<W> = o.board.root(r, c);
        for &(r, c) in &task.placed {
            queens[usize::from(r)] = c;
            lines.put(nn, usize::from(r), usize::from(c));
            node = o.board.step(&node.state, usize::from(r), usize::from(c));
        }
        let leaf = Leaf {
            n: nn,
            group: self.group,
            to_first: &o.to_first,
            canon: &o.canon,
            check: self.check,
        };
        completions(&o.board, &node, &mut queens, &mut lines, &leaf, stop)
    }
}

/// Rows branched on first (see [`Ring::lead`]): rows 1 to 3, the first rows the
/// canonical order compares (module docs). Three measured best on 23 (2 and 5 were 10 to
/// 25 % slower, 4 the same).
fn lead_rows(n: u32) -> u64 {
    let k = 3.min(n.saturating_sub(1));
    ((1u64 << (k + 1)) - 1) & !1
}

/// The most queens a node holds for the canonical test on partial placements to run
/// there (module docs): deeper, its probes cost more than the subtrees it cuts.
/// Measured on 23 (8 best: 9 and 7 were 15 % slower, 12 three times slower) and 25.
fn check_depth(n: u32) -> usize {
    (n as usize).saturating_sub(7) / 2
}

/// One candidate map of the partial canonical test: `g(z) = h(z - x)` for a pair
/// `(x, y)` of placed queens with `h(y - x) = v_j` (module docs).
#[derive(Clone, Copy, Debug)]
struct Cand {
    /// The image's column of `z - x = (r, c)`: `e r + d c`.
    e: u8,
    d: u8,
    /// `h⁻¹(1, 0)`: moving one row down in the image moves the preimage line by it.
    sr: u8,
    sc: u8,
    /// The family of `h⁻¹(0, 1)`, the preimage of an image row: 0 row, 1 column,
    /// 2 diagonal (`c - r` constant), 3 anti-diagonal (`c + r` constant).
    family: u8,
}

/// The maps of `to_first`, prepared for the test on partial placements: the candidates
/// of the difference `(r, c)` are `cands[start[r * n + c] .. start[r * n + c + 1]]`.
#[derive(Debug)]
struct Canon {
    n: usize,
    start: Vec<u32>,
    cands: Vec<Cand>,
}

/// A candidate map of a pair of placed queens, followed down the image's rows: the
/// rows before `i` are equal in the image and in the placement, and row `i` is not
/// known yet (its queen, or the queen on its preimage line, is not placed).
#[derive(Clone, Copy, Debug)]
struct Probe {
    /// The queen `x` the map takes to the origin.
    xr: u8,
    xc: u8,
    /// The row compared next, and a square of its preimage line: `x + i h⁻¹(1, 0)`.
    i: u8,
    qr: u8,
    qc: u8,
    /// The row whose exclusions were made (0: none yet).
    cut: u8,
    cand: Cand,
}

/// What a placement tells of a probe.
enum Verdict {
    /// Every completion's image is less: the placement is not canonical.
    Less,
    /// Not known yet.
    Open,
    /// Every completion's image is greater: the probe is done.
    Greater,
}

/// A placement as the partial test reads it.
struct View<'a> {
    queens: &'a [u8; 64],
    /// Rows with a queen.
    placed: u64,
    /// Columns, diagonals and anti-diagonals taken.
    taken: [u64; 3],
    lines: &'a Lines,
}

impl<'a> View<'a> {
    fn of<const W: usize>(
        n: usize,
        node: &Node<W>,
        queens: &'a [u8; 64],
        lines: &'a Lines,
    ) -> Self {
        View {
            queens,
            placed: ((1u64 << n) - 1) & !node.state.rows,
            taken: [node.state.cols, node.state.diag, node.state.anti],
            lines,
        }
    }
}

impl Canon {
    fn new(n: usize, to_first: &[Vec<[u8; 4]>]) -> Canon {
        let mut start = Vec::with_capacity(to_first.len() + 1);
        let mut cands = Vec::new();
        for hs in to_first {
            start.push(cands.len() as u32);
            for h in hs {
                let [a, b, e, d] = h.map(usize::from);
                let det = (a * d + n * n - b * e) % n;
                let u = (1..n).find(|&u| u * det % n == 1).unwrap_or(1);
                // h⁻¹ = u [d, -b; -e, a].
                let (sr, sc) = (u * d % n, u * (n - e) % n);
                let (tr, tc) = (u * (n - b) % n, u * a % n);
                let family = if tr == 0 {
                    0
                } else if tc == 0 {
                    1
                } else if tr == tc {
                    2
                } else {
                    debug_assert_eq!((tr + tc) % n, 0);
                    3
                };
                cands.push(Cand {
                    e: e as u8,
                    d: d as u8,
                    sr: sr as u8,
                    sc: sc as u8,
                    family,
                });
            }
        }
        start.push(cands.len() as u32);
        Canon { n, start, cands }
    }

    /// Follows `p` down the rows as far as `view` tells (module docs).
    #[inline(always)]
    fn judge(&self, p: &mut Probe, view: &View) -> Verdict {
        let n = self.n;
        let (xr, xc) = (usize::from(p.xr), usize::from(p.xc));
        let (sr, sc) = (usize::from(p.cand.sr), usize::from(p.cand.sc));
        let (mut i, mut qr, mut qc) = (usize::from(p.i), usize::from(p.qr), usize::from(p.qc));
        let verdict = loop {
            if i >= n {
                // Equal on every row: only a whole placement gets here.
                break Verdict::Greater;
            }
            if view.placed & (1u64 << i) == 0 {
                break Verdict::Open;
            }
            let zr = match p.cand.family {
                0 => {
                    if view.placed & (1u64 << qr) == 0 {
                        break Verdict::Open;
                    }
                    qr
                }
                1 => {
                    if view.taken[0] & (1u64 << qc) == 0 {
                        break Verdict::Open;
                    }
                    usize::from(view.lines.col[qc])
                }
                2 => {
                    let k = if qc >= qr { qc - qr } else { qc + n - qr };
                    if view.taken[1] & (1u64 << k) == 0 {
                        break Verdict::Open;
                    }
                    usize::from(view.lines.diag[k])
                }
                _ => {
                    let k = qr + qc;
                    let k = if k >= n { k - n } else { k };
                    if view.taken[2] & (1u64 << k) == 0 {
                        break Verdict::Open;
                    }
                    usize::from(view.lines.anti[k])
                }
            };
            let zc = usize::from(view.queens[zr]);
            let rr = if zr >= xr { zr - xr } else { zr + n - xr };
            let rc = if zc >= xc { zc - xc } else { zc + n - xc };
            let image = (usize::from(p.cand.e) * rr + usize::from(p.cand.d) * rc) % n;
            let own = usize::from(view.queens[i]);
            if image != own {
                break if image < own {
                    Verdict::Less
                } else {
                    Verdict::Greater
                };
            }
            i += 1;
            qr += sr;
            if qr >= n {
                qr -= n;
            }
            qc += sc;
            if qc >= n {
                qc -= n;
            }
        };
        (p.i, p.qr, p.qc) = (i as u8, qr as u8, qc as u8);
        verdict
    }

    /// Adds to `out` the open probes of the ordered pair `(x, y)` of placed queens;
    /// true when one of them is less.
    #[inline(always)]
    fn seed(
        &self,
        x: (usize, usize),
        y: (usize, usize),
        view: &View,
        out: &mut Vec<Probe>,
    ) -> bool {
        let n = self.n;
        let dr = if y.0 >= x.0 { y.0 - x.0 } else { y.0 + n - x.0 };
        let dc = if y.1 >= x.1 { y.1 - x.1 } else { y.1 + n - x.1 };
        let k = dr * n + dc;
        for &cand in &self.cands[self.start[k] as usize..self.start[k + 1] as usize] {
            // Row 0 is equal (both hold a queen on column 0): start at row 1.
            let qr = x.0 + usize::from(cand.sr);
            let qc = x.1 + usize::from(cand.sc);
            let mut p = Probe {
                xr: x.0 as u8,
                xc: x.1 as u8,
                i: 1,
                qr: (if qr >= n { qr - n } else { qr }) as u8,
                qc: (if qc >= n { qc - n } else { qc }) as u8,
                cut: 0,
                cand,
            };
            match self.judge(&mut p, view) {
                Verdict::Less => return true,
                Verdict::Open => out.push(p),
                Verdict::Greater => {}
            }
        }
        false
    }

    /// The open probes of every pair of the placement, into `out` (emptied first), and
    /// the squares they exclude taken out of `node`'s masks: as [`Canon::extend`].
    fn all<const W: usize>(
        &self,
        view: &View,
        out: &mut Vec<Probe>,
        node: &mut Node<W>,
    ) -> Option<bool> {
        out.clear();
        let mut xs = view.placed;
        while xs != 0 {
            let xr = xs.trailing_zeros() as usize;
            xs &= xs - 1;
            let mut ys = view.placed & !(1u64 << xr);
            while ys != 0 {
                let yr = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                let x = (xr, usize::from(view.queens[xr]));
                let y = (yr, usize::from(view.queens[yr]));
                if self.seed(x, y, view, out) {
                    return None;
                }
            }
        }
        Some(self.exclude_all(out, view, node))
    }

    /// After a queen on `z` joined a placement whose open probes are `probes[from..to]`:
    /// those still open and the new pairs' open probes pushed onto `probes`, and the
    /// squares they exclude taken out of `node`'s masks (module docs). `None` when a
    /// probe is less, else whether a mask changed.
    #[inline(always)]
    fn extend<const W: usize>(
        &self,
        probes: &mut Vec<Probe>,
        from: usize,
        to: usize,
        z: (usize, usize),
        view: &View,
        node: &mut Node<W>,
    ) -> Option<bool> {
        probes.truncate(to);
        for k in from..to {
            let mut p = probes[k];
            match self.judge(&mut p, view) {
                Verdict::Less => return None,
                Verdict::Open => probes.push(p),
                Verdict::Greater => {}
            }
        }
        let mut ys = view.placed & !(1u64 << z.0);
        while ys != 0 {
            let yr = ys.trailing_zeros() as usize;
            ys &= ys - 1;
            let y = (yr, usize::from(view.queens[yr]));
            if self.seed(z, y, view, probes) || self.seed(y, z, view, probes) {
                return None;
            }
        }
        Some(self.exclude_all(&mut probes[to..], view, node))
    }

    /// The exclusions of every probe whose row the placement holds and that has not
    /// made them yet; whether a mask changed.
    #[inline(always)]
    fn exclude_all<const W: usize>(
        &self,
        probes: &mut [Probe],
        view: &View,
        node: &mut Node<W>,
    ) -> bool {
        let mut changed = false;
        for p in probes {
            if p.cut != p.i && view.placed & (1u64 << p.i) != 0 {
                p.cut = p.i;
                changed |= self.exclude(p, usize::from(view.queens[usize::from(p.i)]), node);
            }
        }
        changed
    }

    /// Takes out of `node`'s masks the squares of the preimage line of `p`'s row whose
    /// image lies left of `lim` (the placement's column in that row): a completion with
    /// its queen there has a smaller image (module docs). Whether a mask changed.
    #[inline(always)]
    fn exclude<const W: usize>(&self, p: &Probe, lim: usize, node: &mut Node<W>) -> bool {
        let n = self.n;
        let (xr, xc) = (usize::from(p.xr), usize::from(p.xc));
        let (qr, qc) = (usize::from(p.qr), usize::from(p.qc));
        let (e, d) = (usize::from(p.cand.e), usize::from(p.cand.d));
        let image = |zr: usize, zc: usize| {
            let rr = if zr >= xr { zr - xr } else { zr + n - xr };
            let rc = if zc >= xc { zc - xc } else { zc + n - xc };
            (e * rr + d * rc) % n
        };
        let free = &mut node.state.free;
        let mut changed = false;
        if p.cand.family == 0 {
            let mut m = free[qr];
            while m != 0 {
                let zc = m.trailing_zeros() as usize;
                m &= m - 1;
                if image(qr, zc) < lim {
                    free[qr] &= !(1u64 << zc);
                    changed = true;
                }
            }
            return changed;
        }
        let k = match p.cand.family {
            1 => qc,
            2 => {
                if qc >= qr {
                    qc - qr
                } else {
                    qc + n - qr
                }
            }
            _ => (qr + qc) % n,
        };
        let mut rows = node.state.rows;
        while rows != 0 {
            let zr = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let zc = match p.cand.family {
                1 => k,
                2 => (zr + k) % n,
                _ => (k + n - zr) % n,
            };
            if free[zr] & (1u64 << zc) != 0 && image(zr, zc) < lim {
                free[zr] &= !(1u64 << zc);
                changed = true;
            }
        }
        changed
    }
}

/// The row of the queen on each column, diagonal (`c - r`) and anti-diagonal
/// (`c + r`) of a placement, read only for the lines its masks say are taken.
#[derive(Clone, Copy, Debug)]
struct Lines {
    col: [u8; 64],
    diag: [u8; 64],
    anti: [u8; 64],
}

impl Lines {
    fn new() -> Lines {
        Lines {
            col: [0; 64],
            diag: [0; 64],
            anti: [0; 64],
        }
    }

    /// Records a queen on `(r, c)` of side `n`.
    #[inline(always)]
    fn put(&mut self, n: usize, r: usize, c: usize) {
        self.col[c] = r as u8;
        self.diag[if c >= r { c - r } else { c + n - r }] = r as u8;
        let k = r + c;
        self.anti[if k >= n { k - n } else { k }] = r as u8;
    }
}

/// The canonical test and weight of a complete placement in the search of one orbit.
struct Leaf<'a> {
    n: usize,
    group: u128,
    to_first: &'a [Vec<[u8; 4]>],
    canon: &'a Canon,
    /// The most queens a node holds for the partial test to run there; `None`: the
    /// leaf test alone.
    check: Option<usize>,
}

impl Leaf<'_> {
    /// `|G| / |Aut(s)|` when the solution `p` (row `r`'s queen on column `p[r]`, with
    /// queens on `(0, 0)` and `v_j`) is the least, row by row, of its images that put
    /// a pair with a difference in `O_j` on `(0, 0)` and `v_j`; 0 otherwise (module
    /// docs).
    #[inline(never)]
    fn weigh(&self, p: &[u8]) -> u128 {
        let n = self.n;
        let p = &p[..n];
        let mut image = [0u8; 64];
        let mut fixed = 0u128;
        for x in 0..n {
            let cx = usize::from(p[x]);
            for (y, &cy) in p.iter().enumerate() {
                let dr = (y + n - x) % n;
                let dc = (usize::from(cy) + n - cx) % n;
                for &[a, b, e, d] in &self.to_first[dr * n + dc] {
                    let [a, b, e, d] = [a, b, e, d].map(usize::from);
                    for (r, &c) in p.iter().enumerate() {
                        let zr = (r + n - x) % n;
                        let zc = (usize::from(c) + n - cx) % n;
                        image[(a * zr + b * zc) % n] = ((e * zr + d * zc) % n) as u8;
                    }
                    match image[..n].cmp(p) {
                        std::cmp::Ordering::Less => return 0,
                        std::cmp::Ordering::Equal => fixed += 1,
                        std::cmp::Ordering::Greater => {}
                    }
                }
            }
        }
        debug_assert!(fixed >= 1 && self.group.is_multiple_of(fixed), "{fixed}");
        self.group / fixed
    }
}

/// The task list: every orbit's search expanded breadth first until there are
/// `aim.tasks` nodes or `aim.depth` levels ([`target_tasks`]). Dead ends and leaves met
/// on the way stay tasks, so the list does not depend on what the tasks count.
fn expand<const W: usize>(
    searches: &[OrbitSearch],
    orbits: &[((usize, usize), u128)],
    aim: Aim,
) -> Vec<Task> {
    let mut level: Vec<(Task, Node<W>)> = orbits
        .iter()
        .enumerate()
        .map(|(i, &((r, c), _))| {
            let task = Task {
                orbit: i,
                placed: Vec::new(),
            };
            let node = searches[i].board.root(r, c);
            (task, node)
        })
        .collect();
    let mut depth = 0;
    while level.len() < aim.tasks && depth < aim.depth {
        let mut next = Vec::new();
        let mut grew = false;
        let mut left = level.len();
        for (task, node) in level {
            left -= 1;
            // With `cut`, a node whose expansion would pass the aim stays as it is.
            let full = aim.cut && next.len() + left + 1 >= aim.tasks;
            match node.branch {
                Branch::Dead | Branch::Full | Branch::Last(_) => next.push((task, node)),
                _ if full => next.push((task, node)),
                _ => {
                    grew = true;
                    let board = &searches[task.orbit].board;
                    for (r, c) in board.options(&node) {
                        let mut t = task.clone();
                        t.placed.push((r as u8, c as u8));
                        next.push((t, board.step(&node.state, r, c)));
                    }
                }
            }
        }
        level = next;
        depth += 1;
        if !grew {
            break;
        }
    }
    level.into_iter().map(|(t, _)| t).collect()
}

/// The geometry of one side: masks of `n` bits and the attack table.
#[derive(Debug)]
struct Ring {
    n: u32,
    full: u64,
    /// `attack[d][c]`: the columns a queen on column `c` attacks `d` rows away, or
    /// may not share a solution with (a forbidden difference, module docs).
    attack: Vec<u64>,
    /// Rows branched on first, lowest first, whenever no move is forced (module docs).
    lead: u64,
}

/// The free columns of every row and the lines taken.
#[derive(Clone, Copy, Debug)]
struct State<const W: usize> {
    /// Free columns per row, read only for the rows without a queen (the others, and
    /// every row of a dead end, hold stale masks: see `Ring::step_into`); `W ≥ n` rows.
    free: [u64; W],
    /// Rows without a queen.
    rows: u64,
    /// Columns, diagonals (`c - r`) and anti-diagonals (`c + r`) taken.
    cols: u64,
    diag: u64,
    anti: u64,
}

/// What a node does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// No completion.
    Dead,
    /// Every row holds a queen.
    Full,
    /// One row is left: each of its free columns completes a solution.
    Last(usize),
    /// Branch on the free columns of this row.
    Row(usize),
    /// Branch on the free squares of one line: family (0 column, 1 diagonal, 2
    /// anti-diagonal) and the line's bit.
    Line(u8, u64),
}

/// A state and its branching decision.
#[derive(Clone, Copy, Debug)]
struct Node<const W: usize> {
    state: State<W>,
    branch: Branch,
}

impl Ring {
    /// The board of side `n` where a queen also excludes the squares at the differences
    /// `forbidden[r * n + c]` from her (a set closed under `x → -x`).
    fn new(n: u32, forbidden: &[bool]) -> Ring {
        debug_assert!((1..=MAX_SIDE).contains(&n));
        let nn = n as usize;
        let mut attack = vec![0u64; nn * nn];
        for d in 0..nn {
            for c in 0..nn {
                let mut m = (1 << c) | (1 << ((c + d) % nn)) | (1 << ((c + nn - d) % nn));
                for t in 0..nn {
                    if forbidden[d * nn + t] {
                        m |= 1 << ((c + t) % nn);
                    }
                }
                attack[d * nn + c] = m;
            }
        }
        Ring {
            n,
            full: (1u64 << n) - 1,
            attack,
            lead: 0,
        }
    }

    /// `x` moved `k` columns down (bit `c` to `c - k`), wrapping within `n` bits.
    #[inline(always)]
    fn rot_down(&self, x: u64, k: u32) -> u64 {
        ((x >> k) | (x << (self.n - k))) & self.full
    }

    /// `x` moved `k` columns up (bit `c` to `c + k`), wrapping within `n` bits.
    #[inline(always)]
    fn rot_up(&self, x: u64, k: u32) -> u64 {
        ((x << k) | (x >> (self.n - k))) & self.full
    }

    /// The node with queens on `(0, 0)` and `(r, c)`.
    fn root<const W: usize>(&self, r: usize, c: usize) -> Node<W> {
        let empty = State {
            free: [self.full; W],
            rows: self.full,
            cols: 0,
            diag: 0,
            anti: 0,
        };
        let first = self.step(&empty, 0, 0);
        if self.n == 1 {
            return first;
        }
        self.step(&first.state, r, c)
    }

    /// The node after a queen on `(r, c)` in `s`.
    fn step<const W: usize>(&self, s: &State<W>, r: usize, c: usize) -> Node<W> {
        let mut out = Node {
            state: *s,
            branch: Branch::Dead,
        };
        self.step_into(s, r, c, &mut out);
        out
    }

    /// Writes to `out` the node after a queen on `(r, c)` in `s`: the other rows'
    /// masks cleared and the next branching decided, in one pass over the rows (module
    /// docs). Written in place: the search keeps its nodes in one array.
    #[inline(always)]
    fn step_into<const W: usize>(&self, s: &State<W>, r: usize, c: usize, out: &mut Node<W>) {
        let nn = self.n as usize;
        // Only the free rows' masks are copied, each as it is cleared below: the search
        // never reads the others (copying the whole state, 288 bytes at W = 32, was a
        // `memmove` call per step and 8 % of the time on side 23).
        let t = &mut out.state;
        t.rows = s.rows & !(1u64 << r);
        t.cols = s.cols | 1 << c;
        t.diag = s.diag | self.rot_down(1 << c, r as u32);
        t.anti = s.anti | self.rot_up(1 << c, r as u32);
        if t.rows == 0 {
            out.branch = Branch::Full;
            return;
        }
        self.scan(
            &s.free,
            |r2| {
                let d = if r2 >= r { r2 - r } else { r2 + nn - r };
                self.attack[d * nn + c]
            },
            out,
        );
    }

    /// Decides `out`'s branching again after squares were taken out of its masks
    /// (the canonical test's exclusions, module docs).
    #[inline(always)]
    fn redecide<const W: usize>(&self, out: &mut Node<W>) {
        let free = out.state.free;
        self.scan(&free, |_| 0, out);
    }

    /// The pass of [`Ring::step_into`] over the free rows: row `r2`'s mask becomes
    /// `free[r2] & !clear(r2)`, and the branching is decided.
    #[inline(always)]
    fn scan<const W: usize>(
        &self,
        free: &[u64; W],
        clear: impl Fn(usize) -> u64,
        out: &mut Node<W>,
    ) {
        let t = &mut out.state;
        let mut rows = t.rows;
        // At least one, two, three free squares, per column, diagonal, anti-diagonal.
        let (mut c1, mut c2, mut c3) = (0u64, 0u64, 0u64);
        let (mut d1, mut d2, mut d3) = (0u64, 0u64, 0u64);
        let (mut a1, mut a2, mut a3) = (0u64, 0u64, 0u64);
        let (mut best, mut fewest) = (0usize, u32::MAX);
        let last = rows.is_power_of_two();
        while rows != 0 {
            let r2 = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let f = free[r2] & !clear(r2);
            t.free[r2] = f;
            if last {
                out.branch = if f == 0 {
                    Branch::Dead
                } else {
                    Branch::Last(r2)
                };
                return;
            }
            let k = f.count_ones();
            if k < fewest {
                if k == 0 {
                    out.branch = Branch::Dead;
                    return;
                }
                (best, fewest) = (r2, k);
            }
            c3 |= c2 & f;
            c2 |= c1 & f;
            c1 |= f;
            let g = self.rot_down(f, r2 as u32);
            d3 |= d2 & g;
            d2 |= d1 & g;
            d1 |= g;
            let h = self.rot_up(f, r2 as u32);
            a3 |= a2 & h;
            a2 |= a1 & h;
            a1 |= h;
        }
        let open = (
            self.full & !t.cols,
            self.full & !t.diag,
            self.full & !t.anti,
        );
        let lead = t.rows & self.lead;
        out.branch = if (open.0 & !c1) | (open.1 & !d1) | (open.2 & !a1) != 0 {
            Branch::Dead
        } else if fewest == 1 {
            Branch::Row(best)
        } else if let Some(line) = Self::line(open.0 & !c2, open.1 & !d2, open.2 & !a2) {
            line
        } else if lead != 0 {
            Branch::Row(lead.trailing_zeros() as usize)
        } else if fewest > 2
            && let Some(line) = Self::line(open.0 & c2 & !c3, open.1 & d2 & !d3, open.2 & a2 & !a3)
        {
            line
        } else {
            Branch::Row(best)
        };
    }

    /// The first line of the three sets (columns, diagonals, anti-diagonals), if any.
    #[inline(always)]
    fn line(cols: u64, diag: u64, anti: u64) -> Option<Branch> {
        let low = |x: u64| x & x.wrapping_neg();
        if cols != 0 {
            Some(Branch::Line(0, low(cols)))
        } else if diag != 0 {
            Some(Branch::Line(1, low(diag)))
        } else if anti != 0 {
            Some(Branch::Line(2, low(anti)))
        } else {
            None
        }
    }

    /// The squares `node` branches on (those of its row or of its line), in order.
    fn options<const W: usize>(&self, node: &Node<W>) -> Vec<(usize, usize)> {
        let mut pending = Self::pending(node);
        std::iter::from_fn(|| self.next_option(node, &mut pending)).collect()
    }

    /// What is left to try at `node`, for [`Ring::next_option`]: the row's free columns
    /// or the rows the line crosses.
    #[inline(always)]
    fn pending<const W: usize>(node: &Node<W>) -> u64 {
        match node.branch {
            Branch::Dead | Branch::Full | Branch::Last(_) => 0,
            Branch::Row(r) => node.state.free[r],
            Branch::Line(..) => node.state.rows,
        }
    }

    /// The next square `node` branches on, taking it out of `pending`.
    #[inline(always)]
    fn next_option<const W: usize>(
        &self,
        node: &Node<W>,
        pending: &mut u64,
    ) -> Option<(usize, usize)> {
        match node.branch {
            Branch::Dead | Branch::Full | Branch::Last(_) => None,
            Branch::Row(r) => {
                let m = *pending;
                (m != 0).then(|| {
                    *pending = m & (m - 1);
                    (r, m.trailing_zeros() as usize)
                })
            }
            Branch::Line(family, bit) => {
                while *pending != 0 {
                    let r = pending.trailing_zeros() as usize;
                    *pending &= *pending - 1;
                    // The line's square in row r, as a column bit.
                    let want = match family {
                        0 => bit,
                        1 => self.rot_up(bit, r as u32),
                        _ => self.rot_down(bit, r as u32),
                    };
                    let hit = node.state.free[r] & want;
                    if hit != 0 {
                        return Some((r, hit.trailing_zeros() as usize));
                    }
                }
                None
            }
        }
    }
}

/// Whether the CPU has `popcnt`, `bmi1` and `bmi2` (the check is cached by std).
#[cfg(target_arch = "x86_64")]
fn fast_bits() -> bool {
    std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
}

/// The weighted canonical completions below `root` (`queens` holds the column of
/// every row placed so far), or `None` when `stop` (polled every 2^16 nodes) said to
/// stop. On x86-64 the search is compiled a second time with `popcnt`, `bmi1` and
/// `bmi2` (shifts by a variable amount) and picked at run time when the CPU has them:
/// the baseline x86-64 target counts bits in software (the N-queens kernel measured
/// a third slower that way, see `nqueens::kernel`).
fn completions<const W: usize>(
    board: &Ring,
    root: &Node<W>,
    queens: &mut [u8; 64],
    lines: &mut Lines,
    leaf: &Leaf,
    stop: &dyn Fn() -> bool,
) -> Option<u128> {
    #[cfg(target_arch = "x86_64")]
    if fast_bits() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { completions_x86(board, root, queens, lines, leaf, stop) };
    }
    completions_body(board, root, queens, lines, leaf, stop)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2")]
unsafe fn completions_x86<const W: usize>(
    board: &Ring,
    root: &Node<W>,
    queens: &mut [u8; 64],
    lines: &mut Lines,
    leaf: &Leaf,
    stop: &dyn Fn() -> bool,
) -> Option<u128> {
    completions_body(board, root, queens, lines, leaf, stop)
}

/// The weight of the solutions a terminal node stands for: none for a dead end, the
/// placement itself when it is full, one per free column of the last row.
#[inline(always)]
fn terminal<const W: usize>(node: &Node<W>, queens: &mut [u8; 64], leaf: &Leaf) -> u128 {
    match node.branch {
        Branch::Full => leaf.weigh(queens),
        Branch::Last(r) => {
            let mut free = node.state.free[r];
            let mut total = 0;
            while free != 0 {
                queens[r] = free.trailing_zeros() as u8;
                free &= free - 1;
                total += leaf.weigh(queens);
            }
            total
        }
        _ => 0,
    }
}

/// Depth first without recursion: `stack[d]` is the node at depth `d`, `pending[d]`
/// what is left to try there. A row's entry in `queens` is rewritten whenever a queen
/// is put in it, so at a leaf it holds the queens of the path to it.
#[inline(always)]
fn completions_body<const W: usize>(
    board: &Ring,
    root: &Node<W>,
    queens: &mut [u8; 64],
    lines: &mut Lines,
    leaf: &Leaf,
    stop: &dyn Fn() -> bool,
) -> Option<u128> {
    if !matches!(root.branch, Branch::Row(_) | Branch::Line(..)) {
        return Some(terminal(root, queens, leaf));
    }
    let nn = board.n as usize;
    let mut probes = Vec::with_capacity(64 * nn);
    let mut root = *root;
    let view = View::of(nn, &root, queens, lines);
    match leaf.check.map_or(Some(false), |_| {
        leaf.canon.all(&view, &mut probes, &mut root)
    }) {
        None => return Some(0),
        Some(true) => {
            board.redecide(&mut root);
            if root.branch == Branch::Dead {
                return Some(0);
            }
        }
        Some(false) => {}
    }
    let root = &root;
    // `seg[d]`: where the open probes of the node at depth `d` end in `probes` (they
    // start where the parent's end).
    let mut seg = vec![0usize; nn + 2];
    seg[1] = probes.len();
    let mut stack = vec![*root; nn + 1];
    let mut pending = vec![0u64; nn + 1];
    pending[0] = Ring::pending(root);
    let (mut d, mut total, mut nodes) = (0usize, 0u128, 0u32);
    loop {
        let (here, below) = stack.split_at_mut(d + 1);
        match board.next_option(&here[d], &mut pending[d]) {
            None if d == 0 => return Some(total),
            None => d -= 1,
            Some((r, c)) => {
                let child = &mut below[0];
                board.step_into(&here[d].state, r, c, child);
                queens[r] = c as u8;
                match child.branch {
                    Branch::Dead => continue,
                    Branch::Full | Branch::Last(_) => {
                        total += terminal(child, queens, leaf);
                        continue;
                    }
                    _ => {}
                }
                lines.put(nn, r, c);
                if leaf
                    .check
                    .is_none_or(|k| nn - child.state.rows.count_ones() as usize > k)
                {
                    // Too deep for the test to pay (module docs): no probes below.
                    seg[d + 2] = seg[d + 1];
                    probes.truncate(seg[d + 1]);
                    d += 1;
                    pending[d] = Ring::pending(child);
                    nodes = nodes.wrapping_add(1);
                    if nodes & 0xFFFF == 0 && stop() {
                        return None;
                    }
                    continue;
                }
                let view = View::of(nn, child, queens, lines);
                match leaf
                    .canon
                    .extend(&mut probes, seg[d], seg[d + 1], (r, c), &view, child)
                {
                    None => {
                        continue;
                    }
                    Some(true) => {
                        board.redecide(child);
                        if child.branch == Branch::Dead {
                            continue;
                        }
                    }
                    Some(false) => {}
                }
                seg[d + 2] = probes.len();
                d += 1;
                pending[d] = Ring::pending(child);
                nodes = nodes.wrapping_add(1);
                if nodes & 0xFFFF == 0 && stop() {
                    return None;
                }
            }
        }
    }
}

/// Measurements of the search, not checks: what `bench/torus_orbits.sh` and
/// `bench/torus_estimate.sh` print (through the example `torus_measure`, built with the
/// `measure` feature), each a line per orbit or width and a total, to standard output.
#[cfg(feature = "measure")]
pub mod measure {
    use rand_xoshiro::SplitMix64;
    use rand_xoshiro::rand_core::{Rng, SeedableRng};

    use super::*;

    /// The time and weighted count of each orbit's search on side `n`, one thread, a
    /// line each, then the total (`bench/torus_orbits.sh`).
    pub fn orbit_costs(n: u32) {
        assert!((1..=MAX_SIDE).contains(&n), "a side from 1 to {MAX_SIDE}");
        let plan = Plan::new(n);
        let mut whole = 0u128;
        for (j, &(v, size)) in plan.orbits.iter().enumerate() {
            let start = std::time::Instant::now();
            let tasks: Vec<usize> = (0..plan.tasks.len())
                .filter(|&i| plan.tasks[i].orbit == j)
                .collect();
            let total: u128 = tasks.iter().map(|&i| plan.run(i, &|| false).unwrap()).sum();
            whole += total;
            println!(
                "n = {n}: orbit {j} of {v:?} ({size} squares): {} tasks, {:.2} s, weighted solutions {total}",
                tasks.len(),
                start.elapsed().as_secs_f64()
            );
        }
        println!("n = {n}: total {whole}");
    }

    /// Knuth's estimate of the size of each orbit's search (D. E. Knuth, "Estimating
    /// the efficiency of backtrack programs", Math. Comp. 29 (1975) 121-136) on side
    /// `n`, from `probes` random walks per orbit (`bench/torus_estimate.sh`). A walk steps every option of its node, as the search does (the search's
    /// cost is its `step_into` calls), and goes on into one of the children that branch
    /// again, chosen uniformly: `steps(x) = options(x) + live(x) · steps(child)` is
    /// unbiased for the steps below `x`. The walks time their own steps, so the estimate
    /// comes with a cost per step of this machine and of this side's masks (`W`). The
    /// walks make no cuts or exclusions of the test on partial placements (module docs):
    /// they estimate the search of the leaf test alone, far larger than the engine's.
    pub fn tree_estimate(n: u32, probes: u64) {
        assert!((1..=MAX_SIDE).contains(&n), "a side from 1 to {MAX_SIDE}");
        let plan = Plan::new(n);
        if n <= 32 {
            estimate::<32>(&plan, probes);
        } else {
            estimate::<{ MAX_SIDE as usize }>(&plan, probes);
        }
    }

    /// [`tree_estimate`] with masks for `W` rows: prints each orbit's estimated steps with
    /// its standard error, and the total with the walks' seconds per step.
    fn estimate<const W: usize>(plan: &Plan, probes: u64) {
        let n = plan.n;
        // SplitMix64 from a fixed seed per side, so that a rerun repeats the estimate
        // (the same draws as the hand-written generator it replaces).
        let mut rng =
            SplitMix64::from_seed((0x9E37_79B9_7F4A_7C15u64 ^ u64::from(n)).to_le_bytes());
        let mut random = move || rng.next_u64();
        let branches = |node: &Node<W>| matches!(node.branch, Branch::Row(_) | Branch::Line(..));
        let (mut total, mut variance, mut walked, mut seconds) = (0f64, 0f64, 0u64, 0f64);
        let mut live: Vec<Node<W>> = Vec::with_capacity(n as usize);
        for (j, &((r, c), _)) in plan.orbits.iter().enumerate() {
            let board = &plan.searches[j].board;
            let root: Node<W> = board.root(r, c);
            let start = std::time::Instant::now();
            let (mut sum, mut squares) = (0f64, 0f64);
            for _ in 0..probes {
                let (mut node, mut weight, mut steps) = (root, 1f64, 0f64);
                while branches(&node) {
                    live.clear();
                    let options = board.options(&node);
                    for &(r, c) in &options {
                        let child = board.step(&node.state, r, c);
                        if branches(&child) {
                            live.push(child);
                        }
                    }
                    walked += options.len() as u64;
                    steps += weight * options.len() as f64;
                    if live.is_empty() {
                        break;
                    }
                    weight *= live.len() as f64;
                    node = live[(random() % live.len() as u64) as usize];
                }
                sum += steps;
                squares += steps * steps;
            }
            let mean = sum / probes as f64;
            let var = (squares / probes as f64 - mean * mean).max(0.0) / probes as f64;
            seconds += start.elapsed().as_secs_f64();
            total += mean;
            variance += var;
            println!(
                "n = {n}: orbit {j}: {mean:.4e} steps (standard error {:.1e}), {probes} walks",
                var.sqrt()
            );
        }
        println!(
            "n = {n}: total {total:.4e} steps (standard error {:.1e}); {:.3e} s per step over {walked} walked steps",
            variance.sqrt(),
            seconds / walked as f64
        );
    }

    /// The same tasks of side `n` (at most 32) searched with masks for 32 rows and for
    /// 63, the width every side past 32 takes, timed: how much a step costs more past
    /// 32 (`bench/torus_estimate.sh`).
    pub fn mask_width_cost(n: u32) {
        assert!((1..=32).contains(&n), "a side from 1 to 32");
        let plan = Plan::new(n);
        let picks: Vec<usize> = (0..8).map(|k| k * plan.tasks.len() / 8).collect();
        let time = |wide: bool| {
            let start = std::time::Instant::now();
            for &i in &picks {
                let task = &plan.tasks[i];
                let found = if wide {
                    plan.search::<{ MAX_SIDE as usize }>(task, &|| false)
                } else {
                    plan.search::<32>(task, &|| false)
                };
                std::hint::black_box(found);
            }
            start.elapsed().as_secs_f64()
        };
        let (narrow, wide) = (time(false), time(true));
        let (narrow2, wide2) = (time(false), time(true));
        println!(
            "n = {n}: {} tasks with masks for 32 rows {narrow:.2} s, {narrow2:.2} s; for 63 rows {wide:.2} s, {wide2:.2} s; ratio {:.2}",
            picks.len(),
            (wide + wide2) / (narrow + narrow2)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation of `0..n` checked against the torus's four line families: the
    /// definition, with nothing of the engine's.
    fn brute(n: usize) -> u64 {
        fn go(n: usize, p: &mut Vec<usize>, count: &mut u64) {
            let r = p.len();
            if r == n {
                *count += 1;
                return;
            }
            for c in 0..n {
                let ok = p.iter().enumerate().all(|(r2, &c2)| {
                    c2 != c && (r + n - c) % n != (r2 + n - c2) % n && (r + c) % n != (r2 + c2) % n
                });
                if ok {
                    p.push(c);
                    go(n, p, count);
                    p.pop();
                }
            }
        }
        let mut count = 0;
        go(n, &mut Vec::new(), &mut count);
        count
    }

    fn total(n: u32) -> u128 {
        let plan = Plan::new(n);
        let sum: u128 = (0..plan.tasks.len())
            .map(|i| plan.run(i, &|| false).unwrap())
            .sum();
        assert_eq!(sum % plan.divisor, 0, "n = {n}");
        sum / plan.divisor
    }

    /// The test on partial placements changes no task's total: each task counted with
    /// the leaf test alone, with the partial test at the root only, at the engine's
    /// depth and at every depth (module docs).
    #[test]
    fn the_partial_test_keeps_every_task_total() {
        for n in [5u32, 7, 11, 13, 17] {
            let mut plan = Plan::new(n);
            let totals = |plan: &Plan| -> Vec<u128> {
                (0..plan.tasks.len())
                    .map(|i| plan.run(i, &|| false).unwrap())
                    .collect()
            };
            plan.check = None;
            let leaf_only = totals(&plan);
            for check in [Some(0), Some(check_depth(n)), Some(n as usize)] {
                plan.check = check;
                assert_eq!(totals(&plan), leaf_only, "n = {n}, {check:?}");
            }
            let sum: u128 = leaf_only.iter().sum();
            assert!(sum > 0, "n = {n}");
        }
    }

    #[test]
    fn plan_matches_the_brute_force_on_small_sides() {
        for n in 1..=11u32 {
            assert_eq!(total(n), u128::from(brute(n as usize)), "n = {n}");
        }
    }

    /// The symmetry group is what the module docs say for primes: `8(n-1)` maps, and
    /// the orbits cover the `(n-1)(n-3)` squares outside the attack lines.
    #[test]
    fn the_symmetries_of_prime_sides() {
        for n in [5usize, 7, 11, 13, 23, 29, 31] {
            let h = symmetries(n);
            assert_eq!(h.len(), 8 * (n - 1), "n = {n}");
            let o = orbits(n, &h);
            let covered: u128 = o.iter().map(|&(_, k)| k).sum();
            assert_eq!(covered, ((n - 1) * (n - 3)) as u128, "n = {n}");
        }
        assert_eq!(orbits(23, &symmetries(23)).len(), 3);
    }

    /// Every map found keeps attacks: checked on all pairs of squares of a composite side.
    #[test]
    fn the_symmetries_keep_attacks_on_a_composite_side() {
        let n = 25usize;
        let attack = |(r, c): (usize, usize), (r2, c2): (usize, usize)| {
            in_a(n, (r2 + n - r) % n, (c2 + n - c) % n)
        };
        let h = symmetries(n);
        assert!(h.len() >= 8 * 20, "{}", h.len());
        for &[a, b, e, d] in h.iter().step_by(7) {
            let m = |(r, c): (usize, usize)| ((a * r + b * c) % n, (e * r + d * c) % n);
            for x in (0..n * n).step_by(3).map(|i| (i / n, i % n)) {
                for y in (0..n * n).map(|i| (i / n, i % n)) {
                    assert_eq!(attack(x, y), attack(m(x), m(y)));
                }
            }
        }
    }

    #[test]
    fn the_rotations_wrap_within_n_bits() {
        let ring = Ring::new(5, &[false; 25]);
        assert_eq!(ring.rot_up(0b10000, 1), 0b00001);
        assert_eq!(ring.rot_down(0b00001, 1), 0b10000);
        assert_eq!(ring.rot_up(0b00110, 2), 0b11000);
        assert_eq!(ring.rot_down(0b00110, 0), 0b00110);
        let ring = Ring::new(63, &[false; 63 * 63]);
        assert_eq!(ring.rot_up(1 << 62, 1), 1);
        assert_eq!(ring.rot_down(1, 1), 1 << 62);
    }

    #[test]
    fn sides_past_25_get_the_finer_task_lists() {
        // 25 aims at 1000 tasks; its last level overshoots them (the plan of the lead
        // rows, module docs).
        assert_eq!(Plan::new(25).tasks.len(), 4530);
        for (n, target) in [(29, 20_000), (31, 100_000)] {
            let plan = Plan::new(n);
            assert!(plan.tasks.len() >= target, "{n}: {}", plan.tasks.len());
            assert!(plan.tasks.iter().all(|t| t.placed.len() <= 12));
        }
        // From 33 the last level stops at the aim, give or take one node's options.
        let tasks = Plan::new(35).tasks.len();
        assert!((100_000..100_000 + 35).contains(&tasks), "{tasks}");
    }

    #[test]
    fn a_stop_is_honoured_inside_a_search() {
        // The first orbit's whole search on 23 has far more than the 2^16 nodes
        // between polls.
        let plan = Plan::new(23);
        assert!(plan.tasks.len() >= TARGET_TASKS, "{}", plan.tasks.len());
        let whole = Task {
            orbit: 0,
            placed: Vec::new(),
        };
        assert_eq!(plan.search::<32>(&whole, &|| true), None);
    }
}
