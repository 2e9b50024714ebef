//! Checks of the input text before MLIR's parser sees it, for inputs that
//! would kill the process inside upstream code rather than get a
//! diagnostic: a NUL byte (the parser takes C strings), nesting deeper than
//! the parser's recursion can take (a stack overflow), and a
//! `dialect_resources` blob whose alignment prefix is not a power of two
//! (LLVM aborts with "out of memory"), an `iterator_types` entry that is
//! neither a string nor an iterator-type attribute (upstream's linalg
//! parser aborts), and a `permutation` or `dimensions` of linalg's custom
//! forms (`linalg.transpose`, `linalg.broadcast`, `linalg.reduce`) that is
//! not a bracketed list of integers (upstream's parser dereferences the
//! attribute it failed to parse). Each is a located error.

use crate::location::{CapturedDiagnostic, Severity, SourcePos};

/// Deepest nesting of `{ ( [ <` accepted, as clang's `-fbracket-depth`
/// (256 there); real IR stays far below, MLIR's parser overflows the stack
/// at a few thousand.
pub const MAX_NESTING: usize = 512;

/// The first problem of `text` (named `file`), if any.
pub fn check_input(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    if let Some(d) = nul_byte(text, file) {
        return Some(d);
    }
    // Comments blanked (offsets kept), so that none can hide what follows;
    // string contents too where only the structure matters.
    let code = blanked(text, false);
    let structure = blanked(text, true);
    nesting(&structure, file)
        .or_else(|| resource_alignment(&code, file))
        .or_else(|| iterator_types(&structure, file))
        .or_else(|| integer_lists(&structure, file))
}

/// The keywords of linalg's custom forms that take `[i, j, ...]`.
const INTEGER_LIST_KEYWORDS: [&str; 2] = ["permutation", "dimensions"];

/// After `permutation =` or `dimensions =` (as keywords: not part of a
/// name), a `[` starts a list that must be integers separated by commas up
/// to its `]`; anything else but the generic form's `array<...>` is an
/// error at the keyword's value.
fn integer_lists(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    for keyword in INTEGER_LIST_KEYWORDS {
        let mut from = 0;
        while let Some(found) = text[from..].find(keyword) {
            let key = from + found;
            from = key + keyword.len();
            let before = text[..key].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '%' | '@' | '$' | '.' | '#' | '^'))
            {
                continue;
            }
            let after = &text[from..];
            if after.chars().next().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            let Some(value) = after.trim_start().strip_prefix('=') else { continue };
            let value = value.trim_start();
            let offset = text.len() - value.len();
            if value.starts_with("array<") {
                continue;
            }
            let bad = || {
                let shown: String = value.chars().take_while(|c| *c != '\n').take(24).collect();
                Some(at(
                    text,
                    file,
                    offset,
                    format!("'{keyword}' takes a list of integers like [1, 0]; found '{}'", shown.trim_end()),
                ))
            };
            let Some(body) = value.strip_prefix('[') else { return bad() };
            let Some(end) = body.find(']') else { return bad() };
            let items = body[..end].trim();
            let integers = items.is_empty()
                || items.split(',').all(|item| {
                    let item = item.trim();
                    let digits = item.strip_prefix('-').unwrap_or(item);
                    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
                });
            if !integers {
                return bad();
            }
        }
    }
    None
}

/// `text` with every `//` comment outside string literals (and with
/// `strings`, the contents of string literals) replaced by spaces, byte for
/// byte: offsets, lines and columns stay the same.
fn blanked(text: &str, strings: bool) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        match bytes[i] {
            // An escaped ASCII byte (`\"`) does not end the string.
            b'\\' if in_string => {
                let escaped_ascii = bytes.get(i + 1).is_some_and(|b| b.is_ascii() && *b != b'\n');
                if strings {
                    bytes[i] = b' ';
                    if escaped_ascii {
                        bytes[i + 1] = b' ';
                    }
                }
                if escaped_ascii {
                    i += 1;
                }
            }
            b'"' => in_string = !in_string,
            b'\n' => in_string = false,
            _ if in_string && strings => bytes[i] = b' ',
            b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    bytes[i] = b' ';
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    // Whole UTF-8 sequences were blanked or kept, so this cannot fail.
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_string())
}

fn at(text: &str, file: &str, offset: usize, message: String) -> CapturedDiagnostic {
    let (line, column) = crate::location::line_column(text.as_bytes(), offset);
    CapturedDiagnostic {
        severity: Severity::Error,
        pos: Some(SourcePos { file: file.to_string(), line, column }),
        message,
        notes: vec![],
    }
}

/// MLIR's parser takes C strings: a NUL byte would end the input early (and
/// melior's parse panics on one).
pub fn nul_byte(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    let offset = text.find('\0')?;
    Some(at(text, file, offset, "the input contains a NUL byte, which an MLIR file cannot hold".into()))
}

/// The byte offsets of the text outside string literals and `//` comments,
/// as (offset, byte) pairs.
fn code_bytes(text: &str) -> impl Iterator<Item = (usize, u8)> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let b = bytes[i];
            if b == b'"' {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                continue;
            }
            if b == b'/' && bytes.get(i + 1) == Some(&b'/') {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            i += 1;
            return Some((i - 1, b));
        }
        None
    })
}

fn nesting(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    let mut depth = 0usize;
    for (offset, b) in code_bytes(text) {
        match b {
            b'{' | b'(' | b'[' | b'<' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(at(
                        text,
                        file,
                        offset,
                        format!("nesting deeper than {MAX_NESTING} levels of brackets, braces or parentheses"),
                    ));
                }
            }
            b'}' | b')' | b']' => depth = depth.saturating_sub(1),
            // `>` also ends `->`; only a `<` it closes counts.
            b'>' if offset > 0 && text.as_bytes()[offset - 1] != b'-' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Each hex blob (`"0x..."`) after `dialect_resources` starts with its
/// alignment as a little-endian u32, which must be a power of two.
fn resource_alignment(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    let start = text.find("dialect_resources")?;
    let mut rest = &text[start..];
    let mut base = start;
    while let Some(found) = rest.find("\"0x") {
        let hex_start = base + found + 3;
        let hex: String = text[hex_start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
        if hex.len() >= 8 {
            let bytes: Vec<u8> = (0..4).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
            let alignment = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
            if !alignment.is_power_of_two() {
                return Some(at(
                    text,
                    file,
                    base + found,
                    format!("resource blob alignment {alignment} (its first 4 bytes) is not a power of two"),
                ));
            }
        }
        base = hex_start;
        rest = &text[hex_start..];
    }
    None
}

/// Each entry of an `iterator_types = [...]` list must be a string
/// (`"parallel"`) or an iterator-type attribute (`#linalg.iterator_type<...>`);
/// in `linalg.generic`'s custom form (`linalg.generic {indexing_maps = ...,
/// iterator_types = [...]}`) only a string: upstream's parser of that form
/// aborts on an attribute, which only the generic op form
/// (`"linalg.generic"(...) <{iterator_types = [...]}>`) takes.
fn iterator_types(text: &str, file: &str) -> Option<CapturedDiagnostic> {
    let mut from = 0;
    while let Some(found) = text[from..].find("iterator_types") {
        let key = from + found;
        let custom_generic = text[..key].rfind("linalg.generic").is_some_and(|op| {
            let quoted = text[..op].ends_with('"');
            !quoted && !text[op..key].contains("<{") && !text[op..key].contains("linalg.yield")
        });
        let key_end = from + found + "iterator_types".len();
        from = key_end;
        let after = &text[key_end..];
        let Some(list) = after.trim_start().strip_prefix('=').map(str::trim_start) else { continue };
        let Some(body) = list.strip_prefix('[') else { continue };
        let list_start = text.len() - body.len();
        // The entries up to the matching `]` (strings hold no brackets that
        // matter here: entries are checked by their first character).
        let mut depth = 0usize;
        let mut entry_start = list_start;
        for (i, c) in body.char_indices() {
            let at_offset = list_start + i;
            let end_of_entry = match c {
                '[' | '<' | '(' | '{' => {
                    depth += 1;
                    false
                }
                ']' if depth == 0 => true,
                ']' | '>' | ')' | '}' => {
                    depth = depth.saturating_sub(1);
                    false
                }
                ',' if depth == 0 => true,
                _ => false,
            };
            if end_of_entry {
                let entry = text[entry_start..at_offset].trim();
                // Strings (linalg's custom form) or an iterator-type attribute
                // (`#linalg.iterator_type<...>`, vector.contract's
                // `#vector.iterator_type<...>`).
                let ok = entry.is_empty()
                    || entry.starts_with('"')
                    || (entry.starts_with('#')
                        && !custom_generic
                        && entry.split('<').next().is_some_and(|h| h.ends_with(".iterator_type")));
                if !ok {
                    let offset = entry_start
                        + (text[entry_start..at_offset].len() - text[entry_start..at_offset].trim_start().len());
                    return Some(at(
                        text,
                        file,
                        offset,
                        if custom_generic && entry.starts_with('#') {
                            format!(
                                "iterator_types entry '{entry}' in linalg.generic's custom form must be \"parallel\" \
                                 or \"reduction\" (the attribute is for the generic op form)"
                            )
                        } else {
                            format!("iterator_types entry '{entry}' is not \"parallel\" or \"reduction\"")
                        },
                    ));
                }
                if c == ']' {
                    break;
                }
                entry_start = at_offset + 1;
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::check_input;

    fn message(text: &str) -> Option<String> {
        check_input(text, "in.mlir").map(|d| d.render(None).trim_end().to_string())
    }

    #[test]
    fn deep_nesting_is_an_error_at_the_bracket_too_deep() {
        let deep = format!("{}{}", "[".repeat(600), "]".repeat(600));
        assert_eq!(
            message(&deep).unwrap(),
            "in.mlir:1:513: error: nesting deeper than 512 levels of brackets, braces or parentheses"
        );
        // Brackets in strings and comments, and arrows, do not count.
        let fine = format!("// {}\n\"{}\" -> -> -> {{}}", "[".repeat(600), "(".repeat(600));
        assert_eq!(message(&fine), None);
    }

    #[test]
    fn resource_alignment_must_be_a_power_of_two() {
        let blob = |hex: &str| {
            format!("{{-#\n  dialect_resources: {{\n    builtin: {{\n      b: \"0x{hex}\"\n    }}\n  }}\n#-}}\n")
        };
        assert_eq!(message(&blob("040000000000803F")), None);
        assert_eq!(
            message(&blob("000000000000803F")).unwrap(),
            "in.mlir:4:10: error: resource blob alignment 0 (its first 4 bytes) is not a power of two"
        );
        assert!(message(&blob("03000000")).is_some());
    }

    #[test]
    fn iterator_types_entries_must_be_strings() {
        let generic = |list: &str| format!("linalg.generic {{indexing_maps = [], iterator_types = {list}}}");
        assert_eq!(message(&generic("[\"parallel\", \"reduction\"]")), None);
        // The custom form takes strings only (upstream's parser aborts on an
        // attribute there); the generic op form takes the attribute.
        assert_eq!(
            message(&generic("[#linalg.iterator_type<parallel>]")).unwrap(),
            "in.mlir:1:55: error: iterator_types entry '#linalg.iterator_type<parallel>' in linalg.generic's custom \
             form must be \"parallel\" or \"reduction\" (the attribute is for the generic op form)"
        );
        let generic_form = |list: &str| format!("\"linalg.generic\"(%a) <{{iterator_types = {list}}}> ({{}})");
        assert_eq!(message(&generic_form("[#linalg.iterator_type<parallel>]")), None);
        assert_eq!(message("vector.contract {iterator_types = [#vector.iterator_type<reduction>]}"), None);
        assert!(message(&generic("[#linalg.foo<parallel>]")).is_some());
        assert_eq!(
            message(&generic("[\"parallel\", unit]")).unwrap(),
            "in.mlir:1:67: error: iterator_types entry 'unit' is not \"parallel\" or \"reduction\""
        );
        assert!(message(&generic("[3 : i64]")).is_some());
        assert!(message(&generic("[[\"parallel\"]]")).is_some());
        // A comment between the key and the list hides nothing.
        assert!(message("iterator_types// x\n = [unit]").is_some());
        assert_eq!(message("// iterator_types = [unit]\n\"iterator_types = [unit]\""), None);
    }

    #[test]
    fn linalg_integer_lists_must_be_integers() {
        let transpose = |p: &str| format!("%t = linalg.transpose ins(%k : t) outs(%e : t) permutation = {p}\n");
        assert_eq!(message(&transpose("[1, 0]")), None);
        assert_eq!(message(&transpose("[ 1 ,0 ]")), None);
        assert_eq!(
            message(&transpose("[x]")).as_deref(),
            Some("in.mlir:1:62: error: 'permutation' takes a list of integers like [1, 0]; found '[x]'")
        );
        assert!(message(&transpose("[1, ")).is_some());
        assert!(message(&transpose("5")).is_some());
        assert!(message("linalg.reduce ins(%k : t) outs(%e : t) dimensions = [y]").is_some());
        assert_eq!(message("linalg.broadcast ins(%k : t) outs(%e : t) dimensions = [0, 2]"), None);
        // The generic form's array attribute and other names are not the keyword.
        assert_eq!(message("\"linalg.transpose\"(%a, %b) <{permutation = array<i64: 1, 0>}>"), None);
        assert_eq!(message("%permutation = arith.constant 0 : i32"), None);
        assert_eq!(message("func.func @dimensions_x(%a: i32) attributes {my_dimensions = 3}"), None);
    }

    #[test]
    fn nul_byte_is_located() {
        assert_eq!(
            message("module {\n  x\0\n}").unwrap(),
            "in.mlir:2:4: error: the input contains a NUL byte, which an MLIR file cannot hold"
        );
    }
}
