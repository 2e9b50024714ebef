// Argmax over one row (or one split of a row), called cooperatively by every
// thread of a workgroup.
//
// Built once per (element type, index type, arch) with
//   -DUK_ELEM_F32|UK_ELEM_F16|UK_ELEM_BF16  -DUK_INDEX_I32|UK_INDEX_I64
// into the symbol uk_argmax_<elem><index>, e.g. uk_argmax_f32i64.
//
// Semantics (those of torch.argmax and numpy.argmax):
//   - the result is the first index of the maximum;
//   - NaN counts as greater than every number: the first NaN wins;
//   - a row of -inf gives index 0 (of the row) and -inf;
//   - an empty row gives index 0 and -inf (the identity of max) as value;
//   - the uk_argmax_ogt_* variants (-DUK_SEMANTICS_OGT) compute instead what
//     the plain combiner (maximumf, cmpf ogt, select) does: on a row with a
//     NaN the value is NaN and the index that of the first maximum before
//     the first NaN (index 0 when the row starts with NaN);
//   - the uk_argmax_maxnum_* variants (-DUK_SEMANTICS_MAXNUM) compute what
//     the NaN-ignoring combiner (maxnumf, cmpf ogt, select) does: NaN
//     elements are skipped, the index is that of the first maximum of the
//     rest, and a row of only NaN and -inf gives index 0 and -inf;
//   - any length and any row start alignment (vector loads only on the
//     16-byte aligned middle of the row).
//
// ABI (every pointer is a global-memory element pointer; offsets in elements):
//   void uk_argmax_<e><i>(
//       const E *in,  i64 in_offset,      // row starts at in + in_offset, unit stride
//       E       *val, i64 val_offset,     // max value out; ignored unless write_value
//       I       *idx, i64 idx_offset,     // index out (within the row)
//       i64 length,                       // row length
//       i32 split_index, i32 split_count, // this workgroup's part of the row
//       char *scratch, i64 scratch_offset,// split_count > 1: this row's scratch
//                                         // at scratch + scratch_offset (bytes)
//       i32 write_value,
//       E (*input_map)(E))                // null, or the fusion point: each
//                                         // element is read as input_map(in[i])
// `input_map` is how a compiler fuses an elementwise producer of the input
// into the ukernel: the kernel that inlines the ukernel passes a constant
// function, so the indirect call becomes a direct one that LLVM inlines into
// the loop (for f16 and bf16, E is the element's 16 bits). The value output
// is input_map of the chosen element.
// Every thread of the workgroup must call it with the same arguments;
// blockDim.x must be a multiple of 32 and at most 1024 (y = z = 1).
// With split_count > 1, split_count workgroups each reduce one contiguous
// part of the row and fold their best into the row's scratch (one 64-bit
// atomic maximum; for rows of 2^32 elements or more, partials); the last to
// finish writes the outputs. The row's scratch is then 16 + 16 * split_count
// bytes, 16-byte aligned, zeroed once before first use (the ukernel leaves
// it zeroed).
// Static shared memory: 384 bytes.

#include "common.h"

#if defined(UK_ELEM_F32)
typedef float E;
#define UK_ELEM_NAME f32
#define UK_VEC 4
#define UK_NEG_INF (-__builtin_inff())
#elif defined(UK_ELEM_F16)
typedef u16 E;
#define UK_ELEM_NAME f16
static UK_DEVICE UK_INLINE float uk_cvt(u16 b) { return uk_f16_to_f32(b); }
#define UK_VEC 8
#define UK_NEG_INF ((u16)0xfc00)
#elif defined(UK_ELEM_BF16)
typedef u16 E;
#define UK_ELEM_NAME bf16
static UK_DEVICE UK_INLINE float uk_cvt(u16 b) { return uk_bf16_to_f32(b); }
#define UK_VEC 8
#define UK_NEG_INF ((u16)0xff80)
#else
#error "define UK_ELEM_F32, UK_ELEM_F16 or UK_ELEM_BF16"
#endif

#if defined(UK_INDEX_I32)
typedef i32 I;
#define UK_INDEX_NAME i32
#elif defined(UK_INDEX_I64)
typedef i64 I;
#define UK_INDEX_NAME i64
#else
#error "define UK_INDEX_I32 or UK_INDEX_I64"
#endif

#define UK_CAT4(a, b, c, d) a##b##c##d
#define UK_NAME(s, e, i) UK_CAT4(uk_argmax_, s, e, i)
// -DUK_SEMANTICS_OGT builds the plain-combiner variant uk_argmax_ogt_<e><i>,
// -DUK_SEMANTICS_MAXNUM the NaN-ignoring one uk_argmax_maxnum_<e><i>.
#if defined(UK_SEMANTICS_OGT)
#define UK_SYMBOL UK_NAME(ogt_, UK_ELEM_NAME, UK_INDEX_NAME)
#elif defined(UK_SEMANTICS_MAXNUM)
#define UK_SYMBOL UK_NAME(maxnum_, UK_ELEM_NAME, UK_INDEX_NAME)
#else
#define UK_SYMBOL UK_NAME(, UK_ELEM_NAME, UK_INDEX_NAME)
#endif

// No index yet: loses every tie, so a part that saw only -inf (or nothing)
// never beats a real element.
#define UK_NONE ((i64)0x7fffffffffffffffLL)
// The vector loop's slots (uk_reduce_range): none yet, and the iterations
// of one run (slots below 2^24 x 4 x 8).
#define UK_NO_SLOT 0xffffffffu
#define UK_SLOT_ITERS (1 << 24)

// The fusion point: an element as the op sees it.
typedef E (*UkMap)(E);
static UK_DEVICE UK_INLINE E uk_mapped(UkMap map, E e) { return map ? map(e) : e; }
#if defined(UK_ELEM_F32)
static UK_DEVICE UK_INLINE float uk_value(E e) { return e; }
#else
static UK_DEVICE UK_INLINE float uk_value(E e) { return uk_cvt(e); }
#endif

// Whether (a, ia) ranks before (b, ib): NaN first, then larger, then the
// smaller index.
static UK_DEVICE UK_INLINE bool uk_better(float a, i64 ia, float b, i64 ib) {
  bool an = a != a, bn = b != b;
  if (an || bn)
    return an && (!bn || ia < ib);
  return a > b || (a == b && ia < ib);
}

// Folds element v at index i into a running best of increasing indices:
// v replaces it when larger, or when v is the first NaN. One unordered
// compare decides the common case (v <= best: nothing to do); the NaN test
// of best runs only when it fails, which keeps an issue-bound fused
// producer's loop short.
template <typename T> static UK_DEVICE UK_INLINE void uk_step(float v, T i, float &best, T &bi) {
#if defined(UK_SEMANTICS_MAXNUM)
  // An ordered compare: NaN never replaces the best, which stays a number.
  if (__builtin_expect(v > best, 0)) {
#else
  if (__builtin_expect(!(v <= best), 0) && best == best) {
#endif
    best = v;
    bi = i;
  }
}

// Folds raw element e at index i, as the op sees it, into a running best.
template <typename T> static UK_DEVICE UK_INLINE void uk_consider(UkMap map, E e, T i, float &best, T &bi) {
  uk_step(uk_value(uk_mapped(map, e)), i, best, bi);
}

#if defined(UK_ELEM_F32)
typedef f32x4 UkVec;
#else
typedef i32x4 UkVec;
#endif

// Folds the vector `w` of elements i, i + 1, ... into a running best.
template <typename T> static UK_DEVICE UK_INLINE void uk_fold_vec(UkMap map, UkVec w, T i, float &best, T &bi) {
#if defined(UK_ELEM_F32)
  uk_consider(map, w.x, i, best, bi);
  uk_consider(map, w.y, i + 1, best, bi);
  uk_consider(map, w.z, i + 2, best, bi);
  uk_consider(map, w.w, i + 3, best, bi);
#else
  int parts[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    uk_consider(map, (u16)(parts[k] & 0xffff), i + 2 * k, best, bi);
    uk_consider(map, (u16)((u32)parts[k] >> 16), i + 2 * k + 1, best, bi);
  }
#endif
}

// Loads the K vectors v, v + nt, ... together (with GUARD, only those below
// nvec), then folds them in order into a running best. Vector k's first
// element has index base + (at + k * stride) x UK_VEC: (vbegin, v, nt) for
// its index in the row, (slot, 0, 1) for a slot of uk_fold_slots.
template <int K, bool GUARD, typename T>
static UK_DEVICE UK_INLINE void uk_fold_group(UkMap map, const UkVec *vrow, i64 v, i64 nt, i64 nvec, T base, i64 at,
                                              i64 stride, float &best, T &bi) {
  UkVec w[K];
#pragma unroll
  for (int k = 0; k < K; ++k)
    if (!GUARD || v + k * nt < nvec)
      w[k] = vrow[v + k * nt];
#pragma unroll
  for (int k = 0; k < K; ++k)
    if (!GUARD || v + k * nt < nvec)
      uk_fold_vec(map, w[k], base + (T)((at + k * stride) * UK_VEC), best, bi);
}

// Block-wide reduction; the result is valid in thread 0.
static UK_DEVICE void uk_block_reduce(float &best, i64 &bi) {
  UK_SHARED static float s_val[32];
  UK_SHARED static i64 s_idx[32];
  for (u32 d = 16; d > 0; d >>= 1) {
    float ov = uk_shfl_down_f32(best, d);
    i64 oi = uk_shfl_down_i64(bi, d);
    if (uk_better(ov, oi, best, bi)) {
      best = ov;
      bi = oi;
    }
  }
  u32 tid = uk_tid(), warps = uk_ntid() / 32;
  if (warps == 1)
    return;
  if ((tid & 31) == 0) {
    s_val[tid / 32] = best;
    s_idx[tid / 32] = bi;
  }
  __syncthreads();
  if (tid < 32) {
    best = tid < warps ? s_val[tid] : -__builtin_inff();
    bi = tid < warps ? s_idx[tid] : UK_NONE;
    for (u32 d = 16; d > 0; d >>= 1) {
      float ov = uk_shfl_down_f32(best, d);
      i64 oi = uk_shfl_down_i64(bi, d);
      if (uk_better(ov, oi, best, bi)) {
        best = ov;
        bi = oi;
      }
    }
  }
  __syncthreads();
}

// The vector loop for a producer (uk_reduce_range): its best index is a
// slot (see there); advances v past the vectors it folds.
static UK_DEVICE UK_INLINE void uk_fold_slots(UkMap map, const UkVec *vrow, i64 vbegin, i64 &v, i64 nt, i64 nvec,
                                              float &best, i64 &bi) {
  while (v + 3 * nt < nvec) {
    const i64 first = v;
    const i64 run_end = first + (UK_SLOT_ITERS * 4 + 3) * nt; // UK_SLOT_ITERS iterations at most
    const i64 stop = nvec < run_end ? nvec : run_end;
    float lbest = -__builtin_inff();
    u32 lslot = UK_NO_SLOT, slot = 0;
    for (; v + 3 * nt < stop; v += 4 * nt, slot += 4 * UK_VEC)
      uk_fold_group<4, false>(map, vrow, v, nt, nvec, slot, 0, 1, lbest, lslot);
    if (lslot != UK_NO_SLOT) {
      // Slot s: iteration s / (4 UK_VEC), vector k = s % (4 UK_VEC) / UK_VEC
      // of it, element s % UK_VEC of that.
      i64 iter = lslot / (4 * UK_VEC), k = lslot % (4 * UK_VEC) / UK_VEC, e = lslot % UK_VEC;
      uk_step(lbest, vbegin + (first + (iter * 4 + k) * nt) * UK_VEC + e, best, bi);
    }
  }
}

// Best of elements [begin, end) of the row, in thread 0.
static UK_DEVICE UK_INLINE void uk_reduce_range(UkMap map, const E *row, i64 begin, i64 end, float &best, i64 &bi) {
  best = -__builtin_inff();
  bi = UK_NONE;
  u32 tid = uk_tid(), nt = uk_ntid();
  // Scalar head up to the first 16-byte boundary, then vectors, then a tail.
  u64 addr = (u64)(row + begin);
  i64 head = (i64)(((16 - (addr & 15)) & 15) / sizeof(E));
  if ((addr % sizeof(E)) != 0 || head > end - begin)
    head = end - begin;
  i64 vbegin = begin + head;
  i64 nvec = (end - vbegin) / UK_VEC;
  i64 vend = vbegin + nvec * UK_VEC;
  if ((i64)tid < head)
    uk_consider(map, row[begin + tid], begin + tid, best, bi);
  // Four independent vector loads in flight per thread per iteration; what
  // is left (at most three vectors per thread) is loaded together too, not
  // by a one-vector loop whose loads would wait on each other.
  const UkVec *vrow = (const UkVec *)(row + vbegin);
  i64 v = tid;
  // With a producer (map, a constant once the ukernel is inlined) the loop
  // is bound by instruction issue, and its best index is a 32-bit slot,
  // the iteration times 4 x UK_VEC plus the element's place in it, turned
  // into the element's index after the loop: folding an element costs a
  // compare, a select and a move, not 64-bit index arithmetic (on an H200
  // the soft-capped f32 4096 x 32000 argmax ran 3% faster). Runs of
  // UK_SLOT_ITERS iterations keep slots within 32 bits for any length.
  // Without a producer the loop waits on memory, and on rows of about one
  // iteration per thread (decode rows split over many workgroups) the
  // slots' set-up and conversion cost more than they save (2-6% slower).
  // (Both loops in a fused kernel, the slot loop only from two iterations
  // per thread, ran the 4096 x 32000 one 4% slower than without slots.)
  if (!map) {
    for (; v + 3 * (i64)nt < nvec; v += 4 * (i64)nt)
      uk_fold_group<4, false>(map, vrow, v, nt, nvec, vbegin, v, nt, best, bi);
  } else {
    uk_fold_slots(map, vrow, vbegin, v, nt, nvec, best, bi);
  }
  if (v < nvec)
    uk_fold_group<3, true>(map, vrow, v, nt, nvec, vbegin, v, nt, best, bi);
  for (i64 i = vend + tid; i < end; i += nt)
    uk_consider(map, row[i], i, best, bi);
  uk_block_reduce(best, bi);
}

#if defined(UK_SEMANTICS_OGT)
// The plain combiner (maximumf value, `cmpf ogt` index select) folds the row
// in order: its value is NaN once a NaN is seen, and its index stops moving
// there, so the index is that of the first maximum before the first NaN.
// Given the NaN-first result in thread 0, the position of the first NaN
// (-1 without one), in every thread.
static UK_DEVICE i64 uk_first_nan(float best, i64 bi) {
  UK_SHARED static i64 s_first_nan;
  if (uk_tid() == 0)
    s_first_nan = best != best ? bi : -1;
  __syncthreads();
  i64 first_nan = s_first_nan;
  __syncthreads();
  return first_nan;
}
#endif

// Writes index `bi` and the value at `value_at` (the same element, but for
// the plain combiner on a row with NaN).
static UK_DEVICE void uk_write(UkMap map, const E *row, E *val, I *idx, i64 length, i64 bi, i64 value_at,
                               bool write_value) {
  if (length == 0) {
    *idx = 0;
    if (write_value)
      *val = UK_NEG_INF;
    return;
  }
#if defined(UK_SEMANTICS_MAXNUM)
  if (bi == UK_NONE) {
    // Every element NaN or -inf: maxnumf's fold stays at its -inf start.
    *idx = 0;
    if (write_value)
      *val = UK_NEG_INF;
    return;
  }
#endif
  if (bi == UK_NONE)
    bi = 0; // every element was -inf
  if (value_at == UK_NONE)
    value_at = 0;
  *idx = (I)bi;
  if (write_value)
    *val = uk_mapped(map, row[value_at]);
}

// Scratch of one row: a counter, the key of the best so far (below), then
// split_count (value, index) partials.
struct UkPartial {
  float val;
  u32 pad;
  i64 idx;
};

// (value, index) as one 64-bit key whose unsigned order is uk_better's: NaN
// first, then larger values (-0 as +0), then the smaller index (< 2^32).
// Key 0 is no element.
static UK_DEVICE UK_INLINE u64 uk_key(float v, i64 i) {
  u32 b = __builtin_bit_cast(u32, v == 0.0f ? 0.0f : v);
  u32 hi = v != v ? 0xffffffffu : (b & 0x80000000u) ? ~b : (b | 0x80000000u);
  return ((u64)hi << 32) | (u32)~(u32)i;
}

static UK_DEVICE UK_INLINE void uk_unkey(u64 k, float &v, i64 &i) {
  u32 hi = (u32)(k >> 32);
  u32 b = (hi & 0x80000000u) ? (hi & 0x7fffffffu) : ~hi;
  v = k == 0 ? -__builtin_inff() : hi == 0xffffffffu ? __builtin_nanf("") : __builtin_bit_cast(float, b);
  i = k == 0 ? UK_NONE : (i64)(u32)~(u32)k;
}

static UK_DEVICE UK_INLINE void uk_red_max_u64(u64 *p, u64 v) {
  asm volatile("red.relaxed.gpu.global.max.u64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
}
// Counts a part done; release: this thread's writes before it are seen by
// whoever acquires the count after it; acquire: the reverse.
static UK_DEVICE UK_INLINE u32 uk_count_done(u32 *p) {
  u32 old;
  asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(p) : "memory");
  return old;
}
static UK_DEVICE UK_INLINE u64 uk_load_relaxed_u64(const u64 *p) {
  u64 v;
  asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}

extern "C" UK_DEVICE void UK_SYMBOL(const E *in, i64 in_offset, E *val, i64 val_offset, I *idx, i64 idx_offset,
                                    i64 length, i32 split_index, i32 split_count, char *scratch_base,
                                    i64 scratch_offset, i32 write_value, UkMap input_map) {
  void *scratch = scratch_base ? scratch_base + scratch_offset : scratch_base;
  const E *row = in + in_offset;
  E *out_val = val ? val + val_offset : val;
  I *out_idx = idx + idx_offset;
  bool want_value = write_value != 0 && val != 0;
  u32 tid = uk_tid();
  bool split = split_count > 1;
  i64 begin = 0, end = length;
  if (split) {
    // This workgroup's part: whole vectors per part so parts stay aligned
    // relative to each other.
    i64 per = (length + split_count - 1) / split_count;
    per = (per + UK_VEC - 1) / UK_VEC * UK_VEC;
    begin = (i64)split_index * per;
    end = begin + per;
    begin = begin < length ? begin : length;
    end = end < length ? end : length;
  }
  u32 *counter = (u32 *)scratch;
  UK_SHARED static u32 s_last;
  float best;
  i64 bi, value_at;
  // One reduction loop serves the row (or this workgroup's part) and, for
  // the plain combiner on a row with NaN, the rescan of the prefix before
  // the first NaN (pass 1): each kernel that inlines the ukernel carries one
  // copy of the loop, not two.
  for (int pass = 0;; ++pass) {
    uk_reduce_range(input_map, row, begin, end, best, bi);
    if (pass == 1)
      break; // the rescan's result; the value stays the NaN's
    if (split && length <= 0xffffffffll) {
      // Every part folds its best into the row's key; the last part to
      // count itself done reads the key (one atomic and one load on the
      // way, no fence and no combine over partials).
      u64 *key = (u64 *)((char *)scratch + 8);
      if (tid == 0) {
        if (bi != UK_NONE)
          uk_red_max_u64(key, uk_key(best, bi));
        s_last = uk_count_done(counter) == (u32)split_count - 1;
        if (s_last) {
          uk_unkey(uk_load_relaxed_u64(key), best, bi);
          *key = 0; // ready for the next launch
        }
      }
      __syncthreads();
      if (!s_last)
        return;
    } else if (split) {
      // Rows of 2^32 elements or more: partials, and a fence.
      volatile UkPartial *partials = (volatile UkPartial *)((char *)scratch + 16);
      if (tid == 0) {
        partials[split_index].val = best;
        partials[split_index].idx = bi;
        __nvvm_membar_gl();
        u32 done = __nvvm_atom_add_gen_i((int *)counter, 1);
        s_last = done == (u32)split_count - 1;
      }
      __syncthreads();
      if (!s_last)
        return;
      // The last workgroup combines every part's best.
      __nvvm_membar_gl();
      best = -__builtin_inff();
      bi = UK_NONE;
      for (i64 p = tid; p < split_count; p += uk_ntid()) {
        float pv = partials[p].val;
        i64 pi = partials[p].idx;
        if (uk_better(pv, pi, best, bi)) {
          best = pv;
          bi = pi;
        }
      }
      uk_block_reduce(best, bi);
    }
    value_at = bi;
#if defined(UK_SEMANTICS_OGT)
    i64 first_nan = uk_first_nan(best, bi);
    if (first_nan >= 0) {
      // The value written is still the NaN's (maximumf propagates it).
      value_at = first_nan;
      begin = 0;
      end = first_nan;
      continue;
    }
#endif
    break;
  }
  if (tid == 0) {
    if (split)
      *counter = 0; // ready for the next launch
    uk_write(input_map, row, out_val, out_idx, length, bi, value_at, want_value);
  }
}
