//! [`Tally`], the solutions of a task (total and up to symmetry): what every engine's
//! parts add up.

/// Solutions of one task, or of several added up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Tally {
    /// Solutions, all of them.
    pub total: u128,
    /// Solutions up to the board's symmetries (8 on a square, 4 on other rectangles).
    pub unique: u128,
}

impl std::ops::AddAssign for Tally {
    fn add_assign(&mut self, o: Tally) {
        self.total += o.total;
        self.unique += o.unique;
    }
}
