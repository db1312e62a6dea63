//! tx8c's transformations on the tx8be dialect (see ARCHITECTURE.md, "tx8c").

pub mod boxes;
