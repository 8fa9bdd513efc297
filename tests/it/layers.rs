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
    module_under(file, Path::new(SRC))
}

/// The module path of a file of the crate whose root directory is `root`.
fn module_under(file: &Path, root: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).unwrap().with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The crate root's re-exports: a module (`pub use model::{board, piece};`: `board` is
/// `model::board`) or an item (`pub use engine::{Settings, count};`: `Settings` is
/// in `engine`), name to the module path it stands for.
fn reexports(lib: &str, modules: &BTreeSet<String>) -> BTreeMap<String, Vec<String>> {
    let mut map = BTreeMap::new();
    let flat = lib.replace('\n', " ");
    for stmt in flat.split(';') {
        let Some(rest) = stmt.trim().strip_prefix("pub use ") else {
            continue;
        };
        let (parent, names) = match rest.split_once("::{") {
            Some((p, n)) => (p, n.trim_end_matches('}').split(',').collect::<Vec<_>>()),
            None => match rest.rsplit_once("::") {
                Some((p, n)) => (p, vec![n]),
                None => continue,
            },
        };
        let parent: Vec<String> = parent.trim().split("::").map(String::from).collect();
        for name in names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()) {
            let mut path = parent.clone();
            if modules.contains(name) {
                path.push(name.to_string());
            }
            map.insert(name.to_string(), path);
        }
    }
    map
}

/// The names every `mod name;` of the crate declares.
fn declared_modules() -> BTreeSet<String> {
    let mut files = Vec::new();
    rust_files(Path::new(SRC), &mut files);
    let mut names = BTreeSet::new();
    for f in files {
        for line in fs::read_to_string(f).unwrap().lines() {
            let l = line.trim_start();
            let l = l
                .strip_prefix("pub(crate) ")
                .or(l.strip_prefix("pub "))
                .unwrap_or(l);
            if let Some(name) = l.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) {
                names.insert(name.to_string());
            }
        }
    }
    names
}

/// The code of a file without comments and without its unit tests.
fn code(text: &str) -> String {
    let body = text.split("#[cfg(test)]\nmod tests").next().unwrap();
    body.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file's code names after `crate::` or `super::`, with brace groups
/// (`use crate::{a::B, c};`) opened: `["crate::a::B", "crate::c"]`.
fn paths(code: &str) -> Vec<String> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    let mut found = Vec::new();
    for (start, _) in code
        .match_indices("crate::")
        .chain(code.match_indices("super::"))
    {
        if start > 0 && is_ident(code[..start].chars().next_back().unwrap()) {
            continue; // `super::` inside `super::super::`, or part of a longer path
        }
        let path: String = code[start..].chars().take_while(|&c| is_ident(c)).collect();
        let after = &code[start + path.len()..];
        if !after.starts_with('{') {
            found.push(path);
            continue;
        }
        // The group up to its closing brace (each item read again as a path of its own,
        // so a bare name inside it, as in `crate::{engine, Error}`, counts too), split at its top-level commas.
        let (mut depth, mut item, mut items) = (0, String::new(), Vec::new());
        for c in after.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            if (c == ',' && depth == 1) || depth == 0 {
                items.push(std::mem::take(&mut item));
            } else if !(c == '{' && depth == 1) {
                item.push(c);
            }
            if depth == 0 {
                break;
            }
        }
        for item in items {
            // `a::B as C` names `a::B`.
            let item = item.split(" as ").next().unwrap_or("");
            let item: String = item.split_whitespace().collect();
            if !item.is_empty() {
                found.extend(paths(&format!("{path}{item}")));
            }
        }
    }
    found
}

/// The module paths a file's code names: `crate::a::b::c` and `super::x` resolved
/// against `module`, the crate root's re-exports followed.
fn imports(
    code: &str,
    module: &[String],
    alias: &BTreeMap<String, Vec<String>>,
) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for path in paths(code) {
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
        if base.is_empty()
            && let Some(target) = segs.first().and_then(|m| alias.get(*m))
        {
            // A re-export: its module path, then what follows it.
            base = target.clone();
            segs.remove(0);
        }
        // Only the lowercase segments are modules (types and functions end the path).
        base.extend(
            segs.iter()
                .take_while(|s| s.starts_with(|c: char| c.is_ascii_lowercase()))
                .map(|s| s.to_string()),
        );
        found.push(base);
    }
    found
}

/// Module `a` imports module `b`, both cut to `depth` segments, for every pair of
/// distinct modules where neither contains the other.
fn graph(depth: usize) -> BTreeMap<String, BTreeSet<String>> {
    let lib = fs::read_to_string(Path::new(SRC).join("lib.rs")).unwrap();
    let alias = reexports(&lib, &declared_modules());
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

/// A cycle of imports among the modules, if there is one (a depth-first search).
fn cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        m: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|p| p == m) {
            return Some(path[i..].to_vec());
        }
        if done.contains(m) {
            return None;
        }
        path.push(m.to_string());
        for next in edges.get(m).into_iter().flatten() {
            if let Some(c) = visit(next, edges, path, done) {
                return Some(c);
            }
        }
        path.pop();
        done.insert(m.to_string());
        None
    }
    let mut done = BTreeSet::new();
    edges
        .keys()
        .find_map(|m| visit(m, edges, &mut Vec::new(), &mut done))
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
    // The top-level modules form layers: no cycle of any length.
    let top = graph(1);
    assert_eq!(cycle(&top), None, "{top:#?}");
}

#[test]
fn the_layer_reader_sees_imports_both_ways() {
    // The reader itself: made-up files that import each other are caught, through the
    // root's re-exports (modules and items) and brace groups.
    let modules = BTreeSet::from(["board".to_string(), "piece".to_string()]);
    let alias = reexports(
        "pub use model::{board, piece};\npub use engine::{Settings, count};",
        &modules,
    );
    let module = |m: &str| m.split("::").map(String::from).collect::<Vec<_>>();
    let a = imports(
        "use crate::board::Board;\nuse super::super::engine::Control;",
        &module("query::cover"),
        &alias,
    );
    assert_eq!(a, [module("model::board"), module("engine")]);
    let b = imports(
        "use crate::{Settings as S, piece::Move};\nlet n = crate::count(p);",
        &module("sat"),
        &alias,
    );
    assert_eq!(
        b,
        [module("engine"), module("model::piece"), module("engine")]
    );
    let code = code(
        "use crate::engine::X;\n// use crate::query::Y;\n#[cfg(test)]\nmod tests {\n use crate::query::Z;\n}",
    );
    assert_eq!(imports(&code, &module("model"), &alias), [module("engine")]);
    let mut edges = BTreeMap::new();
    let to = |m: &str| BTreeSet::from([m.to_string()]);
    edges.insert("model".to_string(), to("engine"));
    edges.insert("engine".to_string(), to("model"));
    assert_eq!(mutual(&edges), [("engine".into(), "model".into())]);
    edges.insert("engine".to_string(), to("query"));
    edges.insert("query".to_string(), to("model"));
    assert_eq!(mutual(&edges), []);
    assert_eq!(
        cycle(&edges),
        Some(vec!["engine".into(), "query".into(), "model".into()])
    );
    edges.insert("query".to_string(), to("sat"));
    assert_eq!(cycle(&edges), None);
}

/// The imports between the files below `dir` of the crate whose root directory is
/// `root` (no re-exports followed: these crates' roots declare modules only), each file
/// its own module; a module's imports of its parent or its children are left out.
fn file_graph(root: &Path, dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let inside = module_under(&dir.join("mod.rs"), root).join("::");
    for file in files {
        let module = module_under(&file, root);
        if module == ["lib"] || module == ["main"] {
            continue;
        }
        let from = module.join("::");
        edges.entry(from.clone()).or_default();
        let text = fs::read_to_string(&file).unwrap();
        for target in imports(&code(&text), &module, &BTreeMap::new()) {
            let to = target.join("::");
            let nested = |a: &str, b: &str| a == b || a.starts_with(&format!("{b}::"));
            let within = inside.is_empty() || nested(&to, &inside);
            if to.is_empty() || !within || nested(&from, &to) || nested(&to, &from) {
                continue;
            }
            edges.entry(from.clone()).or_default().insert(to);
        }
    }
    edges
}

#[test]
fn no_import_circle_in_the_command_line() {
    // Issue 38: the argument structs in one module that imports no job, the jobs below
    // the runner, so no file of src/cli imports one that imports it back.
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let edges = file_graph(root, &root.join("cli"));
    assert!(
        edges.len() >= 10 && edges.values().any(|t| t.contains("cli::args")),
        "the reader found too few modules: {edges:#?}"
    );
    assert_eq!(cycle(&edges), None, "{edges:#?}");
    // The arguments import no other module of the command line.
    for (from, tos) in &edges {
        if from.starts_with("cli::args") {
            assert!(
                tos.iter().all(|t| t.starts_with("cli::args")),
                "{from} imports {tos:?}"
            );
        }
    }
}

#[test]
fn no_import_circle_in_the_python_bindings() {
    // Issue 38: python/src was one circle of 8 files. The arguments (`args`) are
    // declared and read in one place that imports only the exceptions; the problem
    // keywords in one module above the values handed back; the verbs on top.
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/python/src"));
    let edges = file_graph(root, root);
    assert!(
        edges.len() >= 10
            && edges.values().any(|t| t.contains("args::forms"))
            && edges.values().any(|t| t.contains("keywords")),
        "the reader found too few modules: {edges:#?}"
    );
    assert_eq!(cycle(&edges), None, "{edges:#?}");
    // The arguments import no other module of the bindings but the exceptions.
    for (from, tos) in &edges {
        if from.starts_with("args") {
            assert!(
                tos.iter().all(|t| t.starts_with("args") || t == "errors"),
                "{from} imports {tos:?}"
            );
        }
    }
    // Only `keywords` builds the library's request from the problem keywords.
    for file in ["problem.rs", "ranged.rs", "verbs.rs", "puzzle.rs"] {
        let text = fs::read_to_string(root.join(file)).unwrap();
        assert!(
            !code(&text).contains("ProblemRequest {"),
            "{file} assembles a request of its own"
        );
    }
}

#[test]
fn the_file_reader_sees_a_circle_through_super() {
    // The reader of src/cli itself: two made-up files that import each other through
    // `super::` and a brace group.
    let dir = std::env::temp_dir().join(format!("queens-layers-{}", std::process::id()));
    let cli = dir.join("cli");
    fs::create_dir_all(cli.join("args")).unwrap();
    fs::write(cli.join("mod.rs"), "pub mod args;\npub mod run;\n").unwrap();
    fs::write(
        cli.join("args/mod.rs"),
        "use super::{run::Outcome, args::x};\n",
    )
    .unwrap();
    fs::write(cli.join("run.rs"), "use super::args::Cli;\n").unwrap();
    let edges = file_graph(&dir, &cli);
    let found = cycle(&edges);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, Some(vec!["cli::args".into(), "cli::run".into()]));
}
