//! The README's examples really run: every `$ queens ...` line in a ```console block
//! is run with the real binary and its output compared with the lines below it.

use crate::common;

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
        let words = common::shell_words(&cmd).unwrap_or_else(|e| panic!("README example: {e}"));
        assert_eq!(words[0], "queens", "README example '{cmd}' runs queens");
        let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
        let o = common::queens(&args);
        assert_eq!(common::stdout(&o), want, "README example: {cmd}");
    }
}
