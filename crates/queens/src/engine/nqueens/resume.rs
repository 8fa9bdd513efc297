//! The N-queens [`Plan`] as a plan of parts: checkpoints, shards and merges of plain
//! N-queens counts run through the engine-wide machinery of
//! [`crate::engine::parts`], with the file formats `queens-nqueens-checkpoint` and
//! `queens-nqueens-shard`.

use super::plan::{Method, Plan, Tally};
use crate::engine::Control;
use crate::engine::parts::{PartPlan, PlanId, UniqueRule};
use crate::error::Error;

/// A [`Plan`] with its identity, as the parts machinery runs it.
pub(crate) struct NQueensParts {
    plan: Plan,
    /// Made on first use: the join's fingerprint digests its tables, which a plain
    /// count (that only runs the tasks) does not need.
    id: std::sync::OnceLock<PlanId>,
}

impl NQueensParts {
    /// The parts of `plan`.
    pub(crate) fn new(plan: Plan) -> NQueensParts {
        NQueensParts {
            plan,
            id: std::sync::OnceLock::new(),
        }
    }

    fn make_id(plan: &Plan) -> PlanId {
        PlanId {
            engine: "nqueens".into(),
            problem: format!("{} queens on {}x{}", plan.rows(), plan.rows(), plan.cols()),
            rows: plan.rows(),
            cols: plan.cols(),
            method: plan.method(),
            fingerprint: plan.fingerprint(),
            tasks: plan.len(),
            divisor: 1,
            // The backtracking search counts orbits; the join only totals.
            unique: match plan.method() {
                Method::Join => UniqueRule::FromTotal,
                _ => UniqueRule::Summed,
            },
        }
    }
}

impl PartPlan for NQueensParts {
    fn id(&self) -> &PlanId {
        self.id.get_or_init(|| NQueensParts::make_id(&self.plan))
    }

    fn run_task(
        &self,
        i: usize,
        _ctl: &Control,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Tally>, Error> {
        Ok(self.plan.run_task_until(i, stop))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::parts::{Options, Shard, ShardResult, checkpoint_method, merge, run};
    use std::fs;
    use std::path::PathBuf;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn tmp(name: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("queens-nq-{}-{name}", std::process::id()));
        let _ = fs::remove_file(&p);
        p
    }

    #[test]
    fn interrupted_run_resumes_to_the_exact_total() {
        let plan = NQueensParts::new(Plan::new(12, 12).unwrap());
        let path = tmp("resume.json");
        let opts = Options {
            shard: None,
            checkpoint: Some(path.clone()),
            unique: true,
            ..Options::default()
        };
        // Stop after some tasks through the cancel flag, from the progress hook.
        let stop = AtomicBool::new(false);
        let hook = |p: crate::Progress| {
            if p.done >= 100 {
                stop.store(true, Ordering::Relaxed);
            }
        };
        let ctl = Control {
            threads: 2,
            progress: Some(&hook),
            cancel: Some(&stop),
            ..Control::default()
        };
        assert_eq!(run(&plan, &opts, &ctl), Err(Error::Interrupted));
        let again = run(&plan, &opts, &Control::default()).unwrap();
        let tasks = plan.id().tasks;
        assert!(again.resumed >= 100 && again.resumed < tasks, "{again:?}");
        assert_eq!(
            again.tally,
            Tally {
                total: 14200,
                unique: 1787
            }
        );
        // A finished checkpoint answers at once.
        let third = run(&plan, &opts, &Control::default()).unwrap();
        assert_eq!((third.tally, third.resumed), (again.tally, tasks));
        // The same file for another board, or another shard, is refused.
        let other = NQueensParts::new(Plan::new(11, 11).unwrap());
        assert!(matches!(
            run(&other, &opts, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        let sharded = Options {
            shard: Some("1/2".parse().unwrap()),
            ..opts.clone()
        };
        assert!(matches!(
            run(&plan, &sharded, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        // Editing a sum is noticed.
        let text = fs::read_to_string(&path).unwrap().replace("14200", "14201");
        fs::write(&path, text).unwrap();
        assert!(matches!(
            run(&plan, &opts, &Control::default()),
            Err(Error::Checkpoint { .. })
        ));
        fs::remove_file(&path).unwrap();
    }

    /// Part `i` of `k` of `plan`, run and named `s{i}`, as `merge` takes it.
    fn shard_part(plan: &NQueensParts, i: u32, k: u32) -> (String, ShardResult) {
        let s = Shard { index: i, count: k };
        let opts = Options {
            shard: Some(s),
            checkpoint: None,
            unique: false,
            ..Options::default()
        };
        let r = run(plan, &opts, &Control::default()).unwrap();
        (format!("s{i}"), ShardResult::new(plan.id(), s, &r, 0.0, 1))
    }

    #[test]
    fn shards_add_up_and_bad_sets_are_refused() {
        let plan = NQueensParts::new(Plan::new(10, 10).unwrap());
        let part = |i: u32, k: u32| shard_part(&plan, i, k);
        for k in 1..=4 {
            let parts: Vec<_> = (1..=k).map(|i| part(i, k)).collect();
            assert_eq!(
                merge(&parts).unwrap().tally,
                Tally {
                    total: 724,
                    unique: 92
                }
            );
        }
        assert!(merge(&[part(1, 2)]).is_err());
        assert!(merge(&[part(1, 2), part(1, 2), part(2, 2)]).is_err());
        assert!(merge(&[part(1, 2), part(2, 3)]).is_err());
        assert!(merge(&[]).is_err());
    }

    #[test]
    fn join_plans_shard_resume_and_refuse_the_other_method() {
        let plan = NQueensParts::new(Plan::join(13).unwrap());
        let parts = |k: u32| -> Vec<(String, ShardResult)> {
            (1..=k).map(|i| shard_part(&plan, i, k)).collect()
        };
        for k in 1..=7 {
            let m = merge(&parts(k)).unwrap();
            assert_eq!(
                (m.tally.total, m.tally.unique, m.method),
                (73712, 9233, Method::Join),
                "k={k}"
            );
        }
        let back = NQueensParts::new(Plan::new(13, 13).unwrap());
        let mut mixed = parts(2);
        mixed[1] = shard_part(&back, 2, 2);
        assert!(matches!(merge(&mixed), Err(Error::Shard(m)) if m.contains("backtrack")));
        // A join checkpoint is refused by a backtracking count of the same board.
        let path = tmp("join.json");
        let opts = Options {
            shard: None,
            checkpoint: Some(path.clone()),
            unique: false,
            ..Options::default()
        };
        assert_eq!(
            run(&plan, &opts, &Control::default()).unwrap().tally.total,
            73712
        );
        assert_eq!(checkpoint_method(&path), Some(Method::Join));
        assert!(matches!(
            run(&back, &opts, &Control::default()),
            Err(Error::Checkpoint { reason, .. }) if reason.contains("join counter")
        ));
        fs::remove_file(&path).unwrap();
    }
}
