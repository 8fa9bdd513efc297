//! The fuzz targets on stable Rust: every input kept in `testdata/fuzz/<target>/` (a
//! small hand-written seed corpus, `seed-*`, and every input `bench/fuzz.sh` ever saw a
//! target crash or hang on, `crash-*`, `timeout-*`, `oom-*`) replayed through the
//! target's body, the same function `cargo fuzz` drives (`queens::fuzzing`, and
//! `fuzz/link.rs` for the page's requests). Every target must have a directory with
//! inputs in it, and every directory and every `fuzz/fuzz_targets/*.rs` a target.

use std::collections::BTreeSet;
use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

#[path = "../../fuzz/link.rs"]
mod link;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The longest one input may take through its target (a hang kept by the fuzzer, once
/// fixed, must stay fixed; the slowest seed takes milliseconds).
const PER_INPUT: Duration = Duration::from_secs(5);

/// Every target: the library's and the page's.
fn targets() -> Vec<(&'static str, queens::fuzzing::Target)> {
    let mut all = queens::fuzzing::TARGETS.to_vec();
    all.push(("link", link::link));
    all
}

/// The files in `dir`, sorted; a missing directory fails the test.
fn inputs(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e} (every fuzz target keeps inputs)", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_kept_input_passes_its_fuzz_target() {
    let mut failures = Vec::new();
    let mut replayed = 0;
    for (name, body) in targets() {
        let dir = Path::new(ROOT).join("testdata/fuzz").join(name);
        let files = inputs(&dir);
        assert!(
            !files.is_empty(),
            "{} is empty: every fuzz target keeps a seed corpus",
            dir.display()
        );
        for file in files {
            let data = fs::read(&file).unwrap();
            let start = Instant::now();
            if catch_unwind(AssertUnwindSafe(|| body(&data))).is_err() {
                failures.push(format!("{name}: {} panicked", file.display()));
            } else if start.elapsed() > PER_INPUT {
                failures.push(format!(
                    "{name}: {} took {:.1?}",
                    file.display(),
                    start.elapsed()
                ));
            }
            replayed += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replayed >= 3 * targets().len(), "only {replayed} inputs");
}

#[test]
fn every_fuzz_target_is_replayed_and_every_kept_directory_is_a_target() {
    let names: BTreeSet<String> = targets().iter().map(|(n, _)| n.to_string()).collect();
    assert_eq!(names.len(), targets().len(), "a target is listed twice");
    let dirs: BTreeSet<String> = fs::read_dir(Path::new(ROOT).join("testdata/fuzz"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(dirs, names, "testdata/fuzz/ against the targets");
    let sources: BTreeSet<String> = inputs(&Path::new(ROOT).join("fuzz/fuzz_targets"))
        .iter()
        .filter_map(|p| Some(p.file_stem()?.to_string_lossy().into_owned()))
        .collect();
    assert_eq!(sources, names, "fuzz/fuzz_targets/ against the targets");
    let manifest = fs::read_to_string(Path::new(ROOT).join("fuzz/Cargo.toml")).unwrap();
    for name in &names {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml has no [[bin]] {name}"
        );
    }
}
