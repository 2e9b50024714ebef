// Test kernels that launch each sm_90a-only matmul ukernel directly on whole
// matrices (offsets 0): tile (blockIdx.y, blockIdx.x) of C. Built for sm_90a.
#include "matmul_harness.h"

UK_MM_HARNESS(uk_matmul_wgmma_bf16_nk)
UK_MM_HARNESS(uk_matmul_wgmma_f16_nk)
