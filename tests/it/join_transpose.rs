//! The join's transposition on even boards (from 18 on): its task totals are weighted,
//! so the files of the earlier plan, whose totals were not, must be refused.

use crate::common::{published, queens, stderr, stdout};

/// A shard and a checkpoint of `count 18` written by the plan before the transposition
/// (kept in testdata/nqueens_join_v1, made by the binary of commit 1a7b01e) are refused
/// by their fingerprint, never added to the new plan's figures; the new plan's own
/// shards merge to A000170(18).
#[test]
fn files_of_the_untransposed_join_are_refused() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/nqueens_join_v1");
    let tmp = std::env::temp_dir().join(format!("queens-join-v1-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let new2 = tmp.join("new-2of2.json");
    let o = queens(&["count", "18", "--shard", "2/2"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::write(&new2, stdout(&o)).unwrap();
    let old1 = dir.join("shard-18-1of2.json");
    let o = queens(&["merge", old1.to_str().unwrap(), new2.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("do not belong together"),
        "{}",
        stderr(&o)
    );
    let new1 = tmp.join("new-1of2.json");
    let o = queens(&["count", "18", "--shard", "1/2"]);
    std::fs::write(&new1, stdout(&o)).unwrap();
    let o = queens(&["merge", new1.to_str().unwrap(), new2.to_str().unwrap()]);
    let want = format!("{}\n", published("18", "18Q"));
    assert_eq!(
        (stdout(&o).as_str(), o.status.code()),
        (want.as_str(), Some(0)),
        "{}",
        stderr(&o)
    );
    let cp = tmp.join("checkpoint.json");
    std::fs::copy(dir.join("checkpoint-18.json"), &cp).unwrap();
    let o = queens(&["count", "18", "--checkpoint", cp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stdout(&o));
    assert!(stderr(&o).contains("task list differs"), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    std::fs::remove_dir_all(&tmp).unwrap();
}
