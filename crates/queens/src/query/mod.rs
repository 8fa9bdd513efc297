//! Questions asked over many engine calls: counting up to symmetry ([`symmetry`]),
//! the most pieces of a kind ([`maximum`]), the fewest that cover the board ([`cover`]),
//! and ranged specs ([`range`]).

pub mod cover;
pub mod maximum;
pub mod range;
pub mod regions;
pub mod symmetry;
