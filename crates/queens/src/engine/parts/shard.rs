//! Shard results and their merge.
//!
//! A shard `I/K` counts the tasks whose index is `I-1` modulo `K`: deterministic and,
//! because neighbouring tasks are alike in size, balanced. Its [`ShardResult`] (one line
//! of JSON) names the plan ([`PlanId`]), carries its subtotals with their check values
//! (modulo 13 and 15) and a digest of all of it; [`merge`] adds up a complete set and
//! refuses a set with a missing, repeated, foreign or edited part, naming which.
//!
//! A `ShardResult` is `queens-nqueens-shard` or `queens-shard`; its `check` digest covers
//! all of it. `merge` checks that all parts share the plan and `K`, that each `I` in
//! `1..=K` appears exactly once, that the sum divides by the plan's divisor and that the
//! unique rule's Burnside sum divides by G, naming the part at fault.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::checkpoint::{FileKind, add};
use super::{PlanId, Report, Shard, Tally, UniqueRule, residues};
use crate::engine::Method;
use crate::engine::parts::fnv1a;
use crate::error::Error;

/// The version of the shard result format (2: any engine, check values per subtotal).
const VERSION: u32 = 2;

/// One shard's result, as `count --shard` prints it and [`merge`] reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardResult {
    /// `queens-nqueens-shard` for plain N-queens, `queens-shard` for other engines.
    pub format: String,
    /// Format version.
    pub version: u32,
    /// The engine that counted it.
    pub engine: String,
    /// The problem counted ("8 queens on 8x8", "5x5 N,B,R,Q,A").
    pub problem: String,
    /// Rows of the board (N-queens: of the transposed board, the number of queens).
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
    /// How the shard was counted. A join shard's unique count is 0: [`merge`] derives
    /// the whole count's from the total.
    pub method: Method,
    /// The plan's fingerprint: shards of different task lists do not add up.
    pub fingerprint: String,
    /// Tasks in the whole plan.
    pub plan_tasks: usize,
    /// The plan's totals add up to the count times this.
    pub divisor: u128,
    /// How the count up to symmetry follows from the sums (`summed`, `from-total`,
    /// `burnside-G`: then `unique` holds the shard's share of the placements fixed by
    /// the non-identity symmetries).
    pub unique_rule: UniqueRule,
    /// Which shard, from 1.
    pub shard: u32,
    /// Of how many.
    pub shards: u32,
    /// Tasks in this shard.
    pub tasks: usize,
    /// The shard's sum of its tasks' totals (solutions, times `divisor`).
    pub total: u128,
    /// The shard's sum of its tasks' unique counts (see `unique_rule`).
    pub unique: u128,
    /// The check values of the subtotals: `total` modulo 13 and 15, `unique` modulo 13
    /// and 15.
    pub residues: [u8; 4],
    /// Seconds this shard took (this run only, without resumed work).
    pub seconds: f64,
    /// Threads it ran on.
    pub threads: usize,
    /// A digest of everything above but the time and threads: [`merge`] refuses a
    /// result whose contents no longer match it (or that has none).
    #[serde(default)]
    pub check: String,
    /// Each task's part (id, subtotal, seconds), by id, when counted with a manifest:
    /// what a merged manifest lists. Empty otherwise (and in results of earlier
    /// versions); covered by `check` when present.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<super::manifest::Part>,
    /// The words that rebuild the problem for a re-check, when counted with a manifest
    /// (`manifest::Target::source`); covered by `check` when present.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub source: Vec<String>,
}

impl ShardResult {
    /// The plan this shard belongs to.
    pub(crate) fn plan(&self) -> PlanId {
        PlanId {
            engine: self.engine.clone(),
            problem: self.problem.clone(),
            rows: self.rows,
            cols: self.cols,
            method: self.method,
            fingerprint: self.fingerprint.clone(),
            tasks: self.plan_tasks,
            divisor: self.divisor,
            unique: self.unique_rule,
        }
    }

    /// The digest of the result's contents, as [`ShardResult::check`] holds it.
    pub(crate) fn digest(&self) -> String {
        let text = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{:?}",
            self.format,
            self.version,
            self.plan().digest_text(),
            self.shard,
            self.shards,
            self.tasks,
            self.total,
            self.unique,
            self.residues
        );
        // The parts and the words, when present, so that a result without them checks
        // as it always did.
        let mut text = text;
        for p in &self.parts {
            text.push_str(&format!("|{} {} {}", p.id, p.total, p.unique));
        }
        if !self.source.is_empty() {
            text.push_str(&format!("|{:?}", self.source));
        }
        fnv1a(text.bytes())
    }

    /// Adds the shard's parts and the words of its problem (a count with a manifest),
    /// and renews the check value.
    pub(crate) fn with_parts(&mut self, parts: Vec<super::manifest::Part>, source: Vec<String>) {
        self.parts = parts;
        self.source = source;
        self.check = self.digest();
    }

    /// The result of `report` for shard `shard` of the plan `id`.
    pub(crate) fn new(
        id: &PlanId,
        shard: Shard,
        report: &Report,
        seconds: f64,
        threads: usize,
    ) -> ShardResult {
        let t = report.tally;
        let [a, b] = residues(t.total);
        let [c, d] = residues(t.unique);
        let mut r = ShardResult {
            format: id.formats().1.into(),
            version: VERSION,
            engine: id.engine.clone(),
            problem: id.problem.clone(),
            rows: id.rows,
            cols: id.cols,
            method: id.method,
            fingerprint: id.fingerprint.clone(),
            plan_tasks: id.tasks,
            divisor: id.divisor,
            unique_rule: id.unique,
            shard: shard.index,
            shards: shard.count,
            tasks: report.tasks,
            total: t.total,
            unique: t.unique,
            residues: [a, b, c, d],
            seconds,
            threads,
            check: String::new(),
            parts: Vec::new(),
            source: Vec::new(),
        };
        r.check = r.digest();
        r
    }

    /// The result as one line of JSON, as `count --shard` prints it and
    /// [`ShardResult::parse`] reads it back.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a shard result is plain data")
    }

    /// Reads a shard result that `--shard` wrote (`name` is used in messages).
    ///
    /// ```
    /// use queens::engine::{count_parts, Parts, ShardResult};
    /// use queens::{EngineChoice, Problem, Settings};
    /// let p = Problem::queens(8).unwrap();
    /// let parts = Parts { shard: Some("1/2".parse().unwrap()), ..Default::default() };
    /// let r = count_parts(&p, EngineChoice::Auto, &Settings::default(), &parts).unwrap();
    /// let json = r.shard.unwrap().to_json();
    /// assert!(ShardResult::parse(&json, "part 1").is_ok());
    /// let edited = json.replacen("\"shard\":1", "\"shard\":2", 1);
    /// assert!(ShardResult::parse(&edited, "part 1").unwrap_err().to_string().contains("altered"));
    /// ```
    pub fn parse(text: &str, name: &str) -> Result<ShardResult, Error> {
        // A text given whole (Python's merge) is held to the limit of one read from a file.
        crate::text::check_len(text, &crate::text::Limit::shard_result(), name)?;
        let kind: FileKind = serde_json::from_str(text.trim())
            .map_err(|e| Error::Shard(format!("{name} is not a queens shard result ({e})")))?;
        let (format, version) = (kind.format, kind.version);
        let known = ["queens-nqueens-shard", "queens-shard"];
        if !known.contains(&format.as_str()) || version != VERSION {
            return Err(Error::Shard(format!(
                "{name} is a '{format}' file of version {version}, not a queens shard result of \
                 version {VERSION}: count that shard again with this version"
            )));
        }
        let r: ShardResult = serde_json::from_str(text.trim())
            .map_err(|e| Error::Shard(format!("{name} is not a queens shard result ({e})")))?;
        if r.check.is_empty() {
            return Err(Error::Shard(format!(
                "{name} has no check value: count that shard again"
            )));
        }
        if r.check != r.digest() {
            return Err(Error::Shard(format!(
                "{name} was altered: its counts no longer match its check value"
            )));
        }
        let [a, b] = residues(r.total);
        let [c, d] = residues(r.unique);
        if r.residues != [a, b, c, d] {
            return Err(Error::Shard(format!(
                "{name} was altered: its subtotals no longer match their residues modulo 13 and 15"
            )));
        }
        r.check_number(name)?;
        Ok(r)
    }

    /// Refuses a shard number outside `1..=shards`.
    fn check_number(&self, name: &str) -> Result<(), Error> {
        if self.shard == 0 || self.shard > self.shards {
            return Err(Error::Shard(format!(
                "{name} claims to be shard {}/{}, which does not exist",
                self.shard, self.shards
            )));
        }
        Ok(())
    }
}

/// The sum of a complete set of shard results.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The engine that counted the shards.
    pub engine: String,
    /// The problem counted.
    pub problem: String,
    /// Rows (N-queens: the number of queens).
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// How the shards were counted.
    pub method: Method,
    /// The whole count and the count up to symmetry (0 when not `unique_known`).
    pub tally: Tally,
    /// Whether the shards give the count up to symmetry (not on boards too large to
    /// search for symmetric placements).
    pub unique_known: bool,
    /// Seconds spent over all shards.
    pub seconds: f64,
}

/// Adds up shard results `(name, result)`: they must be every shard `1..=K` of the
/// same count, each once.
pub fn merge(parts: &[(String, ShardResult)]) -> Result<Merged, Error> {
    let Some((first_name, first)) = parts.first() else {
        return Err(Error::Shard("merge needs at least one shard result".into()));
    };
    let k = first.shards;
    let plan = first.plan();
    // By shard number, not a slot per shard: a result may claim billions of shards.
    let mut seen: BTreeMap<u32, &str> = BTreeMap::new();
    let mut sum = Tally::default();
    let mut seconds = 0.0;
    for (name, r) in parts {
        if r.engine != first.engine || r.method != first.method {
            return Err(Error::Shard(format!(
                "{name} was counted by the {} counter but {first_name} by the {}: they do not belong together",
                r.method, first.method
            )));
        }
        if r.plan() != plan {
            return Err(Error::Shard(format!(
                "{name} is a shard of {} (plan {}), but {first_name} is of {} (plan {}): they do not belong together",
                r.problem, r.fingerprint, first.problem, first.fingerprint
            )));
        }
        r.check_number(name)?;
        if r.shards != k {
            return Err(Error::Shard(format!(
                "{name} is shard {}/{} but {first_name} is shard {}/{k}: they split the work differently",
                r.shard, r.shards, first.shard
            )));
        }
        if let Some(other) = seen.insert(r.shard, name) {
            return Err(Error::Shard(format!(
                "shard {}/{k} is given twice ({other} and {name})",
                r.shard
            )));
        }
        sum = add(
            sum,
            Tally {
                total: r.total,
                unique: r.unique,
            },
        )?;
        seconds += r.seconds;
    }
    // Named up to ten; the first ten are found within `parts.len() + 10` numbers.
    let absent = u64::from(k) - seen.len() as u64;
    if absent > 0 {
        let mut missing: Vec<String> = (1..=k)
            .filter(|i| !seen.contains_key(i))
            .take(10)
            .map(|i| format!("{i}/{k}"))
            .collect();
        if absent > 10 {
            missing.push(format!("{} more", absent - 10));
        }
        return Err(Error::Shard(format!(
            "shard{} {} {} missing",
            if absent == 1 { "" } else { "s" },
            missing.join(", "),
            if absent == 1 { "is" } else { "are" }
        )));
    }
    let tally = plan.whole(sum).ok_or_else(|| {
        Error::Shard(format!(
            "the shards add up to {}, which cannot be the count of {}: a result was altered",
            sum.total, first.problem
        ))
    })?;
    Ok(Merged {
        engine: first.engine.clone(),
        problem: first.problem.clone(),
        rows: first.rows,
        cols: first.cols,
        method: first.method,
        tally,
        unique_known: plan.unique != UniqueRule::Unavailable,
        seconds,
    })
}
