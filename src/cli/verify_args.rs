//! The arguments of `verify` as typed: `[BOARD] PLACEMENT...` split into the board and
//! the placement.

use queens::Board;

/// Splits `verify`'s ARGS into the board (when given) and the placement text.
///
/// When the first argument is a board (`8`, `5x7`) and more follow, it is the board
/// and the rest, joined with spaces, is the placement: `verify 8 Qa1 Qc2` works like
/// `verify 8 'Qa1 Qc2'`. Otherwise every argument is part of the placement. A first
/// argument that starts like a board (a digit or a sign: no placement does) but is not
/// one is a bad board, and a board alone lacks its placement.
pub fn split_verify_args(args: &[String]) -> Result<(Option<String>, String), String> {
    let Some((first, rest)) = args.split_first() else {
        return Err("verify takes [BOARD] PLACEMENT".into());
    };
    if args.len() == 1 && first == "-" {
        return Ok((None, first.clone()));
    }
    let boardish = first.parse::<Board>().is_ok()
        || first
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+');
    if !boardish {
        return Ok((None, args.join(" ")));
    }
    first
        .parse::<Board>()
        .map_err(|e: queens::Error| e.to_string())?;
    if rest.is_empty() {
        return Err(format!(
            "verify takes [BOARD] PLACEMENT: '{first}' is a board, and the placement is missing"
        ));
    }
    Ok((Some(first.clone()), rest.join(" ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(args: &[&str]) -> Result<(Option<String>, String), String> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        split_verify_args(&args)
    }

    fn ok(board: Option<&str>, placement: &str) -> Result<(Option<String>, String), String> {
        Ok((board.map(str::to_string), placement.to_string()))
    }

    #[test]
    fn a_board_first_then_tokens() {
        assert_eq!(split(&["8", "Qa1", "Qc2"]), ok(Some("8"), "Qa1 Qc2"));
        assert_eq!(split(&["5x7", "Qa1,Qc2"]), ok(Some("5x7"), "Qa1,Qc2"));
        assert_eq!(
            split(&["8", "Qa1, Qc2", "Nh8"]),
            ok(Some("8"), "Qa1, Qc2 Nh8")
        );
        assert_eq!(split(&["8", "[1,", "5,", "8]"]), ok(Some("8"), "[1, 5, 8]"));
    }

    #[test]
    fn no_board_means_all_placement() {
        assert_eq!(split(&["Qa1,Qc2"]), ok(None, "Qa1,Qc2"));
        assert_eq!(split(&["Qa1", "Qc2"]), ok(None, "Qa1 Qc2"));
        assert_eq!(split(&["[1,5,8,6,3,7,2,4]"]), ok(None, "[1,5,8,6,3,7,2,4]"));
        assert_eq!(split(&["[1,", "5]"]), ok(None, "[1, 5]"));
    }

    #[test]
    fn bad_or_lonely_boards_are_errors() {
        assert!(split(&[]).is_err());
        let e = split(&["8"]).unwrap_err();
        assert!(e.contains("placement is missing"), "{e}");
        let e = split(&["8y8", "Qa1"]).unwrap_err();
        assert!(e.contains("bad board '8y8'"), "{e}");
        let e = split(&["-3", "Qa1"]).unwrap_err();
        assert!(e.contains("bad board '-3'"), "{e}");
    }
}
