//! How the join's sieve is sized for the processor it runs on (issue 42): which inner
//! loop it takes, how wide its look-up groups may grow, what a table row costs against a
//! look-up, and from how many blocks it sorts long lists first.
//!
//! None of this touches the plan: the tasks, their order and the fingerprint are the same
//! on every machine and with every tuning, so shards, checkpoints and manifests from
//! different machines still merge and re-check; a tuning changes only how fast a task's
//! pairs are counted, never what they add up to (the tests count every join side with
//! every choice of each setting).
//!
//! Three ways to a tuning, in the order a front should try them:
//! 1. what the caller sets ([`SieveTuning::set`]), for instance a calibration the command
//!    line saved (`queens tune --save`) or `count --tuning`;
//! 2. [`SieveTuning::calibrate`]: time a fixed workload of join tasks with each setting
//!    varied in turn, and keep the fastest;
//! 3. [`SieveTuning::for_processor`]: a rule from what the processor reports (its vector
//!    instructions and its level-2 cache), the default.

use std::fmt;
use std::sync::OnceLock;

/// The sieve's inner loop (see the [sieve's docs](super)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kernel {
    /// Plain Rust, on any processor.
    Portable,
    /// AVX2 (with `popcnt`, `bmi1`, `bmi2`): a table row as two 256-bit halves, its bits
    /// counted per byte by nibble look-up.
    Avx2,
    /// AVX-512F with VPOPCNTDQ: a table row in one register, counted by `vpopcntq`.
    Avx512,
}

impl Kernel {
    /// Every kernel, slowest first.
    pub const ALL: [Kernel; 3] = [Kernel::Portable, Kernel::Avx2, Kernel::Avx512];

    /// The kernel's name, as [`SieveTuning`]'s text spells it.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx2 => "avx2",
            Kernel::Avx512 => "avx512",
        }
    }

    /// Whether this processor can run the kernel.
    pub fn available(self) -> bool {
        match self {
            Kernel::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => super::sieve::fast_sieve(),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 => super::sieve::fast_sieve() && super::sieve::fast_sieve512(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }

    /// The fastest kernel this processor can run.
    pub fn best() -> Kernel {
        *Kernel::ALL
            .iter()
            .rev()
            .find(|k| k.available())
            .unwrap_or(&Kernel::Portable)
    }
}

/// The per-core data caches a processor reports, in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Caches {
    /// Level-1 data cache.
    pub l1d: usize,
    /// Level-2 cache.
    pub l2: usize,
}

impl Caches {
    /// What this processor reports through `cpuid` (Intel's leaf 4, AMD's leaf
    /// 0x8000001D, the same layout), or `None` where it does not say.
    pub fn detected() -> Option<Caches> {
        #[cfg(target_arch = "x86_64")]
        {
            cpuid_caches()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            None
        }
    }
}

/// The processor's name as it reports it (`cpuid`'s brand string, the "model name" of
/// Linux's `/proc/cpuinfo`), or `None` where it does not say: what a saved calibration
/// is kept for.
pub fn processor_name() -> Option<String> {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::__cpuid;
        if __cpuid(0x8000_0000).eax < 0x8000_0004 {
            return None;
        }
        let mut bytes = Vec::with_capacity(48);
        for leaf in 0x8000_0002..=0x8000_0004u32 {
            let r = __cpuid(leaf);
            for word in [r.eax, r.ebx, r.ecx, r.edx] {
                bytes.extend(word.to_le_bytes());
            }
        }
        let name = String::from_utf8_lossy(&bytes);
        let name = name.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        (!name.is_empty()).then(|| name.split_whitespace().collect::<Vec<_>>().join(" "))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        None
    }
}

#[cfg(target_arch = "x86_64")]
fn cpuid_caches() -> Option<Caches> {
    use std::arch::x86_64::{__cpuid, __cpuid_count};
    // The vendor string's first word: "Auth" (AuthenticAMD), "Hygo" (HygonGenuine) use
    // the extended leaf; others leaf 4.
    let vendor = __cpuid(0);
    let amd = matches!(
        vendor.ebx.to_le_bytes(),
        [b'A', b'u', b't', b'h'] | [b'H', b'y', b'g', b'o']
    );
    let leaf = if amd { 0x8000_001D } else { 4 };
    let max = if amd {
        __cpuid(0x8000_0000).eax
    } else {
        vendor.eax
    };
    if max < leaf {
        return None;
    }
    let (mut l1d, mut l2) = (None, None);
    for i in 0..16 {
        let r = __cpuid_count(leaf, i);
        let kind = r.eax & 0x1f; // 0 none, 1 data, 2 instruction, 3 unified
        if kind == 0 {
            break;
        }
        let level = (r.eax >> 5) & 0x7;
        let ways = (r.ebx >> 22) as usize + 1;
        let partitions = ((r.ebx >> 12) & 0x3ff) as usize + 1;
        let line = (r.ebx & 0xfff) as usize + 1;
        let sets = r.ecx as usize + 1;
        let size = ways * partitions * line * sets;
        match (level, kind) {
            (1, 1 | 3) => l1d = Some(size),
            (2, 2) => {}
            (2, _) => l2 = Some(size),
            _ => {}
        }
    }
    Some(Caches { l1d: l1d?, l2: l2? })
}

/// How the join's sieve is sized (see the [module docs](self)).
///
/// ```
/// use queens::engine::SieveTuning;
/// let t: SieveTuning = "kernel=portable,width=8,row-cost=3,sort-blocks=6".parse().unwrap();
/// assert_eq!(t.to_string(), "kernel=portable,width=8,row-cost=3,sort-blocks=6");
/// assert!("width=11".parse::<SieveTuning>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SieveTuning {
    /// The inner loop.
    pub kernel: Kernel,
    /// The widest look-up group, in diagonals (a group's table is `2^width` rows of 64
    /// bytes); 8 (so that 64 diagonals fit the sieve's 9 groups) to
    /// [`SieveTuning::MAX_WIDTH`].
    pub max_width: usize,
    /// What building one table row costs, counted in look-ups of one key in one group:
    /// the width of each list pair's groups is chosen by this cost (1 to 16).
    pub row_cost: usize,
    /// Lists are sorted by pattern first when the small one fills more blocks of 512
    /// than this (1 to 1000).
    pub sort_blocks: usize,
}

/// The tuning a caller set for this process ([`SieveTuning::set`]).
static SET: OnceLock<SieveTuning> = OnceLock::new();

impl SieveTuning {
    /// The widest look-up group the sieve's tables allow.
    pub const MAX_WIDTH: usize = 10;

    /// The rule from what the processor reports: the fastest kernel it runs, groups as
    /// wide as keeps a group's table within a sixteenth of the level-2 cache (8 to 10
    /// bits: 64 KB of a 1 MB cache, where the width by cost was measured), a row
    /// worth 3 look-ups and the sort from 6 blocks (both measured on an AMD EPYC with
    /// 1 MB of L2, `bench/kluev.md`).
    pub fn for_processor(kernel: Kernel, caches: Option<Caches>) -> SieveTuning {
        let max_width = caches.map_or(Self::MAX_WIDTH, |c| {
            let rows = (c.l2 / 16 / 64).max(16);
            (usize::BITS - 1 - rows.leading_zeros()) as usize
        });
        SieveTuning {
            kernel,
            max_width: max_width.clamp(8, Self::MAX_WIDTH),
            row_cost: 3,
            sort_blocks: 6,
        }
    }

    /// [`SieveTuning::for_processor`] for this processor.
    pub fn detected() -> SieveTuning {
        static DETECTED: OnceLock<SieveTuning> = OnceLock::new();
        *DETECTED.get_or_init(|| Self::for_processor(Kernel::best(), Caches::detected()))
    }

    /// The tuning the join uses: the one [`SieveTuning::set`] gave, else the
    /// calibration saved for this processor and version ([`saved`]), else
    /// [`SieveTuning::detected`]. Every front (command line, Python) gets the same.
    pub fn current() -> SieveTuning {
        if let Some(t) = SET.get() {
            return *t;
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            static SAVED: OnceLock<Option<SieveTuning>> = OnceLock::new();
            if let Some(t) = SAVED.get_or_init(|| saved().map(|(t, _)| t)) {
                return *t;
            }
        }
        Self::detected()
    }

    /// Makes `self` the tuning of every join this process runs from now on. Refused when
    /// this processor cannot run its kernel, or when another tuning was set before (the
    /// first one stays: a join under way never changes its sizes).
    pub fn set(self) -> Result<(), String> {
        if !self.kernel.available() {
            return Err(format!(
                "this processor cannot run the sieve kernel '{}' (it can: {})",
                self.kernel.name(),
                Kernel::ALL
                    .iter()
                    .filter(|k| k.available())
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        match SET.set(self) {
            Ok(()) => Ok(()),
            Err(_) if SET.get() == Some(&self) => Ok(()),
            Err(_) => Err("the sieve's tuning was already set for this process".into()),
        }
    }

    /// The tunings [`SieveTuning::calibrate`] tries, one setting varied at a time from
    /// `base`: every kernel this processor runs, widths 8 to 10, row costs 2, 3 and 5,
    /// sorting from 3, 6 and 12 blocks.
    pub fn neighbours(base: SieveTuning) -> Vec<SieveTuning> {
        let mut out = vec![base];
        let mut add = |t: SieveTuning| {
            if !out.contains(&t) {
                out.push(t);
            }
        };
        for kernel in Kernel::ALL.into_iter().filter(|k| k.available()) {
            add(SieveTuning { kernel, ..base });
        }
        for max_width in 8..=Self::MAX_WIDTH {
            add(SieveTuning { max_width, ..base });
        }
        for row_cost in [2, 3, 5] {
            add(SieveTuning { row_cost, ..base });
        }
        for sort_blocks in [3, 6, 12] {
            add(SieveTuning {
                sort_blocks,
                ..base
            });
        }
        out
    }
}

/// The file a calibration is saved in: `$QUEENS_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/queens`, else `~/.cache/queens`; `None` with none of them set.
#[cfg(not(target_arch = "wasm32"))]
pub fn saved_path() -> Option<std::path::PathBuf> {
    use std::path::PathBuf;
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = var("QUEENS_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("queens")))
        .or_else(|| var("HOME").map(|d| d.join(".cache").join("queens")))?;
    Some(dir.join("sieve-tuning.txt"))
}

/// What a saved calibration is kept for: the processor and this version (a build that
/// changed the sieve may want other sizes).
pub fn machine() -> String {
    format!(
        "{} / queens {}",
        processor_name().unwrap_or_else(|| "unknown processor".into()),
        env!("CARGO_PKG_VERSION")
    )
}

/// The saved calibration and its file, when it was made on this processor by this
/// version. A file from another machine (a home directory shared across a cluster) or
/// version is not this machine's, and is passed over.
#[cfg(not(target_arch = "wasm32"))]
pub fn saved() -> Option<(SieveTuning, std::path::PathBuf)> {
    let path = saved_path()?;
    let text = std::fs::read_to_string(&path).ok()?;
    let field = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
    };
    if field("machine ")? != machine() {
        return None;
    }
    let tuning = field("tuning ")?.parse::<SieveTuning>().ok()?;
    tuning.kernel.available().then_some((tuning, path))
}

/// Saves `tuning` as this machine's calibration ([`saved_path`]); returns the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn save(tuning: SieveTuning) -> Result<std::path::PathBuf, String> {
    let path = saved_path().ok_or("no folder to save the calibration in: set QUEENS_CACHE_DIR")?;
    let text = format!(
        "# the join's sieve tuning, timed by `queens tune` (remove this file to undo)\n\
         machine {}\ntuning {tuning}\n",
        machine()
    );
    let dir = path.parent().expect("a file in a folder");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&path, text))
        .map_err(|e| format!("cannot save the calibration in {}: {e}", path.display()))?;
    Ok(path)
}

/// The tasks [`calibrate`] times, as `(side, tasks)` (0: every task; else the largest
/// ones): all of 16 (short lists, never sorted), the two largest of 17 (odd: tagged
/// keys) and of 18 (even: the transposition's weighted lists, sorted by pattern), about
/// 0.3 s in all on the machine of `bench/kluev.md`.
#[cfg(not(target_arch = "wasm32"))]
pub const WORKLOAD: [(usize, usize); 3] = [(16, 0), (17, 2), (18, 2)];

/// Times the join's tuning on this machine: starting from [`SieveTuning::detected`],
/// each setting in turn takes the value of [`SieveTuning::neighbours`] that runs a
/// workload of join tasks ([`WORKLOAD`], or smaller ones for a quick look) fastest (best of `repeats` runs; a new value must save at
/// least 3% to be taken, so noise keeps the rule). Calls `seen` with each tuning tried
/// and its time; returns the fastest. The counts are checked against the first
/// tuning's on every run: a tuning never changes them.
///
/// Takes about `repeats` x 0.3 s per tuning tried (about 12 of them).
///
/// # Panics
/// If a side of `workload` is not one the join takes (1 to 24).
#[cfg(not(target_arch = "wasm32"))]
pub fn calibrate(
    repeats: usize,
    workload: &[(usize, usize)],
    mut seen: impl FnMut(SieveTuning, std::time::Duration),
) -> SieveTuning {
    let work: Vec<(super::JoinPlan, std::ops::Range<usize>)> = workload
        .iter()
        .map(|&(n, k)| {
            let p = super::JoinPlan::new(n).expect("a join side");
            let tasks = 0..if k == 0 { p.len() } else { k.min(p.len()) };
            (p, tasks)
        })
        .collect();
    let mut want: Option<Vec<u128>> = None;
    let mut time = |t: SieveTuning| {
        let mut best = std::time::Duration::MAX;
        for _ in 0..repeats.max(1) {
            let start = std::time::Instant::now();
            let totals: Vec<u128> = work
                .iter()
                .flat_map(|(p, tasks)| {
                    let p = p.clone().with_tuning(t);
                    tasks
                        .clone()
                        .map(move |i| p.run_task_until(i, &|| false).expect("not stopped").total)
                        .collect::<Vec<_>>()
                })
                .collect();
            best = best.min(start.elapsed());
            match &want {
                None => want = Some(totals),
                Some(w) => assert_eq!(&totals, w, "the sieve tuning {t} changed a count"),
            }
        }
        seen(t, best);
        best
    };
    let mut best = SieveTuning::detected();
    let mut best_time = time(best);
    // One setting at a time, in the order of `neighbours`: kernel, width, row cost, sort.
    let settings: [fn(SieveTuning, SieveTuning) -> bool; 4] = [
        |a, b| a.kernel != b.kernel,
        |a, b| a.max_width != b.max_width,
        |a, b| a.row_cost != b.row_cost,
        |a, b| a.sort_blocks != b.sort_blocks,
    ];
    for differs in settings {
        let base = best;
        for t in SieveTuning::neighbours(base) {
            if !differs(t, base) {
                continue;
            }
            let d = time(t);
            if d.as_secs_f64() < best_time.as_secs_f64() * 0.97 {
                (best, best_time) = (t, d);
            }
        }
    }
    best
}

impl fmt::Display for SieveTuning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "kernel={},width={},row-cost={},sort-blocks={}",
            self.kernel.name(),
            self.max_width,
            self.row_cost,
            self.sort_blocks
        )
    }
}

impl std::str::FromStr for SieveTuning {
    type Err = String;

    /// `key=value` pairs separated by commas (`kernel`, `width`, `row-cost`,
    /// `sort-blocks`); a key left out keeps [`SieveTuning::detected`]'s value.
    fn from_str(text: &str) -> Result<SieveTuning, String> {
        let mut t = SieveTuning::detected();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').ok_or_else(|| {
                format!("'{part}' is not key=value (kernel, width, row-cost, sort-blocks)")
            })?;
            let number = |lo: usize, hi: usize| {
                value
                    .parse::<usize>()
                    .ok()
                    .filter(|v| (lo..=hi).contains(v))
                    .ok_or_else(|| {
                        format!("{key} takes a whole number from {lo} to {hi}, not '{value}'")
                    })
            };
            match key {
                "kernel" => t.kernel = *Kernel::ALL.iter().find(|k| k.name() == value).ok_or_else(
                    || {
                        format!(
                            "unknown sieve kernel '{value}': the kernels are portable, avx2, avx512"
                        )
                    },
                )?,
                "width" => t.max_width = number(8, Self::MAX_WIDTH)?,
                "row-cost" => t.row_cost = number(1, 16)?,
                "sort-blocks" => t.sort_blocks = number(1, 1000)?,
                _ => {
                    return Err(format!(
                        "unknown sieve setting '{key}': the settings are kernel, width, row-cost, sort-blocks"
                    ));
                }
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_keeps_ten_bits_on_a_1_mb_cache_and_narrows_on_smaller_ones() {
        let rule =
            |l2| SieveTuning::for_processor(Kernel::Avx2, Some(Caches { l1d: 32 << 10, l2 }));
        assert_eq!(rule(1 << 20).max_width, 10);
        assert_eq!(rule(2 << 20).max_width, 10);
        assert_eq!(rule(512 << 10).max_width, 9);
        assert_eq!(rule(256 << 10).max_width, 8);
        assert_eq!(rule(64 << 10).max_width, 8);
        assert_eq!(
            SieveTuning::for_processor(Kernel::Portable, None).max_width,
            10
        );
    }

    #[test]
    fn the_text_round_trips_and_names_a_bad_part() {
        for t in SieveTuning::neighbours(SieveTuning::detected()) {
            assert_eq!(t.to_string().parse::<SieveTuning>(), Ok(t));
        }
        let err = |s: &str| s.parse::<SieveTuning>().unwrap_err();
        assert!(err("kernel=sse").contains("'sse'"));
        assert!(err("width=7").contains("width"));
        assert!(err("rows=3").contains("'rows'"));
        assert!(err("width").contains("key=value"));
    }

    #[test]
    fn the_detected_caches_are_plausible() {
        if let Some(c) = Caches::detected() {
            assert!((4 << 10..=1 << 20).contains(&c.l1d), "{c:?}");
            assert!((64 << 10..=1 << 30).contains(&c.l2), "{c:?}");
        }
    }
}
