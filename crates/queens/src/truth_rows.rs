//! Test support: the published counts of the truth tables in `testdata/` (copied from
//! `shared/truth`, with their sources), for the unit tests that check an engine's
//! internals against them.

/// The plain-queens rows of the truth table `file`: (side, published count) of every
/// `n` queens on `n × n` row, e.g. A000170 from `known_counts.tsv`.
pub(crate) fn plain_square_rows(file: &str) -> Vec<(u32, u128)> {
    let path = format!("{}/../../testdata/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("the truth tables are in testdata/");
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            let (rows, side): (u32, u32) = (cols[0].parse().ok()?, cols[1].parse().ok()?);
            (rows == side && cols[2] == format!("Q{side}"))
                .then(|| (side, cols[3].parse().unwrap()))
        })
        .collect()
}

/// The published number of `n` queens on `n × n` (OEIS A000170, `known_counts.tsv`).
pub(crate) fn queens(n: u32) -> u128 {
    plain_square_rows("known_counts.tsv")
        .into_iter()
        .find(|&(side, _)| side == n)
        .map(|(_, count)| count)
        .expect("the truth table has the side")
}
