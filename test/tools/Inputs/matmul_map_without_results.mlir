// ukc-fuzz: not a seed (a known upstream crash, see upstream_crash_is_contained.mlir)
func.func @f(%a: memref<16x64xf16>, %b: memref<64x64xf16>, %c: memref<16x64xf32>) {
  linalg.matmul indexing_maps = [affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>]
      ins(%a, %b : memref<16x64xf16>, memref<64x64xf16>) outs(%c : memref<16x64xf32>)
  return
}
