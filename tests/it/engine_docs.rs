//! The engine lists in the docs name exactly the library's engines (issue 38): a new
//! engine missing from a list, or a list naming one that is gone, fails here.
//!
//! The lists: ARCHITECTURE.md's order of `auto` (in that order), the README's "Limits"
//! (every engine once), and the `--engine` help of the command line (generated from
//! the list, held to it here all the same).

use std::collections::BTreeSet;

use crate::common;

/// Every engine, in `auto`'s order; `sat` too when this build left it out, since the
/// docs describe the full product.
fn engines() -> Vec<String> {
    let mut names: Vec<String> = queens::engine::engine_names()[1..]
        .iter()
        .map(|s| s.to_string())
        .collect();
    if !names.iter().any(|n| n == "sat") {
        let at = names.iter().position(|n| n == "exact").unwrap();
        names.insert(at, "sat".into());
    }
    names
}

fn read(file: &str) -> String {
    std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The names in backquotes in `text`, in order.
fn quoted(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(|s| s.to_string())
        .collect()
}

#[test]
fn architecture_lists_autos_order() {
    let text = read("ARCHITECTURE.md");
    let start = text
        .find("**`auto`** walks `ENGINES` in order:")
        .expect("ARCHITECTURE.md says in which order auto walks the engines");
    let list = &text[start..];
    let list = &list[list.find("order:").unwrap()..list.find(", and takes").unwrap()];
    assert_eq!(quoted(list), engines());
}

#[test]
fn readme_limits_name_every_engine() {
    let text = read("README.md");
    let start = text
        .find("\n## Limits\n")
        .expect("the README has its Limits");
    let section = &text[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |e| e + 3)];
    // Each limit is a bullet starting with engine names in backquotes, one name
    // (`- \`exact\` (...)`) or a list (`- Counting methods (\`rooks\`, ...)`); other
    // quoted words there (`R x C`) are not names.
    let mut named = Vec::new();
    for line in section.lines().filter(|l| l.starts_with("- ")) {
        let head = line.split(':').next().unwrap();
        named.extend(
            quoted(head)
                .into_iter()
                .filter(|q| q.chars().all(|c| c.is_ascii_lowercase())),
        );
    }
    let all: BTreeSet<String> = engines().into_iter().collect();
    let listed: BTreeSet<String> = named.iter().cloned().collect();
    assert_eq!(
        named.len(),
        listed.len(),
        "an engine listed twice: {named:?}"
    );
    // `cover` is a query with its own limit, not an engine.
    let listed: BTreeSet<String> = listed.into_iter().filter(|n| n != "cover").collect();
    assert_eq!(listed, all, "README's Limits against the engines");
}

#[test]
fn engine_help_lists_every_engine() {
    let o = common::queens(&["count", "--help"]);
    let help = common::stdout(&o).replace('\n', " ");
    let help: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    let names = queens::engine::engine_names()[1..].join(", ");
    assert!(
        help.contains(&format!("or one of: {names}")),
        "count --help does not list {names}: {help}"
    );
}

#[test]
fn python_readme_lists_every_engine_in_autos_order() {
    // The Python README's engine table is a doctest that prints the library's own
    // summaries (python/tests/test_docs.py runs it); here its names are held to the list,
    // so a build without Python still catches an engine added or dropped.
    let text = read("python/README.md");
    let start = text
        .find("\n## Engines\n")
        .expect("python/README.md has its Engines section");
    let section = &text[start..];
    let table = &section[section
        .find("print(f\"{e.name:<10} {e.summary}\")\n")
        .unwrap()..];
    let table = &table[table.find('\n').unwrap() + 1..table.find("\n```").unwrap()];
    let names: Vec<String> = table
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    assert_eq!(names, engines());
}
