//! Matchers: for each ukernel family of the registry, the function that
//! decides whether an op is that family's computation, and if not, says why.
//! Adding a family is its source and registry entry in `ukernels/` plus one
//! matcher here, listed in [`MATCHERS`].

pub mod argmax;

use melior::ir::OperationRef;
use ukernels::{ElementType, IndexType};

/// What a matcher found: the family and the facts the configuration needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyMatch {
    pub family: &'static str,
    pub element: ElementType,
    pub index: IndexType,
    /// Loops of the op (parallel ones first, the reduction last).
    pub loops: usize,
    /// Product of the parallel dims; None when one is dynamic.
    pub rows: Option<u64>,
    /// The reduced dim; None when dynamic.
    pub length: Option<u64>,
    pub on_memrefs: bool,
    /// How the op as written treats NaN, for checking results: `first-nan`
    /// (the NaN-aware form, as torch) or `ogt` (the plain form: NaN value, the
    /// index of the maximum before the first NaN).
    pub semantics: &'static str,
}

/// A matcher: `Ok` with what it found, or `Err` with why the op is not
/// this family's (a sentence fragment for a remark).
pub type Matcher = fn(&OperationRef) -> Result<FamilyMatch, String>;

/// Every family's matcher, by family name (as in the registry).
pub const MATCHERS: &[(&str, Matcher)] = &[(ukernels::argmax::FAMILY, argmax::match_argmax)];
