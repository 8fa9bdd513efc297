//! The library's layers point one way (issue 25): no two of its top-level modules import
//! each other, nor any two modules one level down, read from the source as text.
//!
//! A module's imports are the `crate::` and `super::` paths in its files (comments and
//! the `#[cfg(test)] mod tests` block left out), with the crate root's re-exports
//! (`pub use model::{board, ...}`) followed back to the module that holds them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const SRC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/queens/src");

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file: `engine/nqueens/mod.rs` is `[engine, nqueens]`.
fn module_of(file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(SRC).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The crate root's re-exported modules (`pub use model::{board, piece};`): `board` is
/// `model::board`.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    let flat = lib.replace('\n', " ");
    for stmt in flat.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((parent, names)) = rest.split_once("::{") else {
            continue;
        };
        for name in names.trim_end_matches('}').split(',').map(str::trim) {
            if name.chars().all(|c| c.is_ascii_lowercase() || c == '_') && !name.is_empty() {
                map.insert(name.to_string(), parent.trim().to_string());
            }
        }
    }
    map
}

/// The code of a file without comments and without its unit tests.
fn code(text: &str) -> String {
    let body = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    body.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths a file's code names: `crate::a::b::c` and `super::x` resolved
/// against `module`.
fn imports(code: &str, module: &[String], alias: &BTreeMap<String, String>) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if start > 0 && is_ident(code[..start].chars().next_back().unwrap()) {
            continue; // `super::` inside `super::super::`, or part of a longer path
        }
        let path: String = code[start..].chars().take_while(|&c| is_ident(c)).collect();
        let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
        let mut base: Vec<String> = if segs[0] == "crate" {
            segs.remove(0);
            Vec::new()
        } else {
            let mut b = module.to_vec();
            while segs.first() == Some(&"super") {
                segs.remove(0);
                b.pop();
            }
            b
        };
        // Only the lowercase segments are modules (types and functions end the path).
        let mods: Vec<&str> = segs
            .iter()
            .copied()
            .take_while(|s| s.starts_with(|c: char| c.is_ascii_lowercase()))
            .collect();
        if base.is_empty()
            && let Some(parent) = mods.first().and_then(|m| alias.get(*m))
        {
            base.push(parent.clone());
        }
        base.extend(mods.iter().map(|s| s.to_string()));
        found.push(base);
    }
    found
}

/// Module `a` imports module `b`, both cut to `depth` segments, for every pair of
/// distinct modules where neither contains the other.
fn graph(depth: usize) -> BTreeMap<String, BTreeSet<String>> {
    let lib = fs::read_to_string(Path::new(SRC).join("lib.rs")).unwrap();
    let alias = reexports(&lib);
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let cut = |m: &[String]| m.iter().take(depth).cloned().collect::<Vec<_>>().join("::");
    for file in files {
        let module = module_of(&file);
        if module == ["lib"] {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        let from = cut(&module);
        for target in imports(&code(&text), &module, &alias) {
            let to = cut(&target);
            let nested = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}::"));
            if to.is_empty() || nested(&from, &to) || nested(&to, &from) {
                continue;
            }
            edges.entry(from.clone()).or_default().insert(to);
        }
    }
    edges
}

/// The pairs of modules that import each other.
fn mutual(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for (a, tos) in edges {
        for b in tos {
            if a < b && edges.get(b).is_some_and(|back| back.contains(a)) {
                pairs.push((a.clone(), b.clone()));
            }
        }
    }
    pairs
}

#[test]
fn no_two_library_modules_import_each_other() {
    for depth in [1, 2] {
        let edges = graph(depth);
        assert!(
            edges.len() >= 5,
            "the reader found too few modules: {edges:?}"
        );
        assert_eq!(mutual(&edges), [], "depth {depth}: {edges:#?}");
    }
}

#[test]
fn the_layer_reader_sees_imports_both_ways() {
    // The reader itself: a made-up pair of files that import each other is caught.
    let alias = reexports("pub use model::{board, piece};");
    let module = |m: &str| m.split("::").map(String::from).collect::<Vec<_>>();
    let a = imports(
        "use crate::board::Board;\nuse super::super::engine::Control;",
        &module("query::cover"),
        &alias,
    );
    assert_eq!(a, [module("model::board"), module("engine")]);
    let code = code(
        "use crate::engine::X;\n// use crate::query::Y;\n#[cfg(test)]\nmod tests {\n use crate::query::Z;\n}",
    );
    let mut edges = BTreeMap::new();
    edges.insert("model".to_string(), BTreeSet::from(["engine".to_string()]));
    edges.insert("engine".to_string(), BTreeSet::from(["model".to_string()]));
    assert_eq!(mutual(&edges), [("engine".into(), "model".into())]);
    assert_eq!(imports(&code, &module("model"), &alias), [module("engine")]);
}
