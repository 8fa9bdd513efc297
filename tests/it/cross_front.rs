//! The page's bindings run the cross-front table (issue 38): `testdata/cross_front.json`,
//! which python/tests/test_cross_front.py runs through the command line and Python, here
//! through the command line and the page's jobs (`queens_web::call`, natively: the same
//! code the page runs as WebAssembly). Every row the page has a job and fields for: the
//! same answer for the same request; for a bad one, the same sentence up to the field's
//! spelling (the table's `spelling_page`).

use serde_json::{Map, Value, json};

use crate::common::{queens, stderr, stdout};

fn table() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/testdata/cross_front.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The rows of `key`: the command line's words and the keywords (Python's, the page's).
fn rows(t: &Value, key: &str) -> Vec<(Vec<String>, Map<String, Value>)> {
    t[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let words = row[0].as_array().unwrap();
            let words = words
                .iter()
                .map(|w| w.as_str().unwrap().to_string())
                .collect();
            (words, row[1].as_object().unwrap().clone())
        })
        .collect()
}

/// The page's answer to `new-puzzle` for the command line's words and the keywords.
fn page(words: &[String], keywords: &Map<String, Value>) -> Value {
    let mut request = keywords.clone();
    let size: i64 = words[0].parse().unwrap();
    request.insert("size".into(), json!(size));
    let answer = queens_web::call("new-puzzle", &Value::Object(request).to_string());
    serde_json::from_str(&answer).unwrap()
}

/// The command line's sentence with its fields spelled as the page spells them.
fn spelled(t: &Value, sentence: &str) -> String {
    let mut s = sentence.to_string();
    for pair in t["spelling_page"].as_array().unwrap() {
        s = s.replace(pair[0].as_str().unwrap(), pair[1].as_str().unwrap());
    }
    s
}

#[test]
fn the_page_generates_the_command_line_s_puzzle_for_every_request_of_the_table() {
    let t = table();
    let generate = rows(&t, "generate");
    assert!(generate.len() >= 10, "the table lost its rows");
    for (words, keywords) in generate {
        let mut args = vec!["puzzle".to_string(), "gen".to_string()];
        args.extend(words.iter().cloned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = queens(&args);
        assert_eq!(o.status.code(), Some(0), "queens {}", args.join(" "));
        let a = page(&words, &keywords);
        assert_eq!(a["found"], true, "{a}");
        assert_eq!(
            a["text"].as_str().unwrap(),
            stdout(&o),
            "queens {}",
            args.join(" ")
        );
        if let Some(grade) = keywords.get("difficulty").and_then(Value::as_str)
            && grade != "any"
        {
            assert_eq!(a["grade"], grade, "{a}");
        }
    }
}

#[test]
fn the_page_refuses_the_table_s_bad_generation_requests_with_the_command_line_s_sentence() {
    let t = table();
    for (words, keywords) in rows(&t, "generate_bad") {
        let mut args = vec!["puzzle".to_string(), "gen".to_string()];
        args.extend(words.iter().cloned());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = queens(&args);
        assert!(matches!(o.status.code(), Some(1 | 2)) && stdout(&o).is_empty());
        let err = stderr(&o);
        let cli: Vec<&str> = err
            .lines()
            .filter_map(|l| l.strip_prefix("queens: "))
            .collect();
        assert_eq!(cli.len(), 1, "{err}");
        let a = page(&words, &keywords);
        // A request the library refuses is an error; a puzzle that cannot exist is
        // "none found" with the reason, as the command line's exit 1.
        let said = a["error"].as_str().or(a["text"].as_str()).unwrap();
        assert_ne!(a["found"], true, "{a}");
        assert_eq!(said, spelled(&t, cli[0]), "queens {}", args.join(" "));
    }
}

/// Runs the command line from the repository's root (the table names files from there).
fn cli(words: &[String]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(words)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the queens binary runs")
}

/// A file of the repository, as text.
fn file(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The command line's one-sentence error (stderr's `queens: ` line).
fn cli_error(o: &std::process::Output) -> String {
    let err = stderr(o);
    let lines: Vec<&str> = err
        .lines()
        .filter_map(|l| l.strip_prefix("queens: "))
        .collect();
    assert_eq!(lines.len(), 1, "{err}");
    lines[0].to_string()
}

/// The page's job and request for a row, or `None` when the page has no job or no
/// field for it (regions on the free board, pieces placed freely beside `max` and
/// `cover`'s kind, covering variants, a spec that `verify` checks, a listing up to
/// symmetry, a fairy piece other than its one `F`, counting a puzzle's solutions).
fn page_request(words: &[String], keywords: &Map<String, Value>) -> Option<(String, Value)> {
    let job = match (words[0].as_str(), words.get(1).map(String::as_str)) {
        ("puzzle", Some("hint")) => "puzzle-hint",
        ("puzzle", Some("solve")) => "puzzle-solve",
        ("puzzle", Some("check")) => "puzzle-check",
        ("puzzle", _) => return None,
        ("count", _) if keywords.get("unique") == Some(&json!(true)) => "count-unique",
        ("count", _) => "count",
        ("solve", _) => "solve",
        ("all", _) => "nth",
        ("max", _) => "max",
        ("cover", _) => "cover",
        ("verify", _) => "analyse",
        _ => return None,
    };
    let mut r = Map::new();
    if job.starts_with("puzzle") {
        r.insert("text".into(), json!(file(keywords["puzzle"].as_str()?)));
        for key in ["stars", "placed", "crossed"] {
            if let Some(v) = keywords.get(key) {
                r.insert(key.into(), v.clone());
            }
        }
        return Some((job.into(), Value::Object(r)));
    }
    for (key, v) in keywords {
        match key.as_str() {
            "board" => {
                let (rows, cols) = match v {
                    Value::Number(n) => (n.as_u64()?, n.as_u64()?),
                    Value::String(t) => {
                        let (a, b) = t.split_once('x')?;
                        (a.parse().ok()?, b.parse().ok()?)
                    }
                    Value::Array(a) => (a[0].as_u64()?, a[1].as_u64()?),
                    _ => return None,
                };
                r.insert("rows".into(), json!(rows));
                r.insert("cols".into(), json!(cols));
            }
            "pieces" if matches!(job, "max" | "cover" | "analyse") => return None,
            "pieces" => {
                r.insert("spec".into(), v.clone());
            }
            "fixed" | "placement" => {
                r.insert("pieces".into(), v.clone());
            }
            "define" => {
                let defs = v.as_object()?;
                if defs.len() != 1 {
                    return None;
                }
                r.insert("fairy".into(), defs.get("F")?.clone());
            }
            "holes" | "blockers" | "torus" | "kind" => {
                r.insert(key.clone(), v.clone());
            }
            "unique" if job == "count-unique" => {}
            "limit" if job == "nth" => {}
            _ => return None,
        }
    }
    Some((job.into(), Value::Object(r)))
}

/// The page's answer to `job`.
fn call(job: &str, request: &Value) -> Value {
    serde_json::from_str(&queens_web::call(job, &request.to_string())).unwrap()
}

/// The page's listing: `nth` from 0 until it finds none, or `limit` solutions.
fn listing(request: &Value, limit: Option<u64>) -> Vec<String> {
    let mut out = Vec::new();
    for index in 0..limit.unwrap_or(10_000) {
        let a = call("nth", &json!({ "board": request, "index": index }));
        assert!(a.get("error").is_none(), "{a}");
        if a["found"] != true {
            assert_eq!(a["total"], index, "{a}");
            break;
        }
        out.push(a["coords"].as_str().unwrap().to_string());
    }
    out
}

#[test]
fn the_page_gives_the_command_line_s_answer_for_every_request_of_the_table() {
    let t = table();
    let requests = rows(&t, "requests");
    let mut ran = std::collections::BTreeSet::new();
    for (words, keywords) in &requests {
        let Some((job, request)) = page_request(words, keywords) else {
            continue;
        };
        let o = cli(words);
        let (code, out) = (o.status.code(), stdout(&o));
        let said = format!("queens {} / {job} {request}", words.join(" "));
        let a = if job == "nth" {
            Value::Null
        } else {
            call(&job, &request)
        };
        assert!(a.get("error").is_none(), "{said}: {a}");
        match job.as_str() {
            "count" | "count-unique" => {
                assert!(matches!(code, Some(0 | 1)), "{said}");
                assert_eq!(a["text"], out.trim(), "{said}");
            }
            "solve" => match code {
                Some(0) => assert_eq!(a["coords"], out.trim(), "{said}: {a}"),
                _ => assert_eq!(
                    (code, a["found"].clone()),
                    (Some(1), json!(false)),
                    "{said}"
                ),
            },
            "nth" => {
                let limit = keywords.get("limit").and_then(Value::as_u64);
                assert!(matches!(code, Some(0 | 1)), "{said}");
                assert_eq!(
                    listing(&request, limit),
                    out.lines().collect::<Vec<_>>(),
                    "{said}"
                );
            }
            "max" => match code {
                Some(0) => assert_eq!(a["text"], out.trim(), "{said}"),
                _ => assert_eq!(
                    (code, a["max"].clone()),
                    (Some(1), Value::Null),
                    "{said}: {a}"
                ),
            },
            "cover" => match code {
                Some(0) => assert_eq!(a["text"], out.trim(), "{said}"),
                _ => {
                    assert_eq!(
                        (code, a["min"].clone()),
                        (Some(1), Value::Null),
                        "{said}: {a}"
                    );
                    assert_eq!(a["text"], spelled(&t, &cli_error(&o)), "{said}");
                }
            },
            "analyse" => {
                assert_eq!(format!("{}\n", a["text"].as_str().unwrap()), out, "{said}");
                assert_eq!(a["valid"], code == Some(0), "{said}");
            }
            "puzzle-hint" => {
                assert_eq!(format!("{}\n", a["text"].as_str().unwrap()), out, "{said}");
                let mut json_words = words.clone();
                json_words.extend(["--format".to_string(), "json".to_string()]);
                let want: Value = serde_json::from_str(&stdout(&cli(&json_words))).unwrap();
                if want.get("rule").is_some() {
                    assert_eq!(code, Some(0), "{said}");
                    for key in ["rule", "level", "place", "cross", "why"] {
                        assert_eq!(a[key], want[key], "{said}: {key}");
                    }
                } else {
                    let (kind, _) = want.as_object().unwrap().iter().next().unwrap();
                    assert_eq!(a["kind"], kind.as_str(), "{said}");
                    assert_eq!(code, Some(if kind == "solved" { 0 } else { 1 }), "{said}");
                }
            }
            "puzzle-solve" => match code {
                Some(0) => {
                    let want: Value = serde_json::from_str(&out).unwrap();
                    assert_eq!(a["stars"], want["solution"], "{said}");
                    assert_eq!(a["unique"], want["unique"], "{said}");
                }
                _ => assert_eq!(
                    (code, a["found"].clone()),
                    (Some(1), json!(false)),
                    "{said}"
                ),
            },
            "puzzle-check" => {
                assert_eq!(format!("{}\n", a["text"].as_str().unwrap()), out, "{said}");
            }
            _ => unreachable!("{job}"),
        }
        ran.insert(job);
    }
    // Every job the page shares with the other fronts ran.
    let want = [
        "analyse",
        "count",
        "count-unique",
        "cover",
        "max",
        "nth",
        "puzzle-check",
        "puzzle-hint",
        "puzzle-solve",
        "solve",
    ];
    assert_eq!(ran.into_iter().collect::<Vec<_>>(), want);
}

#[test]
fn the_page_refuses_the_table_s_bad_requests_with_the_command_line_s_sentence() {
    let t = table();
    let bad = rows(&t, "bad");
    let mut ran = 0;
    for (words, keywords) in &bad {
        let Some((job, request)) = page_request(words, keywords) else {
            continue;
        };
        let o = cli(words);
        assert_eq!(o.status.code(), Some(2), "queens {}", words.join(" "));
        assert!(stdout(&o).is_empty());
        let request = if job == "nth" {
            json!({ "board": request, "index": 0 })
        } else {
            request
        };
        let a = call(&job, &request);
        let said = a["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{job} {request}: {a}"));
        // A Betza error goes on with the text and a caret on lines of their own.
        assert_eq!(
            said.lines().next().unwrap(),
            spelled(&t, &cli_error(&o)),
            "queens {} / {job} {request}",
            words.join(" ")
        );
        ran += 1;
    }
    assert!(ran >= 25, "only {ran} bad rows ran on the page");
}
