//! Questions asked over many engine calls: counting up to symmetry ([`symmetry`]),
//! the most pieces of a kind ([`maximum`]), and ranged specs ([`range`]).

pub mod maximum;
pub mod range;
pub mod regions;
pub mod symmetry;
