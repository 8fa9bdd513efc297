//! The exact engine against the independent brute-force oracle on random small problems,
//! fixed pieces included; and every solution the engine returns passes `verify`.

use crate::common;

use common::exact_engine_agrees_with_the_oracle;
use common::oracle;
use common::strategy::small_problem;
use proptest::prelude::*;
use queens::Catalog;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn exact_engine_matches_oracle(s in small_problem()) {
        exact_engine_agrees_with_the_oracle(&s, &Catalog::standard(), &oracle::chess_attacks, "")?;
    }
}
