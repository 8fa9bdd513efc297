//! The README's examples really run: every `$ queens ...` line in a ```console block
//! is run with the real binary and its output compared with the lines below it.

use crate::common;

/// Splits a command line the way a POSIX shell would for the simple quoting used in the
/// README (single quotes only).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_quote = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '\'' => {
                in_quote = !in_quote;
                any = true;
            }
            ' ' if !in_quote => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

#[test]
fn readme_examples_print_what_they_show() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut in_console = false;
    let mut current: Option<(String, String)> = None;
    let mut examples = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            if let Some(ex) = current.take() {
                examples.push(ex);
            }
            in_console = line.trim() == "```console";
            continue;
        }
        if !in_console {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            if let Some(ex) = current.take() {
                examples.push(ex);
            }
            current = Some((cmd.to_string(), String::new()));
        } else if let Some((_, out)) = current.as_mut() {
            out.push_str(line);
            out.push('\n');
        }
    }
    assert!(examples.len() >= 8, "the README has examples");
    for (cmd, want) in examples {
        let words = shell_words(&cmd);
        assert_eq!(words[0], "queens", "README example '{cmd}' runs queens");
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let o = common::queens(&args);
        assert_eq!(common::stdout(&o), want, "README example: {cmd}");
    }
}
