//! The emission's threads: a rayon pool of `jobs` threads with the stack
//! LLVM needs, results kept in item order.

use crate::{LinkError, Progress, TargetError};

/// Runs `work` on every item on a pool of `jobs` threads. Once an item
/// fails, the items after it that have not started are skipped (an error
/// saying so); no item before the first failure is skipped, so the first
/// error in item order is always a real one.
pub(crate) fn run_on_threads<T: Copy + Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(T) -> Result<R, TargetError> + Sync,
    progress: Option<&Progress>,
) -> Result<Vec<Result<R, TargetError>>, TargetError> {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        // LLVM's recursion wants more than a spawned thread's default stack.
        .stack_size(64 << 20)
        .thread_name(|i| format!("ukc-emit-{i}"))
        .build()
        .map_err(|e| TargetError::Link(LinkError::Target(format!("cannot start the emission threads: {e}"))))?;
    // The index of the first item that failed (items.len(): none yet).
    let first_failure = AtomicUsize::new(items.len());
    let done = AtomicUsize::new(0);
    let results = pool.install(|| {
        items
            .par_iter()
            .enumerate()
            .with_max_len(1)
            .map(|(i, item)| {
                if i > first_failure.load(Ordering::SeqCst) {
                    return Err(TargetError::Link(LinkError::Target("skipped after an error".into())));
                }
                let r = work(*item);
                if r.is_err() {
                    first_failure.fetch_min(i, Ordering::SeqCst);
                }
                let n = done.fetch_add(1, Ordering::SeqCst) + 1;
                if let Some(p) = progress {
                    (p.0)(n, items.len());
                }
                r
            })
            .collect()
    });
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    #[test]
    fn results_keep_item_order_and_the_first_error_is_kept() {
        let items: Vec<usize> = (0..40).collect();
        let seen = Arc::new(Mutex::new(Vec::new()));
        let recorder = seen.clone();
        let progress = Progress(Arc::new(move |done, total| recorder.lock().unwrap().push((done, total))));
        let out = run_on_threads(&items, 3, |i| Ok(i * 2), Some(&progress)).unwrap();
        assert_eq!(out.into_iter().map(|r| r.unwrap()).collect::<Vec<_>>(), (0..40).map(|i| i * 2).collect::<Vec<_>>());
        let mut counts: Vec<usize> = seen
            .lock()
            .unwrap()
            .iter()
            .map(|(d, t)| {
                assert_eq!(*t, 40);
                *d
            })
            .collect();
        counts.sort();
        assert_eq!(counts, (1..=40).collect::<Vec<_>>());

        let fail = |i: usize| if i == 7 || i == 30 { Err(TargetError::Translate) } else { Ok(i) };
        let out = run_on_threads(&items, 4, fail, None).unwrap();
        // Every item before the first failure ran; the first error is item 7's.
        assert!(out[..7].iter().all(|r| r.is_ok()));
        assert!(matches!(out[7], Err(TargetError::Translate)));
    }
}
