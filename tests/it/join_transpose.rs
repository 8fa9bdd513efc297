//! The join's transposition on even boards (from 18 on): its task totals are weighted,
//! so the files of the earlier plan, whose totals were not, must be refused.

use crate::common::{earlier_plan_files_are_refused, published};

/// A shard and a checkpoint of `count 18` written by the plan before the transposition
/// (kept in testdata/nqueens_join_v1, made by the binary of commit 1a7b01e) are refused
/// by their fingerprint, never added to the new plan's figures; the new plan's own
/// shards merge to A000170(18).
#[test]
fn files_of_the_untransposed_join_are_refused() {
    let want = published("18", "18Q");
    earlier_plan_files_are_refused(
        "nqueens_join_v1",
        "shard-18-1of2.json",
        "checkpoint-18.json",
        &["count", "18"],
        &want,
    );
}
