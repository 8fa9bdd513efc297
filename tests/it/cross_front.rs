//! The page's bindings run the cross-front table (issue 38): the generation requests of
//! `testdata/cross_front.json`, which python/tests/test_cross_front.py runs through the
//! command line and Python, here through the command line and the page's `new-puzzle`
//! job (natively, the same code the page runs as WebAssembly). The same puzzle for the
//! same request; for a bad one, the same sentence up to the field's spelling.

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

/// The command line's sentence with its fields spelled as the other fronts spell them.
fn spelled(t: &Value, sentence: &str) -> String {
    let mut s = sentence.to_string();
    for pair in t["spelling"].as_array().unwrap() {
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
fn the_page_refuses_the_table_s_bad_requests_with_the_command_line_s_sentence() {
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
