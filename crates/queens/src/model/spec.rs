//! Piece specs: how many pieces of each kind ([`PieceCount`]), written `2N,2B,R,Q`.

use std::collections::BTreeMap;

use super::piece::{Catalog, PieceKind};
use crate::error::Error;

/// A number of pieces of one kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceCount {
    /// The kind.
    pub kind: PieceKind,
    /// How many pieces of it.
    pub count: u32,
}

/// The comma-separated items of a spec, each as typed (spaces included, for messages)
/// and trimmed; an empty spec is refused, naming `examples` of what to write.
pub(crate) fn spec_items<'t>(
    text: &'t str,
    examples: &str,
) -> Result<impl Iterator<Item = (&'t str, &'t str)>, Error> {
    if text.trim().is_empty() {
        return Err(Error::BadSpec {
            item: text.to_string(),
            reason: format!("the spec is empty; write items such as {examples}"),
        });
    }
    Ok(text.split(',').map(|raw| (raw, raw.trim())))
}

/// The error of the spec item `raw` (as typed): `reason`.
pub(crate) fn bad_item(raw: &str, reason: &str) -> Error {
    Error::BadSpec {
        item: raw.to_string(),
        reason: reason.to_string(),
    }
}

/// Parses a piece spec: comma-separated `[COUNT]LETTER` items such as `8Q`,
/// `N,B,R,Q,A` or `2N,2B,R,Q`. Repeated letters add up. The result is in canonical
/// kind order.
///
/// ```
/// use queens::{parse_spec, Catalog};
/// let spec = parse_spec("2N,2B,R,Q", &Catalog::standard()).unwrap();
/// let text: Vec<String> = spec.iter().map(|p| format!("{}{}", p.count, p.kind)).collect();
/// assert_eq!(text, ["2N", "2B", "1R", "1Q"]);
/// assert!(parse_spec("3X", &Catalog::standard()).is_err());
/// ```
pub fn parse_spec(text: &str, catalog: &Catalog) -> Result<Vec<PieceCount>, Error> {
    let mut counts: BTreeMap<(usize, char), PieceCount> = BTreeMap::new();
    for (raw, item) in spec_items(text, "8Q or 2N,B")? {
        let bad = |reason: &str| bad_item(raw, reason);
        if item.starts_with('-') && item[1..].starts_with(|c: char| c.is_ascii_digit()) {
            return Err(bad("a count cannot be negative"));
        }
        let digits = item.bytes().take_while(u8::is_ascii_digit).count();
        let (num, rest) = item.split_at(digits);
        let mut chars = rest.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) => c,
            (None, _) if item.is_empty() => {
                return Err(Error::BadSpec {
                    item: text.to_string(),
                    reason: "it has an empty item; separate items with single commas".into(),
                });
            }
            (None, _) => return Err(bad("expected a count and a piece letter, such as 8Q")),
            (Some(_), Some(_)) => {
                return Err(bad("expected one piece letter after the count, such as 8Q"));
            }
        };
        if !letter.is_ascii_uppercase() {
            return Err(bad("piece letters are capitals such as K N B R Q A"));
        }
        let count: u32 = if num.is_empty() {
            1
        } else {
            num.parse().map_err(|_| bad("the count is too large"))?
        };
        let kind = catalog.get(letter)?;
        let entry = counts
            .entry(kind.canonical_rank())
            .or_insert(PieceCount { kind, count: 0 });
        entry.count = entry
            .count
            .checked_add(count)
            .ok_or_else(|| bad("the count is too large"))?;
    }
    Ok(counts.into_values().collect())
}

/// Writes a spec back in the `2N,2B,R,Q` form.
///
/// ```
/// use queens::{parse_spec, format_spec, Catalog};
/// let spec = parse_spec("Q,2N,Q", &Catalog::standard()).unwrap();
/// assert_eq!(format_spec(&spec), "2N,2Q");
/// ```
pub fn format_spec(spec: &[PieceCount]) -> String {
    spec.iter()
        .map(|p| {
            if p.count == 1 {
                p.kind.to_string()
            } else {
                format!("{}{}", p.count, p.kind)
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}
