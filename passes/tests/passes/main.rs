//! The passes crate's one integration-test binary (each statically linked
//! test binary costs ~250 MB and seconds to link); areas are modules.

mod kernel_config;
mod pipeline;
