// Argmax dispatches that differ only in sizes (row count and length) run
// one code: the first kernel's, with the sizes as launch arguments that
// each kernel's package entry gives as constants
// (ukernel-share-kernel-code). A dispatch of another element type has code
// of its own. --specialize-sizes keeps a kernel per shape.
// RUN: rm -rf %t.dump %t.specialized
// RUN: ukc compile %s --arch sm_90 --no-cubin --no-cache --dump-dir %t.dump -o %t.pkg | FileCheck %s --check-prefix=SUMMARY
// RUN: FileCheck %s --check-prefix=PTX < %t.dump/7.kernels.sm_90.ptx
// RUN: ukc-run info %t.pkg | FileCheck %s --check-prefix=INFO
// RUN: ukc compile %s --arch sm_90 --no-cubin --no-cache --specialize-sizes --dump-dir %t.specialized -o %t.specialized.pkg | FileCheck %s --check-prefix=SPECIALIZED
// RUN: grep -c "^.visible .entry" %t.specialized/7.kernels.sm_90.ptx | FileCheck %s --check-prefix=FOUR

// SUMMARY: wrote {{.*}}: 4 kernel(s)
// SUMMARY: short_rows: ukernel uk_argmax_ogt_f32i64; its code is shared, [[N:[0-9]+]] sizes as arguments
// SUMMARY: long_rows: ukernel uk_argmax_ogt_f32i64; runs short_rows's code, [[N]] sizes as arguments
// SUMMARY: many_rows: ukernel uk_argmax_ogt_f32i64; runs short_rows's code, [[N]] sizes as arguments
// SUMMARY: bf16_rows: ukernel uk_argmax_ogt_bf16i64{{$}}

// PTX-COUNT-2: .visible .entry
// PTX-NOT: .visible .entry
// PTX-NOT: .entry long_rows
// PTX-NOT: .entry many_rows

// INFO: short_rows: {{.*}} args{{$}}
// INFO: long_rows: {{.*}}; runs short_rows's code
// INFO: many_rows: {{.*}}; runs short_rows's code
// INFO: bf16_rows: {{.*}} args{{$}}

// SPECIALIZED: short_rows: ukernel uk_argmax_ogt_f32i64{{$}}
// SPECIALIZED: long_rows: ukernel uk_argmax_ogt_f32i64{{$}}
// FOUR: 4

#map = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
module {
  func.func @short_rows(%x: tensor<1x32000xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x32000xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %gt, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @long_rows(%x: tensor<1x128256xf32>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<1xf32>) -> tensor<1xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x128256xf32>) outs(%fv, %fi : tensor<1xf32>, tensor<1xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %gt, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<1xf32>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
  func.func @many_rows(%x: tensor<8x50000xf32>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x50000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %gt = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %gt, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
  func.func @bf16_rows(%x: tensor<1x32000xbf16>) -> tensor<1xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF80 : bf16
    %ei = tensor.empty() : tensor<1xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<1xi64>) -> tensor<1xi64>
    %ev = tensor.empty() : tensor<1xbf16>
    %fv = linalg.fill ins(%ninf : bf16) outs(%ev : tensor<1xbf16>) -> tensor<1xbf16>
    %r:2 = linalg.generic {indexing_maps = [#map, #row, #row], iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<1x32000xbf16>) outs(%fv, %fi : tensor<1xbf16>, tensor<1xi64>) {
    ^bb0(%a: bf16, %b: bf16, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : bf16
      %gt = arith.cmpf ogt, %a, %b : bf16
      %s = arith.select %gt, %kk, %c : i64
      linalg.yield %m, %s : bf16, i64
    } -> (tensor<1xbf16>, tensor<1xi64>)
    return %r#1 : tensor<1xi64>
  }
}
