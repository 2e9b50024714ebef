//! The argmax family's CPU reference: what each semantics computes.

use crate::reference::Element;

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

/// What a `linalg.generic` argmax with the NaN-ignoring combiner
/// (`maxnumf`, `cmpf ogt`, `select`) computes from a -inf / 0 start: NaN
/// elements change nothing, so the index is that of the first maximum of
/// the other elements; a row of only NaN and -inf gives (0, -inf).
pub fn argmax_maxnum<T: Element>(row: &[T]) -> (usize, f32) {
    let (mut index, mut acc) = (0usize, f32::NEG_INFINITY);
    for (i, &x) in row.iter().enumerate() {
        let v = x.to_f32();
        if v > acc {
            index = i;
            acc = v;
        }
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
    use crate::reference::{BF16, F16};

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
    fn maxnum_form_skips_nan() {
        let nan = f32::NAN;
        assert_eq!(argmax_maxnum(&[nan, 1.0f32, nan, 3.0, 3.0, nan]), (3, 3.0));
        assert_eq!(argmax_maxnum(&[nan, f32::NEG_INFINITY, nan]), (0, f32::NEG_INFINITY));
        assert_eq!(argmax_maxnum::<f32>(&[]), (0, f32::NEG_INFINITY));
        assert_eq!(argmax_maxnum(&[BF16::from_f32(nan), BF16::from_f32(-2.0)]), (1, -2.0));
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
