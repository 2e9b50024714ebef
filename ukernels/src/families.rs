//! The one list of the library's families. `build.rs` keeps the same list
//! (it includes each family's `catalog.rs`); adding a family adds a line in
//! both.

use crate::variant::{HarnessDef, VariantDef};

/// Every variant of every family, in family order.
pub fn variants() -> Vec<VariantDef> {
    [crate::argmax::catalog::variants(), crate::matmul::catalog::variants()].concat()
}

/// Every family's GPU test harnesses.
pub fn harnesses() -> Vec<HarnessDef> {
    [crate::argmax::catalog::harnesses(), crate::matmul::catalog::harnesses()].concat()
}
