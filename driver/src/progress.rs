//! `--progress`: a bar of the kernels' emission on stderr (indicatif) on a
//! terminal; elsewhere (a log) a line per tenth done.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use ukernel_target_nvptx::Progress;

const WIDTH: usize = 30;

fn log_line(done: usize, total: usize) -> String {
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH).min(WIDTH);
    format!("ukc: [{}{}] {done}/{total} module emissions", "#".repeat(filled), " ".repeat(WIDTH - filled))
}

/// The progress callback `ukc --progress` gives the emission.
pub fn bar() -> Progress {
    if std::io::stderr().is_terminal() {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("ukc: [{bar:30}] {pos}/{len} module emissions ({elapsed})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        return Progress(Arc::new(move |done, total| {
            bar.set_length(total as u64);
            // Threads may report out of order: the bar only moves forward.
            if done as u64 > bar.position() {
                bar.set_position(done as u64);
            }
            if done == total {
                bar.finish();
            }
        }));
    }
    // The most work reported and the last tenth printed.
    let state = Arc::new(Mutex::new((0usize, 0usize)));
    Progress(Arc::new(move |done, total| {
        let mut state = state.lock().unwrap_or_else(|p| p.into_inner());
        if done <= state.0 {
            return;
        }
        state.0 = done;
        let tenth = done * 10 / total.max(1);
        if tenth > state.1 {
            state.1 = tenth;
            let _ = writeln!(std::io::stderr().lock(), "{}", log_line(done, total));
        }
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_log_line_fills_with_the_work_done() {
        assert_eq!(super::log_line(0, 4), format!("ukc: [{}] 0/4 module emissions", " ".repeat(30)));
        assert_eq!(super::log_line(2, 4), format!("ukc: [{}{}] 2/4 module emissions", "#".repeat(15), " ".repeat(15)));
        assert_eq!(super::log_line(4, 4), format!("ukc: [{}] 4/4 module emissions", "#".repeat(30)));
    }
}
