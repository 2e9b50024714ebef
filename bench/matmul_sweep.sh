#!/usr/bin/env bash
# Builds variants of the matmul ukernels (tile: tile shape, stages, warp
# layout, for any M and in decode shapes of 16 rows; gemv: columns per warp,
# loads in flight, rows of A) into one PTX module of harness kernels for
# sm_90, for bench/matmul_bench.py --sweep.
# Needs clang-22 and LLVM 22's tools.
#
# usage: bench/matmul_sweep.sh OUT_DIR
# A tile variant is NAME:BM:BN:BK:STAGES:WARPS_M:WARPS_N[:OPTIONS] (OPTIONS:
# fp = double-buffered fragments, wN = built for N workgroups per SM instead
# of UK_SWEEP_TILE_WORKGROUPS, 2 by default).
set -euo pipefail
out=${1:?usage: $0 OUT_DIR}
llvm=${LLVM_PREFIX:-/usr/lib/llvm-22}
cd "$(dirname "$0")/.."
variants=(${UK_SWEEP_TILES:-
  t256x128x64s3w4x2:256:128:64:3:4:2:w1
  t128x256x64s3w2x4:128:256:64:3:2:4:w1
  t256x128x32s4w4x2:256:128:32:4:4:2:w1
  t128x128x64s3w2x4fp:128:128:64:3:2:4:fp,w1
  t128x128x32s4w2x4:128:128:32:4:2:4:w2
})
# GEMV variants: NAME:ROWS:UNROLL:MAX_M:MIN_WORKGROUPS_PER_SM:OPTIONS (OPTIONS:
# comma-separated, "-" for none; p = L2 256-byte prefetch hint on the weight loads,
# kN = N warps split K, so that a workgroup takes 8 x ROWS / N columns)
gemv=(${UK_SWEEP_GEMV:-
  g4x2m1:4:2:1:0:-
  g4x2m1p:4:2:1:0:p
  g2x2m4:2:2:4:0:-
  g4x4m1:4:4:1:0:-
  g8x1m1:8:1:1:0:-
  g8x2m1:8:2:1:0:-
})
# Decode variants of the tile ukernel (a tile of 16 rows, the warps of K
# splitting each stage): NAME:BM:BN:BK:STAGES:WARPS_M:WARPS_N:WARPS_K:MIN_WORKGROUPS_PER_SM[:OPTIONS]
# (OPTIONS, comma-separated: sk = each workgroup starts at its own K-tile)
dtiles=(${UK_SWEEP_DTILES:-
  d16x32k512s3:16:32:512:3:1:2:4:1
  d16x64k128s4:16:64:128:4:1:4:2:2
  d16x32k256s4:16:32:256:4:1:2:4:2
  d16x32k128s6:16:32:128:6:1:2:4:3
  d16x64k256s3:16:64:256:3:1:4:2:1
})
# -D flags of a variant's OPTIONS.
option_defines() {
  local d=()
  IFS=, read -ra opts <<< "$1"
  for o in "${opts[@]}"; do
    case "$o" in
      p) d+=(-DUK_STREAM_L2_256B) ;;
      fp) d+=(-DUK_TILE_FRAG_PIPE) ;;
      k[0-9]) d+=(-DUK_GEMV_WARPS_K=${o#k}) ;;
      w[0-9]) ;; # a bound, read by the tile loop
      sk) d+=(-DUK_TILE_STAGGER_K) ;;
      -) ;;
      *) echo "unknown option $o" >&2; exit 1 ;;
    esac
  done
  echo "${d[@]}"
}
# Device bitcode for sm_90 of one CUDA source: device_bc OUT SOURCE CLANG_ARGS...
device_bc() {
  local bc=$1 src=$2
  shift 2
  "$llvm/bin/clang" -x cuda --cuda-device-only -nocudainc -nocudalib --cuda-gpu-arch=sm_90 --cuda-feature=+ptx80 \
    -O3 -emit-llvm -c -std=c++17 "$@" "$src" -o "$bc"
}
# Dynamic shared memory of a tile variant: tile_smem STAGES BM BN BK. The
# stages, and 16 bytes per stage for its "full" and "empty" mbarriers
# (matmul_tile.cu).
tile_smem() { echo $(( $1 * ($2 + $3) * $4 * 2 + 16 * $1 )); }
# A bf16 tile ukernel of one shape: tile_bc SYMBOL LAYOUT BM BN BK STAGES WARPS_M WARPS_N WARPS_K CLANG_ARGS...
tile_bc() {
  local sym=$1 layout=$2 bm=$3 bn=$4 bk=$5 st=$6 wm=$7 wn=$8 wk=$9
  shift 9
  device_bc "$tmp/$sym.bc" ukernels/cuda/matmul_tile.cu -DUK_AB_BF16 "-DUK_B_${layout^^}" -DUK_TILE_BM=$bm \
    -DUK_TILE_BN=$bn -DUK_TILE_BK=$bk -DUK_TILE_STAGES=$st -DUK_TILE_WARPS_M=$wm -DUK_TILE_WARPS_N=$wn \
    -DUK_TILE_WARPS_K=$wk -DUK_TILE_SYMBOL=$sym -DUK_TILE_FORCE_INLINE "$@"
}
# The harness kernel of a GEMV variant: columns tile blockIdx.x.
decode_harness() {
  local sym=$1 bounds=$2
  cat >> "$harness" <<CU
extern "C" UK_DEVICE void $sym(const u16 *, i64, i64, const u16 *, i64, i64, float *, i64, i64, i64, i64, i64, i32, i32, i32,
                               void *, char *, i64, i64, const char *, i64);
extern "C" UK_GLOBAL $bounds void harness_$sym(const u16 *a, i64 lda, const u16 *b, i64 ldb, float *c, i64 ldc, i64 m, i64 n, i64 k, i32 acc) {
  $sym(a, 0, lda, b, 0, ldb, c, 0, ldc, m, n, k, 0, (i32)__nvvm_read_ptx_sreg_ctaid_x(), acc, 0, 0, 0, 0, 0, 0);
}
CU
}
mkdir -p "$out"
tmp=$(mktemp -d)
touch "$tmp/list.txt" "$tmp/skinny.txt"
harness="$tmp/harness.cu"
echo '#include "'"$PWD"'/ukernels/cuda/harness/matmul_harness.h"' > "$harness"
for v in "${variants[@]}"; do
  IFS=: read -r name bm bn bk st wm wn opts <<< "$v"
  for layout in nk kn; do
    sym="sweep_${name}_${layout}"
    tile_bc "$sym" "$layout" "$bm" "$bn" "$bk" "$st" "$wm" "$wn" 1 $(option_defines "${opts:--}")
    bound=${UK_SWEEP_TILE_WORKGROUPS:-2}
    [[ ",${opts:-}," =~ ,w([0-9]), ]] && bound=${BASH_REMATCH[1]}
    echo "UK_MM_HARNESS_SIZED($sym, $(( 32 * wm * wn )), $bound)" >> "$harness"
  done
  echo "$name $bm $bn $(tile_smem $st $bm $bn $bk) $(( 32 * wm * wn ))" >> "$tmp/list.txt"
done
for v in "${gemv[@]}"; do
  IFS=: read -r name rows unroll maxm minb opts <<< "$v"
  bounds=""
  [ "$minb" = 0 ] || bounds="__attribute__((launch_bounds(256, $minb)))"
  sym="sweep_${name}_nk"
  device_bc "$tmp/$sym.bc" ukernels/cuda/matmul_gemv.cu -DUK_AB_BF16 -DUK_B_NK -DUK_GEMV_ROWS=$rows \
    -DUK_GEMV_UNROLL=$unroll -DUK_GEMV_MAX_M=$maxm $(option_defines "$opts") -DUK_GEMV_SYMBOL=$sym
  decode_harness "$sym" "$bounds"
  wk=1
  [[ ",$opts," =~ ,k([0-9]), ]] && wk=${BASH_REMATCH[1]}
  echo "$name $(( 8 * rows / wk )) 256 $maxm" >> "$tmp/skinny.txt"
done
for v in "${dtiles[@]}"; do
  IFS=: read -r name bm bn bk st wm wn wk minb opts <<< "$v"
  sym="sweep_${name}_nk"
  tile_bc "$sym" nk "$bm" "$bn" "$bk" "$st" "$wm" "$wn" "$wk" $(option_defines "${opts:--}")
  echo "UK_MM_HARNESS_SIZED($sym, $(( 32 * wm * wn * wk )), $minb)" >> "$harness"
  echo "$name $bn $(( 32 * wm * wn * wk )) $bm $(tile_smem $st $bm $bn $bk)" >> "$tmp/skinny.txt"
done
device_bc "$tmp/harness.bc" "$harness"
"$llvm/bin/llvm-link" "$tmp"/*.bc -o "$tmp/linked.bc"
"$llvm/bin/opt" -O3 "$tmp/linked.bc" -o "$tmp/opt.bc"
"$llvm/bin/llc" -mcpu=sm_90 -mattr=+ptx80 "$tmp/opt.bc" -o "$out/matmul_sweep.sm_90.ptx"
cp "$tmp/list.txt" "$out/matmul_sweep.txt"
cp "$tmp/skinny.txt" "$out/matmul_sweep_skinny.txt"
rm -rf "$tmp"
echo "wrote $out/matmul_sweep.sm_90.ptx ($(wc -l < "$out/matmul_sweep.txt") tile variants x 2 layouts, $(wc -l < "$out/matmul_sweep_skinny.txt") decode variants)"
