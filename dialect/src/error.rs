/// Errors from loading the dialect or reading and building its attributes.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("the ukernel dialect definition did not load: {0}")]
    DialectLoad(String),
    #[error("expected a #ukernel.{expected} attribute, found {found}")]
    NotThisAttribute { expected: &'static str, found: String },
    #[error("#ukernel.{attr}: missing field `{field}`")]
    MissingField { attr: &'static str, field: &'static str },
    #[error("#ukernel.{attr}: field `{field}` must be {expected}, found {found}")]
    FieldType { attr: &'static str, field: &'static str, expected: &'static str, found: String },
    #[error("#ukernel.{attr}: {message}")]
    InvalidValue { attr: &'static str, message: String },
    #[error("cannot build #ukernel.{0}: the ukernel dialect is not loaded in this context")]
    NotLoaded(&'static str),
}
