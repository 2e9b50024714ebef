//! The emission's threads: work items taken in order by a fixed number of
//! threads, results kept in item order.

use crate::{LinkError, Progress, TargetError};

/// Runs `work` on every item with `jobs` threads taking items in order.
/// Once an item fails, items not yet taken are skipped (None); every item
/// before the first failure has been taken, so the first error in order is
/// always among the results.
pub(crate) fn run_on_threads<T: Copy + Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(T) -> Result<R, TargetError> + Sync,
    progress: Option<&Progress>,
) -> Result<Vec<Result<R, TargetError>>, TargetError> {
    use std::sync::{
        Mutex,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    };
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let slots: Mutex<Vec<Option<Result<R, TargetError>>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let worker = || {
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            if i >= items.len() || failed.load(Ordering::SeqCst) {
                break;
            }
            let r = work(items[i]);
            if r.is_err() {
                failed.store(true, Ordering::SeqCst);
            }
            slots.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
            let n = done.fetch_add(1, Ordering::SeqCst) + 1;
            if let Some(p) = progress {
                (p.0)(n, items.len());
            }
        }
    };
    let spawned: Result<(), TargetError> = std::thread::scope(|scope| {
        let mut handles = Vec::new();
        for _ in 0..jobs {
            // LLVM's recursion wants more than a spawned thread's default stack.
            let h = std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(scope, worker)
                .map_err(|e| TargetError::Link(LinkError::Target(format!("cannot start a thread: {e}"))))?;
            handles.push(h);
        }
        for h in handles {
            h.join().map_err(|_| {
                TargetError::Link(LinkError::Target("internal error: an emission thread panicked".into()))
            })?;
        }
        Ok(())
    });
    spawned?;
    let slots = slots.into_inner().unwrap_or_else(|p| p.into_inner());
    Ok(slots
        .into_iter()
        .map(|s| s.unwrap_or_else(|| Err(TargetError::Link(LinkError::Target("skipped after an error".into())))))
        .collect())
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
