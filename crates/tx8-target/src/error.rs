//! Errors of the target description: a hardware configuration that does not
//! load or validate, and a tensor placement the card's layouts cannot hold.

/// Why a target fact could not be given.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TargetError {
    /// The hardware configuration file or its values.
    #[error("{0}")]
    Config(String),
    /// A layout, format and shape the card cannot place.
    #[error("layout: {0}")]
    Layout(String),
    /// An operator-library call with arguments the operator does not
    /// support (a view's box outside the view).
    #[error("operator {op}: {reason}")]
    Operator { op: String, reason: String },
}
