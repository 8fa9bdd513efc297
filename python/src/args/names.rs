//! The names arguments have in sentences (`holes`, `fixed`, `unique`, ...), as marker
//! types, so that one argument type (`Squares`, `Flag`, `Whole`) refuses `holes=5` and
//! `blockers=5` each by its own keyword; and what a whole-number argument's sentence
//! shows as an example, with its bound.

/// The name an argument has in sentences (`holes`, `fixed`, `unique`, ...).
pub trait ArgName {
    /// The keyword, as the user wrote it.
    const NAME: &'static str;
}

macro_rules! arg_names {
    ($($(#[$doc:meta])* $ty:ident = $name:literal;)*) => {$(
        $(#[$doc])*
        pub struct $ty;
        impl ArgName for $ty {
            const NAME: &'static str = $name;
        }
    )*};
}

arg_names! {
    /// `fixed=`: pieces fixed in advance.
    FixedName = "fixed";
    /// `verify`'s placement.
    PlacementName = "placement";
    /// `holes=`.
    HolesName = "holes";
    /// `blockers=`.
    BlockersName = "blockers";
    /// `Puzzle.hint(placed=)`.
    PlacedName = "placed";
    /// `Puzzle.hint(crossed=)`.
    CrossedName = "crossed";
    /// `torus=`.
    TorusName = "torus";
    /// `unique=`.
    UniqueName = "unique";
    /// `random=`.
    RandomName = "random";
    /// `partial=`.
    PartialName = "partial";
    /// `independent=` (cover).
    IndependentName = "independent";
    /// `total=` (cover).
    TotalName = "total";
    /// `seed=`.
    SeedName = "seed";
    /// `limit=`.
    LimitName = "limit";
    /// `part=` (count_part).
    PartName = "part";
    /// `parts=` (count_part).
    PartsName = "parts";
}

/// What a whole-number argument's sentence shows as an example, and its bound.
pub trait WholeArg: ArgName {
    /// An example value.
    const EXAMPLE: &'static str;
    /// The values must be below this.
    const BELOW: u128;
}

macro_rules! whole_args {
    ($($ty:ident = $example:literal, below $below:expr;)*) => {$(
        impl WholeArg for $ty {
            const EXAMPLE: &'static str = $example;
            const BELOW: u128 = $below;
        }
    )*};
}

whole_args! {
    SeedName = "7", below 1 << 64;
    LimitName = "10", below 1 << 64;
    PartName = "1", below 1 << 32;
    PartsName = "8", below 1 << 32;
}
