//! The registry's contents and arch selection.

use ukernels::Facts;
use ukernels::{ElementType, IndexType, NoBitcode, registry};

#[test]
fn every_argmax_variant_is_registered_for_sm80_and_sm90() {
    let reg = registry();
    assert_eq!(reg.families(), vec!["argmax", "matmul"]);
    for semantics in ["first-nan", "ogt"] {
        for e in ElementType::ALL {
            for i in IndexType::ALL {
                let uk = reg
                    .of_family("argmax")
                    .find(|u| {
                        u.operand_types == [e.name(), e.name(), i.name()] && u.tag("semantics") == Some(semantics)
                    })
                    .expect("registered");
                let infix = if semantics == "ogt" { "ogt_" } else { "" };
                assert_eq!(uk.symbol, format!("uk_argmax_{infix}{e}{i}"));
                assert_eq!(uk.arches(), vec![80, 90]);
                // Its fusion point: the input read through a map, the ABI's
                // last parameter.
                assert_eq!(uk.tag("fusion"), Some("input_map"));
                assert_eq!(uk.abi.last().map(|p| p.name), Some("input_map"));
                for (sm, bc) in &uk.bitcode {
                    // LLVM bitcode magic: 'BC' 0xC0DE.
                    assert_eq!(&bc[..4], b"BC\xc0\xde", "{} sm_{sm}", uk.symbol);
                }
            }
        }
    }
}

#[test]
fn matmul_variants_record_tiles_layouts_and_shared_memory() {
    let reg = registry();
    let symbols: Vec<&str> = reg.of_family("matmul").map(|u| u.symbol.as_str()).collect();
    assert_eq!(
        symbols,
        [
            "uk_matmul_simt_f32_nk",
            "uk_matmul_simt_f32_kn",
            "uk_matmul_tile_bf16_nk",
            "uk_matmul_tile_bf16_kn",
            "uk_matmul_tile_small_bf16_nk",
            "uk_matmul_tile_small_bf16_kn",
            "uk_matmul_wgmma_bf16_nk",
            "uk_matmul_wgmma_narrow_bf16_nk",
            "uk_matmul_wgmma_bf16_kn",
            "uk_matmul_wgmma_narrow_bf16_kn",
            "uk_matmul_gemv_bf16_nk",
            "uk_matmul_gemv_bf16_kn",
            "uk_matmul_skinny_bf16_nk",
            "uk_matmul_skinny_bf16_kn",
            "uk_matmul_skinny_wide_bf16_nk",
            "uk_matmul_skinny_wide_bf16_kn",
            "uk_matmul_tile_f16_nk",
            "uk_matmul_tile_f16_kn",
            "uk_matmul_tile_small_f16_nk",
            "uk_matmul_tile_small_f16_kn",
            "uk_matmul_wgmma_f16_nk",
            "uk_matmul_wgmma_narrow_f16_nk",
            "uk_matmul_wgmma_f16_kn",
            "uk_matmul_wgmma_narrow_f16_kn",
            "uk_matmul_gemv_f16_nk",
            "uk_matmul_gemv_f16_kn",
            "uk_matmul_skinny_f16_nk",
            "uk_matmul_skinny_f16_kn",
            "uk_matmul_skinny_wide_f16_nk",
            "uk_matmul_skinny_wide_f16_kn",
            "uk_matmul_wgmma_narrow_f8e4m3fn_nk",
            "uk_matmul_wgmma_narrow_f8e4m3fn_f8e5m2_nk",
            "uk_matmul_wgmma_narrow_f8e5m2_f8e4m3fn_nk",
            "uk_matmul_wgmma_narrow_f8e5m2_nk"
        ]
    );
    // 8-bit inputs: 128 of K per stage (the same 128 bytes a row as 64 of a
    // 16-bit type, so the same shared memory).
    let fp8 = reg.by_symbol("uk_matmul_wgmma_narrow_f8e4m3fn_nk").unwrap();
    let bf16 = reg.by_symbol("uk_matmul_wgmma_narrow_bf16_nk").unwrap();
    assert_eq!((fp8.param("tile_k"), bf16.param("tile_k")), (Some(128), Some(64)));
    assert_eq!(fp8.operand_types, ["f8E4M3FN", "f8E4M3FN", "f32"]);
    assert_eq!(fp8.dynamic_shared_memory_bytes, bf16.dynamic_shared_memory_bytes);
    // Mixed 8-bit types: A's type, then B's.
    let mixed = reg.by_symbol("uk_matmul_wgmma_narrow_f8e4m3fn_f8e5m2_nk").unwrap();
    assert_eq!(mixed.operand_types, ["f8E4M3FN", "f8E5M2", "f32"]);
    let tile = reg.by_symbol("uk_matmul_tile_bf16_kn").unwrap();
    assert_eq!((tile.param("tile_m"), tile.param("tile_n")), (Some(256), Some(128)));
    assert_eq!(tile.tag("b_layout"), Some("kn"));
    assert_eq!(tile.dynamic_shared_memory_bytes, 147504);
    // The tile for 99 KiB GPUs fits their limit (101376 bytes).
    let small = reg.by_symbol("uk_matmul_tile_small_bf16_kn").unwrap();
    assert_eq!((small.param("tile_m"), small.param("tile_n")), (Some(128), Some(128)));
    assert_eq!(small.workgroup_size, [128, 1, 1]);
    assert_eq!(small.dynamic_shared_memory_bytes, 98352);
    assert_eq!(tile.operand_types, ["bf16", "bf16", "f32"]);
    assert_eq!(tile.tag("linkage"), Some("call"));
    // The skinny shapes: the tile ukernel's source with 16 rows; only the
    // wide one waits for columns that fill the GPU.
    let skinny = reg.by_symbol("uk_matmul_skinny_bf16_nk").unwrap();
    let wide = reg.by_symbol("uk_matmul_skinny_wide_bf16_nk").unwrap();
    assert_eq!((skinny.param("tile_m"), skinny.param("tile_n"), skinny.param("max_m")), (Some(16), Some(32), Some(16)));
    assert_eq!((wide.param("tile_n"), wide.param("min_n_workgroups_per_sm")), (Some(64), Some(1)));
    assert_eq!(skinny.param("min_n_workgroups_per_sm"), None);
    assert_eq!((skinny.dynamic_shared_memory_bytes, wide.dynamic_shared_memory_bytes), (147504, 81984));
    // B as K x N: wgmma (sm_90a) and both skinny shapes, tagged so.
    for kn in ["uk_matmul_wgmma_bf16_kn", "uk_matmul_skinny_bf16_kn", "uk_matmul_skinny_wide_f16_kn"] {
        assert_eq!(reg.by_symbol(kn).unwrap().tag("b_layout"), Some("kn"), "{kn}");
    }
    let gemv = reg.by_symbol("uk_matmul_gemv_bf16_nk").unwrap();
    assert_eq!((gemv.param("max_m"), gemv.param("min_weights")), (Some(1), Some(1 << 25)));
    assert_eq!(gemv.param("tile_n"), Some(4));
    assert_eq!(gemv.static_shared_memory_bytes, 7 * 4 * 4);
    let skinny = reg.by_symbol("uk_matmul_skinny_f16_nk").unwrap();
    assert_eq!(skinny.param("max_m"), Some(16));
    assert_eq!(skinny.static_shared_memory_bytes, 0);
    for uk in reg.of_family("matmul") {
        let arches = if uk.arch_specific { vec![90] } else { vec![80, 90] };
        assert_eq!(uk.arches(), arches, "{}", uk.symbol);
        // Every variant has the store fusion point (6 parameters after the
        // 15 of the computation); the wgmma ukernel also takes the global
        // memory for its tensor maps.
        assert_eq!(uk.tag("fusion"), Some("store"), "{}", uk.symbol);
        assert_eq!(uk.abi[15].name, "store");
        let desc = uk.param("desc_bytes").is_some();
        assert_eq!(uk.abi.len(), if desc { 24 } else { 21 }, "{}", uk.symbol);
        assert_eq!(desc, uk.kind.starts_with("wgmma"), "{}", uk.symbol);
    }
    // The wgmma ukernel exists for sm_90a alone, is inlined (ptxas
    // serialises wgmma across a call) and runs in 384 threads.
    let wgmma = reg.by_symbol("uk_matmul_wgmma_bf16_nk").unwrap();
    assert_eq!(wgmma.tag("linkage"), None);
    assert_eq!(wgmma.workgroup_size, [384, 1, 1]);
    assert_eq!(wgmma.object_path(90), "uk_matmul_wgmma_bf16_nk.sm_90a.bc");
    assert!(reg.select_for_target(wgmma, 90, true).is_ok());
    assert!(reg.select_for_target(wgmma, 90, false).is_err());
    assert!(reg.select_for_target(wgmma, 100, false).is_err());
    assert!(reg.select_for_target(wgmma, 100, true).is_err());
    // Its narrow variant: half as wide tiles, in as much shared memory, and
    // the throughput per SM KernelConfig weighs the two widths with.
    let narrow = reg.by_symbol("uk_matmul_wgmma_narrow_bf16_nk").unwrap();
    assert_eq!((narrow.param("tile_m"), narrow.param("tile_n")), (Some(128), Some(128)));
    assert_eq!(narrow.dynamic_shared_memory_bytes, wgmma.dynamic_shared_memory_bytes);
    assert_eq!(wgmma.param("tile_throughput_permille"), Some(1000));
    assert!(narrow.param("tile_throughput_permille").is_some_and(|t| t < 1000));
}

#[test]
fn selection_picks_the_greatest_arch_not_above_the_target() {
    let reg = registry();
    let uk = reg.by_symbol("uk_argmax_f32i64").unwrap();
    let pick = |sm| reg.select(uk, sm).map(|s| s.bitcode_sm);
    assert_eq!(pick(80), Ok(80));
    assert_eq!(pick(86), Ok(80));
    assert_eq!(pick(89), Ok(80));
    assert_eq!(pick(90), Ok(90));
    assert_eq!(pick(100), Ok(90));
    assert_eq!(pick(120), Ok(90));
    let err = pick(75).unwrap_err();
    assert_eq!(
        err,
        NoBitcode {
            symbol: "uk_argmax_f32i64".into(),
            target: 75,
            target_specific: false,
            available: vec![80, 90],
            arch_specific: false
        }
    );
    assert_eq!(err.to_string(), "uk_argmax_f32i64 has bitcode for sm_80, sm_90, none at or below the target sm_75");
    let bf = reg.by_symbol("uk_argmax_bf16i32").unwrap();
    assert_eq!(reg.select(bf, 90).unwrap().object_path(), "uk_argmax_bf16i32.sm_90.bc");
}

#[test]
fn a_variant_without_bitcode_stays_listed_and_is_never_selected() {
    let mut defs = ukernels::families::variants();
    defs.truncate(1);
    let reg = ukernels::Registry::from_variants(defs, &[]);
    let uk = &reg.ukernels()[0];
    assert!(uk.arches().is_empty());
    assert_eq!(
        reg.select(uk, 90).unwrap_err().to_string(),
        format!("{} has bitcode for no arch, none at or below the target sm_90", uk.symbol)
    );
}
