//! Diagnostics captured from MLIR with their source positions, so that tools
//! can print `file:line:col: error: ...` and match `expected-*` comments.

use std::{cell::RefCell, fmt, rc::Rc};

use melior::{
    Context,
    diagnostic::{Diagnostic, DiagnosticSeverity},
    ir::Location,
};
use mlir_sys::{
    MlirLocation, mlirIdentifierStr, mlirLocationCallSiteGetCallee, mlirLocationFileLineColRangeGetFilename,
    mlirLocationFileLineColRangeGetStartColumn, mlirLocationFileLineColRangeGetStartLine,
    mlirLocationFusedGetLocations, mlirLocationFusedGetNumLocations, mlirLocationIsACallSite,
    mlirLocationIsAFileLineColRange, mlirLocationIsAFused, mlirLocationIsAName, mlirLocationNameGetChildLoc,
};

/// A source position; `line` and `column` start at 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// The first file/line/column position inside `location`, looking through
/// name, call-site (callee) and fused locations as MLIR's own tools do.
pub fn source_pos(location: Location) -> Option<SourcePos> {
    pos_of(location.to_raw())
}

fn pos_of(raw: MlirLocation) -> Option<SourcePos> {
    // SAFETY: `raw` is a live location; each accessor is used only on the kind just tested.
    unsafe {
        if mlirLocationIsAFileLineColRange(raw) {
            let name = mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(raw));
            let bytes = std::slice::from_raw_parts(name.data as *const u8, name.length);
            return Some(SourcePos {
                file: String::from_utf8_lossy(bytes).into_owned(),
                line: mlirLocationFileLineColRangeGetStartLine(raw).max(0) as u32,
                column: mlirLocationFileLineColRangeGetStartColumn(raw).max(0) as u32,
            });
        }
        if mlirLocationIsAName(raw) {
            return pos_of(mlirLocationNameGetChildLoc(raw));
        }
        if mlirLocationIsACallSite(raw) {
            return pos_of(mlirLocationCallSiteGetCallee(raw));
        }
        if mlirLocationIsAFused(raw) {
            let n = mlirLocationFusedGetNumLocations(raw);
            let mut locs = vec![MlirLocation { ptr: std::ptr::null_mut() }; n as usize];
            mlirLocationFusedGetLocations(raw, locs.as_mut_ptr());
            return locs.into_iter().find_map(pos_of);
        }
    }
    None
}

/// Severity of a captured diagnostic, spelled as MLIR prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
    Note,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Remark => "remark",
            Severity::Note => "note",
        }
    }
}

impl From<DiagnosticSeverity> for Severity {
    fn from(s: DiagnosticSeverity) -> Self {
        match s {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Remark => Severity::Remark,
            DiagnosticSeverity::Note => Severity::Note,
        }
    }
}

/// A diagnostic copied out of MLIR, with its notes.
#[derive(Clone, Debug)]
pub struct CapturedDiagnostic {
    pub severity: Severity,
    pub pos: Option<SourcePos>,
    pub message: String,
    pub notes: Vec<CapturedDiagnostic>,
}

impl CapturedDiagnostic {
    fn capture(d: &Diagnostic) -> Self {
        let notes = (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| Self::capture(&n)).collect();
        Self { severity: d.severity().into(), pos: source_pos(d.location()), message: d.to_string(), notes }
    }

    /// Prints as `file:line:col: severity: message`, notes on following lines.
    /// `display_file` replaces the recorded file name (e.g. the real path of
    /// a buffer that was parsed under another name).
    pub fn render(&self, display_file: Option<&str>) -> String {
        let mut out = String::new();
        self.render_into(display_file, &mut out);
        out
    }

    fn render_into(&self, display_file: Option<&str>, out: &mut String) {
        use std::fmt::Write;
        match &self.pos {
            Some(p) => {
                let file = display_file.unwrap_or(&p.file);
                let _ = write!(out, "{file}:{}:{}: ", p.line, p.column);
            }
            None => {
                if let Some(f) = display_file {
                    let _ = write!(out, "{f}: ");
                }
            }
        }
        let _ = writeln!(out, "{}: {}", self.severity.as_str(), self.message);
        for n in &self.notes {
            n.render_into(display_file, out);
        }
    }
}

impl fmt::Display for CapturedDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.render(None).trim_end())
    }
}

/// Runs `f` with every diagnostic it raises captured (and not printed).
pub fn capture_diagnostics<T>(context: &Context, f: impl FnOnce() -> T) -> (T, Vec<CapturedDiagnostic>) {
    let seen = Rc::new(RefCell::new(Vec::new()));
    let sink = seen.clone();
    let id = context.attach_diagnostic_handler(move |d| {
        sink.borrow_mut().push(CapturedDiagnostic::capture(&d));
        true
    });
    let result = f();
    context.detach_diagnostic_handler(id);
    let diagnostics = seen.take();
    (result, diagnostics)
}

/// Like [`capture_diagnostics`], rendered one line per diagnostic.
pub fn collect_diagnostics<T>(context: &Context, f: impl FnOnce() -> T) -> (T, Vec<String>) {
    let (r, d) = capture_diagnostics(context, f);
    (r, d.iter().map(|d| d.to_string()).collect())
}

/// The 1-based line and column of byte `offset` of `text`.
pub fn line_column(text: &[u8], offset: usize) -> (u32, u32) {
    let before = &text[..offset.min(text.len())];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = before.len() - before.iter().rposition(|&b| b == b'\n').map_or(0, |n| n + 1) + 1;
    (line as u32, column as u32)
}
