//! The registry: every ukernel the library provides, and lookup by
//! (family, types, target arch).

use std::sync::OnceLock;

use crate::{AbiParam, ElementType, IndexType, argmax};

/// Bitcode of every (symbol, sm, bytes) built by build.rs.
static BITCODE: &[(&str, u32, &[u8])] = include!(concat!(env!("OUT_DIR"), "/bitcode.rs"));

/// One ukernel: a symbol in NVPTX bitcode with a documented C ABI.
#[derive(Debug)]
pub struct UKernel {
    /// The family it implements, e.g. `argmax`.
    pub family: &'static str,
    /// Its symbol, which encodes the types: `uk_argmax_f32i64`.
    pub symbol: String,
    pub element: ElementType,
    pub index: IndexType,
    /// Static shared memory it uses.
    pub shared_memory_bytes: u32,
    /// Its C ABI, in parameter order.
    pub abi: &'static [AbiParam],
    /// Threads per workgroup it is configured with (x; y = z = 1).
    pub workgroup_size: u32,
    /// Bitcode per compute capability (`major * 10 + minor`), ascending.
    pub bitcode: Vec<(u32, &'static [u8])>,
}

impl UKernel {
    /// Arches this ukernel has bitcode for, ascending.
    pub fn arches(&self) -> Vec<u32> {
        self.bitcode.iter().map(|(sm, _)| *sm).collect()
    }

    /// The bitcode of the greatest arch not above `sm`: code for an older
    /// arch runs on every newer one.
    pub fn bitcode_for(&self, sm: u32) -> Option<(u32, &'static [u8])> {
        self.bitcode.iter().rev().find(|(have, _)| *have <= sm).copied()
    }

    /// The executable-object path of its bitcode for `sm`, e.g.
    /// `uk_argmax_f32i64.sm_80.bc`.
    pub fn object_path(&self, sm: u32) -> String {
        format!("{}.sm_{sm}.bc", self.symbol)
    }
}

/// A ukernel chosen for a target, with the bitcode to link.
#[derive(Debug, Clone, Copy)]
pub struct Selection<'r> {
    pub ukernel: &'r UKernel,
    /// The arch of the chosen bitcode (<= the target's).
    pub bitcode_sm: u32,
    pub bitcode: &'static [u8],
}

impl Selection<'_> {
    pub fn object_path(&self) -> String {
        self.ukernel.object_path(self.bitcode_sm)
    }
}

/// Why a lookup found nothing.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    #[error("no ukernel family named '{0}'")]
    UnknownFamily(String),
    #[error("the {family} family has no ukernel for element type {element} with index type {index}")]
    NoVariant { family: String, element: ElementType, index: IndexType },
    #[error("{symbol} has bitcode for {}, none at or below the target sm_{target}", fmt_arches(.available))]
    NoBitcodeForArch { symbol: String, target: u32, available: Vec<u32> },
}

fn fmt_arches(arches: &[u32]) -> String {
    arches.iter().map(|a| format!("sm_{a}")).collect::<Vec<_>>().join(", ")
}

/// Every ukernel of the library.
#[derive(Debug)]
pub struct Registry {
    ukernels: Vec<UKernel>,
}

/// Bitcode of a test-harness module built beside the ukernels (e.g.
/// `harness_argmax`, whose kernels launch each argmax ukernel directly).
pub fn harness_bitcode(name: &str, sm: u32) -> Option<&'static [u8]> {
    BITCODE.iter().find(|(s, have, _)| *s == name && *have == sm).map(|(_, _, b)| *b)
}

/// The registry of this library, built once.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(Registry::build)
}

impl Registry {
    fn build() -> Self {
        let mut ukernels = Vec::new();
        // One entry per family: its variants over the types it supports.
        for element in ElementType::ALL {
            for index in IndexType::ALL {
                ukernels.push(UKernel {
                    family: argmax::FAMILY,
                    symbol: format!("uk_argmax_{element}{index}"),
                    element,
                    index,
                    shared_memory_bytes: argmax::SHARED_MEMORY_BYTES,
                    abi: argmax::ABI,
                    workgroup_size: argmax::WORKGROUP_SIZE,
                    bitcode: Vec::new(),
                });
            }
        }
        for uk in &mut ukernels {
            uk.bitcode = BITCODE.iter().filter(|(s, _, _)| *s == uk.symbol).map(|(_, sm, b)| (*sm, *b)).collect();
            uk.bitcode.sort_by_key(|(sm, _)| *sm);
        }
        Self { ukernels }
    }

    pub fn ukernels(&self) -> &[UKernel] {
        &self.ukernels
    }

    /// Names of the families, in registry order, without repeats.
    pub fn families(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = Vec::new();
        for uk in &self.ukernels {
            if !names.contains(&uk.family) {
                names.push(uk.family);
            }
        }
        names
    }

    pub fn by_symbol(&self, symbol: &str) -> Option<&UKernel> {
        self.ukernels.iter().find(|u| u.symbol == symbol)
    }

    /// The ukernel of `family` for these types, with the bitcode of the
    /// greatest arch not above `sm`.
    pub fn lookup(
        &self,
        family: &str,
        element: ElementType,
        index: IndexType,
        sm: u32,
    ) -> Result<Selection<'_>, LookupError> {
        if !self.ukernels.iter().any(|u| u.family == family) {
            return Err(LookupError::UnknownFamily(family.to_string()));
        }
        let ukernel = self
            .ukernels
            .iter()
            .find(|u| u.family == family && u.element == element && u.index == index)
            .ok_or_else(|| LookupError::NoVariant { family: family.to_string(), element, index })?;
        let (bitcode_sm, bitcode) = ukernel.bitcode_for(sm).ok_or_else(|| LookupError::NoBitcodeForArch {
            symbol: ukernel.symbol.clone(),
            target: sm,
            available: ukernel.arches(),
        })?;
        Ok(Selection { ukernel, bitcode_sm, bitcode })
    }
}
