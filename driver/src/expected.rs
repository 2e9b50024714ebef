//! `--verify-diagnostics`: the `expected-error`/`-warning`/`-remark`/`-note`
//! comments of MLIR's test files, and matching them against what was emitted.
//!
//! Forms: `// expected-error {{text}}` (this line), `@+N`/`@-N` (relative
//! line), `@above`/`@below`, and `@N` (absolute line). A diagnostic matches
//! when severity and line agree and its message contains the text.

use ukernel_dialect::location::{CapturedDiagnostic, Severity};

#[derive(Debug, Clone)]
pub struct Expected {
    pub severity: Severity,
    /// Line the diagnostic is expected on.
    pub line: usize,
    /// Line and column of the comment itself, for reports.
    pub comment_line: usize,
    pub comment_column: usize,
    pub text: String,
}

/// Collects the expectations written in `text` (a chunk with its original
/// line numbers), or an error for a malformed one, as `(line, col, message)`.
pub fn parse_expectations(text: &str) -> Result<Vec<Expected>, (usize, usize, String)> {
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let mut rest_start = 0;
        while let Some(found) = line[rest_start..].find("expected-") {
            let start = rest_start + found;
            let after = &line[start + "expected-".len()..];
            let (severity, kind_len) = [
                ("error", Severity::Error),
                ("warning", Severity::Warning),
                ("remark", Severity::Remark),
                ("note", Severity::Note),
            ]
            .iter()
            .find(|(k, _)| after.starts_with(k))
            .map(|(k, s)| (*s, k.len()))
            .unwrap_or((Severity::Error, 0));
            if kind_len == 0 {
                rest_start = start + 1;
                continue;
            }
            let mut rest = after[kind_len..].trim_start();
            let column = start + 1;
            let mut target = line_no;
            if let Some(r) = rest.strip_prefix('@') {
                let end = r.find(|c: char| c.is_whitespace() || c == '{').unwrap_or(r.len());
                let designator = &r[..end];
                target = match designator {
                    "above" => line_no.saturating_sub(1),
                    "below" => line_no + 1,
                    d if d.starts_with('+') => {
                        d[1..].parse::<usize>().map(|n| line_no + n).map_err(|_| bad(line_no, column, d))?
                    }
                    d if d.starts_with('-') => d[1..]
                        .parse::<usize>()
                        .map(|n| line_no.saturating_sub(n))
                        .map_err(|_| bad(line_no, column, d))?,
                    d => d.parse::<usize>().map_err(|_| bad(line_no, column, d))?,
                };
                rest = r[end..].trim_start();
            }
            let Some(body) = rest.strip_prefix("{{") else {
                return Err((line_no, column, "expected '{{' to start the expected diagnostic text".into()));
            };
            let Some(close) = body.find("}}") else {
                return Err((line_no, column, "expected '}}' to end the expected diagnostic text".into()));
            };
            out.push(Expected {
                severity,
                line: target,
                comment_line: line_no,
                comment_column: column,
                text: body[..close].to_string(),
            });
            rest_start = line.len() - body[close..].len() + 2;
        }
    }
    Ok(out)
}

fn bad(line: usize, column: usize, designator: &str) -> (usize, usize, String) {
    (line, column, format!("invalid line designator '@{designator}' in expected diagnostic"))
}

/// Matches emitted diagnostics (notes included) against expectations.
/// Returns the report lines, `file:line:col: error: ...`, for every
/// unexpected diagnostic and every expectation that was not met.
pub fn check(file: &str, emitted: &[CapturedDiagnostic], expected: &[Expected]) -> Vec<String> {
    let mut flat = Vec::new();
    for d in emitted {
        flatten(d, &mut flat);
    }
    let mut met = vec![false; expected.len()];
    let mut report = Vec::new();
    for d in flat {
        let line = d.pos.as_ref().map(|p| p.line as usize);
        let hit = expected.iter().enumerate().position(|(i, e)| {
            !met[i] && e.severity == d.severity && Some(e.line) == line && d.message.contains(&e.text)
        });
        match hit {
            Some(i) => met[i] = true,
            None => {
                let at = match &d.pos {
                    Some(p) => format!("{file}:{}:{}", p.line, p.column),
                    None => file.to_string(),
                };
                report.push(format!("{at}: error: unexpected {}: {}", d.severity.as_str(), d.message));
            }
        }
    }
    for (e, met) in expected.iter().zip(met) {
        if !met {
            report.push(format!(
                "{file}:{}:{}: error: expected {} \"{}\" was not produced",
                e.comment_line,
                e.comment_column,
                e.severity.as_str(),
                e.text
            ));
        }
    }
    report
}

fn flatten<'a>(d: &'a CapturedDiagnostic, out: &mut Vec<&'a CapturedDiagnostic>) {
    out.push(d);
    for n in &d.notes {
        flatten(n, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn designators_resolve_to_lines() {
        let text = "x\n// expected-error@+1 {{boom}}\ny\n// expected-remark @above {{r}} expected-note@1 {{n}}\n";
        let e = parse_expectations(text).unwrap();
        assert_eq!(e.len(), 3);
        assert_eq!((e[0].line, e[0].severity, e[0].text.as_str()), (3, Severity::Error, "boom"));
        assert_eq!((e[1].line, e[1].severity), (3, Severity::Remark));
        assert_eq!((e[2].line, e[2].severity), (1, Severity::Note));
    }

    #[test]
    fn unterminated_text_is_an_error() {
        assert!(parse_expectations("// expected-error {{oops\n").is_err());
    }
}
