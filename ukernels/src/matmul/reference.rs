//! The matmul family's CPU reference and the error bound results are
//! checked against.

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
mod tests {
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
