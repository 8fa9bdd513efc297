//! Numbers and articles in sentences: "1 square", "2 squares", "an expert puzzle".
//! Every message that counts something says it through [`plural`], so that a count of
//! one is never "1 squares", and one that names a grade after "a" through [`a`].
//! It imports nothing, so every layer may use it (errors and the model included).

/// `n` and `noun`, the noun with an `s` unless `n` is one: every noun our messages
/// count (square, line, file, rank, piece, region, step...) takes a plain `s`.
///
/// ```
/// use queens::words::plural;
/// assert_eq!(plural(1, "square"), "1 square");
/// assert_eq!(plural(0usize, "line"), "0 lines");
/// assert_eq!(plural(12u64, "region"), "12 regions");
/// ```
pub fn plural(n: impl std::fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    let s = if n == "1" { "" } else { "s" };
    format!("{n} {noun}{s}")
}

/// `word` after its indefinite article: "an" before a vowel, else "a" (every word our
/// messages put it before, the grade names included, is said as it is spelt).
///
/// ```
/// use queens::words::a;
/// assert_eq!(a("expert"), "an expert");
/// assert_eq!(a("easy"), "an easy");
/// assert_eq!(a("medium"), "a medium");
/// ```
pub fn a(word: &str) -> String {
    let article = if word.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {word}")
}
