//! What is asked of an engine: a [`Job`] (find one solution, list them, count them,
//! count up to symmetry, ...). A module of its own that imports nothing, so that both
//! the errors (which the model uses) and the engines can name a job: in the model it
//! made `error` and `model` import each other.

/// What is asked of an engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Job {
    /// Find one solution.
    Solve,
    /// Stream every solution.
    Enumerate,
    /// Count the solutions exactly.
    Count,
    /// Count the solutions distinct up to the board's symmetries.
    CountUnique,
    /// Find one solution of a queens-only problem in the compact one-rank-per-file form
    /// ([`Perm`](crate::perm::Perm)), for boards of millions of files.
    SolvePerm,
    /// Count in parts that can be resumed from a checkpoint or run apart as shards
    /// (`engine::Parts`).
    CountParts,
}

impl Job {
    /// Every job, in the order `queens engines` lists them.
    pub const ALL: [Job; 6] = [
        Job::Solve,
        Job::Enumerate,
        Job::Count,
        Job::CountUnique,
        Job::CountParts,
        Job::SolvePerm,
    ];

    /// The job as a verb phrase: "finds one solution", "counts" ...
    pub fn verb(self) -> &'static str {
        match self {
            Job::Solve => "finds one solution of",
            Job::Enumerate => "lists the solutions of",
            Job::Count => "counts",
            Job::CountUnique => "counts up to symmetry",
            Job::SolvePerm => "finds one compact (perm) solution of",
            Job::CountParts => "counts in resumable parts",
        }
    }

    /// The job's short name, as `queens engines` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Job::Solve => "solve",
            Job::Enumerate => "all",
            Job::Count => "count",
            Job::CountUnique => "count --unique",
            Job::SolvePerm => "solve (perm)",
            Job::CountParts => "count in parts",
        }
    }

    /// The job an engine's `Engine::prepare` is asked for in place of this one: a
    /// unique count derives from a count, a compact solution from a solution.
    pub(crate) fn base(self) -> Job {
        match self {
            Job::CountUnique => Job::Count,
            Job::SolvePerm => Job::Solve,
            j => j,
        }
    }
}
