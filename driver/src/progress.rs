//! `--progress`: a bar of the kernels' emission on stderr. On a terminal it
//! redraws one line; elsewhere (a log) it prints a line per tenth done.

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use ukernel_target_nvptx::Progress;

const WIDTH: usize = 30;

fn bar_line(done: usize, total: usize) -> String {
    let filled = (done * WIDTH).checked_div(total).unwrap_or(WIDTH).min(WIDTH);
    format!("ukc: [{}{}] {done}/{total} module emissions", "#".repeat(filled), " ".repeat(WIDTH - filled))
}

/// The progress callback `ukc --progress` gives the emission.
pub fn bar() -> Progress {
    let terminal = std::io::stderr().is_terminal();
    // The most work drawn and the last tenth printed: threads may report
    // out of order, and a late smaller count is not drawn.
    let state = Arc::new(Mutex::new((0usize, 0usize)));
    Progress(Arc::new(move |done, total| {
        let mut state = state.lock().unwrap_or_else(|p| p.into_inner());
        if done <= state.0 {
            return;
        }
        state.0 = done;
        let mut err = std::io::stderr().lock();
        if terminal {
            let _ = write!(err, "\r{}", bar_line(done, total));
            if done == total {
                let _ = writeln!(err);
            }
        } else {
            let tenth = done * 10 / total.max(1);
            if tenth > state.1 {
                state.1 = tenth;
                let _ = writeln!(err, "{}", bar_line(done, total));
            }
        }
    }))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bar_fills_with_the_work_done() {
        assert_eq!(super::bar_line(0, 4), format!("ukc: [{}] 0/4 module emissions", " ".repeat(30)));
        assert_eq!(super::bar_line(2, 4), format!("ukc: [{}{}] 2/4 module emissions", "#".repeat(15), " ".repeat(15)));
        assert_eq!(super::bar_line(4, 4), format!("ukc: [{}] 4/4 module emissions", "#".repeat(30)));
    }
}
