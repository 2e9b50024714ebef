// ukernel-split-reductions on its own: a fold whose config asks for
// split_threads = 256 becomes one workgroup (block_x) per result and 256
// threads (thread_x) over its reduction, reading the input at (row, k);
// the fills of its inits go (the split form starts from their constants),
// the shared-memory arrays are declared once per module. A config without
// split_threads, or with a ukernel, is left alone; a split on tensors or
// with another thread count is an error at the op.
// RUN: ukernel-opt --split-input-file --verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(ukernel-split-reductions)' %s | FileCheck %s

// CHECK: memref.global "private" @__ukernel_split_best : memref<256xf32, 3> = uninitialized
// CHECK-NOT: memref.global "private" @__ukernel_split_best
// CHECK-LABEL: func.func @split_rows
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.generic
// CHECK: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%{{.*}}) step
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%{{.*}}) step
// CHECK: scf.for %[[K:.*]] = %[[T]] to %{{.*}} step
// CHECK: memref.load %arg0[%[[ROW]], %[[K]]] : memref<8x1000xf32>
// CHECK: nvvm.barrier0
// CHECK: memref.store %{{.*}}, %arg2[%[[ROW]]] : memref<8xi64>
// CHECK: mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
// CHECK-LABEL: func.func @second_dispatch_shares_the_arrays
// CHECK: memref.get_global @__ukernel_split_best
// CHECK-LABEL: func.func @no_split_asked
// CHECK: linalg.fill
// CHECK: linalg.generic
module {
  func.func @split_rows(%in: memref<8x1000xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x1000xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>)
        attrs = {lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf oge, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }

  func.func @second_dispatch_shares_the_arrays(%in: memref<8x1000xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x1000xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>)
        attrs = {lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maxnumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }

  func.func @no_split_asked(%in: memref<8x1000xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x1000xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>)
        attrs = {lowering_config = #ukernel.lowering_config<{reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}

// -----

module {
  func.func @split_on_tensors(%in: tensor<8x1000xf32>) -> tensor<8xi64> {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    %ei = tensor.empty() : tensor<8xi64>
    %fi = linalg.fill ins(%zero : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
    %ev = tensor.empty() : tensor<8xf32>
    %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<8xf32>) -> tensor<8xf32>
    // expected-error@+1 {{ukernel: the op's operands are tensors: this pass runs after bufferization}}
    %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : tensor<8x1000xf32>) outs(%fv, %fi : tensor<8xf32>, tensor<8xi64>)
        attrs = {lowering_config = #ukernel.lowering_config<{params = {split_threads = 256 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    return %r#1 : tensor<8xi64>
  }
}

// -----

module {
  func.func @other_thread_count(%in: memref<8x1000xf32>, %val: memref<8xf32>, %idx: memref<8xi64>) {
    %zero = arith.constant 0 : i64
    %ninf = arith.constant 0xFF800000 : f32
    linalg.fill ins(%zero : i64) outs(%idx : memref<8xi64>)
    linalg.fill ins(%ninf : f32) outs(%val : memref<8xf32>)
    // expected-error@+1 {{ukernel: split_threads = 128; the split form uses 256 threads}}
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]}
        ins(%in : memref<8x1000xf32>) outs(%val, %idx : memref<8xf32>, memref<8xi64>)
        attrs = {lowering_config = #ukernel.lowering_config<{params = {split_threads = 128 : i64}, reduction = [0, 0], workgroup = [0, 0], workgroup_size = [256, 1, 1]}>} {
    ^bb0(%a: f32, %b: f32, %c: i64):
      %k = linalg.index 1 : index
      %kk = arith.index_cast %k : index to i64
      %m = arith.maximumf %a, %b : f32
      %p = arith.cmpf ogt, %a, %b : f32
      %s = arith.select %p, %kk, %c : i64
      linalg.yield %m, %s : f32, i64
    }
    return
  }
}
