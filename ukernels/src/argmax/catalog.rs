//! The argmax family's variants: one per (element type, index type,
//! semantics), built for the portable arches. Included by `build.rs`.

use crate::variant::{AbiParam, AbiType as T, HarnessDef, PORTABLE_ARCHES, VariantDef};

pub const FAMILY: &str = "argmax";

/// Threads per workgroup the argmax ukernels are configured with. Any
/// multiple of 32 up to 1024 works; 256 keeps enough workgroups resident
/// per multiprocessor to hide memory latency.
pub const WORKGROUP_SIZE: u32 = 256;

/// Static shared memory of each argmax ukernel: 32 partial values (f32) and
/// indices (i64) for the cross-warp reduction, the last-workgroup flag and
/// (plain-combiner variants) the first NaN's index.
pub const SHARED_MEMORY_BYTES: u32 = 32 * 4 + 32 * 8 + 4;

/// How the op treats NaN: `first-nan` (torch, numpy: the first NaN wins),
/// `ogt` (the plain `maximumf` + `cmpf ogt` combiner: NaN value, the index
/// of the first maximum before the first NaN) or `maxnum` (`maxnumf` +
/// `cmpf ogt`: NaN is skipped; a row of only NaN and -inf gives -inf at
/// index 0).
pub const SEMANTICS: [&str; 3] = ["first-nan", "ogt", "maxnum"];

/// The C ABI, in order: operand 0 is the input, 1 the value output, 2 the
/// index output.
pub fn abi() -> Vec<AbiParam> {
    let p = |name, ty| AbiParam { name, ty };
    vec![
        p("in", T::Ptr),
        p("in_offset", T::I64),
        p("val", T::Ptr),
        p("val_offset", T::I64),
        p("idx", T::Ptr),
        p("idx_offset", T::I64),
        p("length", T::I64),
        p("split_index", T::I32),
        p("split_count", T::I32),
        p("scratch", T::Ptr),
        p("scratch_offset", T::I64),
        p("write_value", T::I32),
        // The fusion point: an elementwise producer of the input, as a
        // function the ukernel applies to each element it reads (or null).
        p("input_map", T::Ptr),
    ]
}

/// The symbol of the variant for these types and semantics.
pub fn symbol(element: &str, index: &str, semantics: &str) -> String {
    let infix = match semantics {
        "ogt" => "ogt_",
        "maxnum" => "maxnum_",
        _ => "",
    };
    format!("uk_argmax_{infix}{element}{index}")
}

pub fn variants() -> Vec<VariantDef> {
    let mut out = Vec::new();
    for semantics in SEMANTICS {
        for element in ["f32", "f16", "bf16"] {
            for index in ["i32", "i64"] {
                let mut defines =
                    vec![format!("UK_ELEM_{}", element.to_uppercase()), format!("UK_INDEX_{}", index.to_uppercase())];
                match semantics {
                    "ogt" => defines.push("UK_SEMANTICS_OGT".into()),
                    "maxnum" => defines.push("UK_SEMANTICS_MAXNUM".into()),
                    _ => {}
                }
                out.push(VariantDef {
                    family: FAMILY,
                    kind: "row",
                    symbol: symbol(element, index, semantics),
                    source: "cuda/argmax.cu",
                    defines,
                    arches: PORTABLE_ARCHES,
                    arch_specific: false,
                    operand_types: vec![element, element, index],
                    params: vec![],
                    // Inlined with the call's constants, the optimized row
                    // loop needs no more than cleaning up (the PTX of O3 and
                    // of the short pipeline differ in a few set-up ops).
                    tags: vec![("semantics", semantics), ("fusion", "input_map"), ("pipeline", "after-inlining")],
                    workgroup_size: [WORKGROUP_SIZE, 1, 1],
                    static_shared_memory_bytes: SHARED_MEMORY_BYTES + if semantics == "ogt" { 8 } else { 0 },
                    dynamic_shared_memory_bytes: 0,
                    abi: abi(),
                });
            }
        }
    }
    out
}

pub fn harnesses() -> Vec<HarnessDef> {
    vec![HarnessDef {
        name: "harness_argmax",
        source: "cuda/harness/argmax_harness.cu",
        defines: vec![],
        arches: PORTABLE_ARCHES,
        arch_specific: false,
    }]
}
