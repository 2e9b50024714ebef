//! CPU reference implementations of the ukernels' semantics, used to check
//! GPU results.

/// An element type as stored in memory, comparable as f32 (exactly, for f16
/// and bf16).
pub trait Element: Copy {
    fn to_f32(self) -> f32;
}

impl Element for f32 {
    fn to_f32(self) -> f32 {
        self
    }
}

/// IEEE half precision, as raw bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct F16(pub u16);

/// bfloat16, as raw bits (the upper half of an f32).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BF16(pub u16);

impl Element for BF16 {
    fn to_f32(self) -> f32 {
        half::bf16::from_bits(self.0).to_f32()
    }
}

impl BF16 {
    /// Rounds to nearest even; NaN stays NaN.
    pub fn from_f32(x: f32) -> Self {
        Self(half::bf16::from_f32(x).to_bits())
    }
}

impl Element for F16 {
    fn to_f32(self) -> f32 {
        half::f16::from_bits(self.0).to_f32()
    }
}

impl F16 {
    /// Rounds to nearest even; out of range becomes infinity.
    pub fn from_f32(x: f32) -> Self {
        Self(half::f16::from_f32(x).to_bits())
    }
}

/// Argmax of one row: `(index, value)` of the first maximum, NaN counting as
/// greater than every number; a row of -inf gives index 0. `None` for an
/// empty row.
pub fn argmax<T: Element>(row: &[T]) -> Option<(usize, T)> {
    let mut best: Option<(usize, T)> = None;
    for (i, &x) in row.iter().enumerate() {
        let v = x.to_f32();
        best = match best {
            None => Some((i, x)),
            Some((_, b)) if b.to_f32().is_nan() => best,
            Some(_) if v.is_nan() => Some((i, x)),
            Some((_, b)) if v > b.to_f32() => Some((i, x)),
            keep => keep,
        };
    }
    best
}

/// What a `linalg.generic` argmax with the plain combiner (`maximumf`,
/// `cmpf ogt`, `select`) computes from a -inf / 0 start: the value is NaN
/// once a NaN is seen (maximumf propagates it), and the index is that of the
/// last strict improvement, so of the first maximum before the first NaN.
/// Returns (index, value as f32); (0, -inf) for an empty row.
pub fn argmax_ogt<T: Element>(row: &[T]) -> (usize, f32) {
    let (mut index, mut acc) = (0usize, f32::NEG_INFINITY);
    for (i, &x) in row.iter().enumerate() {
        let v = x.to_f32();
        if v > acc {
            index = i;
        }
        acc = if v.is_nan() || acc.is_nan() { f32::NAN } else { v.max(acc) };
    }
    (index, acc)
}

/// Argmax of each of `rows` rows of `length` elements, `row_stride` apart.
pub fn argmax_rows<T: Element>(data: &[T], rows: usize, length: usize, row_stride: usize) -> Vec<Option<(usize, T)>> {
    (0..rows).map(|r| argmax(&data[r * row_stride..r * row_stride + length])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_maximum_wins_ties() {
        assert_eq!(argmax(&[1.0f32, 3.0, 2.0, 3.0]), Some((1, 3.0)));
    }

    #[test]
    fn first_nan_is_the_maximum() {
        let r = argmax(&[1.0f32, f32::NAN, 5.0, f32::NAN]).unwrap();
        assert_eq!(r.0, 1);
        assert!(r.1.is_nan());
        assert_eq!(argmax(&[f32::NAN, f32::INFINITY]).unwrap().0, 0);
    }

    #[test]
    fn row_of_negative_infinity_gives_index_zero() {
        assert_eq!(argmax(&[f32::NEG_INFINITY; 7]), Some((0, f32::NEG_INFINITY)));
        assert_eq!(argmax(&[f32::NEG_INFINITY, f32::NEG_INFINITY, -1e30]), Some((2, -1e30)));
    }

    #[test]
    fn odd_lengths_and_empty_rows() {
        let row: Vec<f32> = (0..13).map(|i| ((i * 7) % 13) as f32).collect();
        assert_eq!(argmax(&row), Some((11, 12.0)));
        assert_eq!(argmax::<f32>(&[]), None);
        assert_eq!(argmax(&[-0.0f32, 0.0]), Some((0, -0.0)), "-0 == +0: the first wins");
    }

    #[test]
    fn half_types_compare_exactly() {
        // 1 + 2^-10 and 1 are distinct in f16; bf16 cannot hold 1 + 2^-10.
        let h = [F16::from_f32(1.0), F16::from_f32(1.0 + 1.0 / 1024.0), F16::from_f32(1.0)];
        assert_eq!(argmax(&h).unwrap().0, 1);
        let b = [BF16::from_f32(1.0), BF16::from_f32(1.0 + 1.0 / 1024.0)];
        assert_eq!(b[0], b[1]);
        assert_eq!(argmax(&b).unwrap().0, 0);
        assert_eq!(argmax(&[BF16::from_f32(-3.0), BF16(0x7fc0), BF16::from_f32(9.0)]).unwrap().0, 1);
    }

    #[test]
    fn f16_conversions_round_trip() {
        for x in [0.0f32, -0.0, 1.0, -2.5, 65504.0, 6.1035156e-5, 5.9604645e-8, 50.0 * 5.9604645e-8, f32::INFINITY] {
            assert_eq!(F16::from_f32(x).to_f32(), x, "{x}");
        }
        assert!(F16(0x7e00).to_f32().is_nan());
        assert_eq!(F16::from_f32(1e6).0, 0x7c00);
        assert_eq!(BF16::from_f32(1.0).to_f32(), 1.0);
    }

    #[test]
    fn plain_ogt_form_keeps_the_index_before_the_first_nan() {
        let (i, v) = argmax_ogt(&[1.0f32, 7.0, f32::NAN, 9.0]);
        assert_eq!(i, 1);
        assert!(v.is_nan());
        assert_eq!(argmax_ogt(&[3.0f32, 5.0, 5.0]), (1, 5.0));
        assert_eq!(argmax_ogt(&[f32::NEG_INFINITY; 3]), (0, f32::NEG_INFINITY));
        assert_eq!(argmax_ogt::<f32>(&[]), (0, f32::NEG_INFINITY));
    }

    #[test]
    fn rows_with_stride() {
        let data = [1.0f32, 5.0, 0.0, 9.0, 2.0, 8.0, 3.0, 0.0];
        assert_eq!(argmax_rows(&data, 2, 3, 4), vec![Some((1, 5.0)), Some((1, 8.0))]);
    }
}

/// Matmul on the CPU in f64: `C[m][n] = init[m][n] + sum_k a[m][k] * b(k, n)`
/// with `b(k, n) = b[n * k_len + k]` when `b_is_nk`, else `b[k * n_len + n]`
/// (dense row-major operands, already widened from their element type).
pub fn matmul_f64(a: &[f32], b: &[f32], init: &[f32], m: usize, n: usize, k: usize, b_is_nk: bool) -> Vec<f64> {
    let mut c: Vec<f64> = init.iter().map(|&x| x as f64).collect();
    for i in 0..m {
        for j in 0..n {
            let mut s = 0.0f64;
            for l in 0..k {
                let bv = if b_is_nk { b[j * k + l] } else { b[l * n + j] };
                s += a[i * k + l] as f64 * bv as f64;
            }
            c[i * n + j] += s;
        }
    }
    c
}

/// The error bound a matmul with f32 accumulation is checked against, for
/// one output whose products have absolute values summing to `abs_sum`
/// over `k` terms: each product of two 16-bit floats is exact in f32, and
/// each of the k additions rounds once (relative error 2^-24), so the error
/// is at most about k * 2^-24 * abs_sum; a factor of 4 covers the reference's
/// own rounding and the ukernel's summation order, and a small absolute
/// term the outputs that cancel to zero.
pub fn matmul_tolerance(k: usize, abs_sum: f64) -> f64 {
    4.0 * (k.max(1) as f64) * f32::EPSILON as f64 / 2.0 * abs_sum + 1e-6
}

#[cfg(test)]
mod matmul_tests {
    #[test]
    fn reference_handles_both_layouts_and_the_init() {
        // A = [[1, 2]], B(k, n) = [[3, 4, 5], [6, 7, 8]], init 1.
        let a = [1.0, 2.0];
        let kn = [3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        let nk = [3.0, 6.0, 4.0, 7.0, 5.0, 8.0];
        let init = [1.0; 3];
        let want = vec![16.0, 19.0, 22.0];
        assert_eq!(super::matmul_f64(&a, &kn, &init, 1, 3, 2, false), want);
        assert_eq!(super::matmul_f64(&a, &nk, &init, 1, 3, 2, true), want);
    }
}
