// Device-side helpers for ukernels built by clang without the CUDA SDK
// (-nocudainc -nocudalib): thread coordinates, warp shuffles, fences and
// atomics through clang's NVVM builtins.
#pragma once

#define UK_DEVICE __attribute__((device))
#define UK_GLOBAL __attribute__((global))
#define UK_SHARED __attribute__((shared))
#define UK_INLINE __attribute__((always_inline)) inline

typedef long long i64;
typedef unsigned long long u64;
typedef int i32;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

typedef float f32x2 __attribute__((ext_vector_type(2)));
typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef int i32x4 __attribute__((ext_vector_type(4)));

static UK_DEVICE UK_INLINE u32 uk_tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static UK_DEVICE UK_INLINE u32 uk_ntid() { return __nvvm_read_ptx_sreg_ntid_x(); }

static UK_DEVICE UK_INLINE float uk_shfl_down_f32(float v, u32 delta) {
  return __nvvm_shfl_sync_down_f32(0xffffffffu, v, delta, 0x1f);
}
static UK_DEVICE UK_INLINE i64 uk_shfl_down_i64(i64 v, u32 delta) {
  u32 lo = (u32)v, hi = (u32)((u64)v >> 32);
  lo = (u32)__nvvm_shfl_sync_down_i32(0xffffffffu, (i32)lo, delta, 0x1f);
  hi = (u32)__nvvm_shfl_sync_down_i32(0xffffffffu, (i32)hi, delta, 0x1f);
  return (i64)(((u64)hi << 32) | lo);
}

// Element types, read as float for comparison (exact for f16 and bf16).
static UK_DEVICE UK_INLINE float uk_bf16_to_f32(u16 bits) { return __builtin_bit_cast(float, (u32)bits << 16); }
static UK_DEVICE UK_INLINE float uk_f16_to_f32(u16 bits) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(bits));
  return f;
}
