//! The project's tools: `ukernel-opt` and the `ukc` compiler driver.

#[cfg(feature = "compiler")]
pub mod compile;
#[cfg(feature = "compiler")]
pub mod guard;
pub mod linalg_gen;
#[cfg(feature = "compiler")]
pub mod opt;
#[cfg(feature = "compiler")]
pub mod oracle;
#[cfg(feature = "compiler")]
pub mod progress;
#[cfg(feature = "compiler")]
pub mod served_devices;
#[cfg(feature = "compiler")]
pub mod tune;
#[cfg(feature = "compiler")]
pub mod ukc;

pub use ukc_runner::{read_bounded, read_file_bounded, reference, run, runner, write_atomically, write_stdout};
