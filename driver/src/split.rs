//! `--split-input-file`: cuts a buffer at `// -----` lines into chunks that are
//! processed independently, each padded with newlines so that line numbers in
//! diagnostics are those of the whole file.

/// One chunk of an input file.
pub struct Chunk {
    /// The chunk's text, preceded by one newline per line before it.
    pub text: String,
    /// 1-based line of the chunk's first line in the file.
    pub first_line: usize,
}

const MARKER: &str = "// -----";

/// Splits `source` at lines that start with `// -----`. Without `split`, the
/// whole buffer is one chunk.
pub fn split_input(source: &str, split: bool) -> Vec<Chunk> {
    if !split {
        return vec![Chunk { text: source.to_string(), first_line: 1 }];
    }
    let mut chunks = Vec::new();
    let mut current = String::new();
    let mut first_line = 1;
    for (index, line) in source.split_inclusive('\n').enumerate() {
        if line.trim_start().starts_with(MARKER) {
            chunks.push(Chunk { text: std::mem::take(&mut current), first_line });
            first_line = index + 2;
            current = "\n".repeat(first_line - 1);
        } else {
            current.push_str(line);
        }
    }
    chunks.push(Chunk { text: current, first_line });
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_keep_their_line_numbers() {
        let chunks = split_input("a\n// -----\nb\nc\n// -----\nd", true);
        assert_eq!(chunks.len(), 3);
        assert_eq!(chunks[1].first_line, 3);
        assert_eq!(chunks[1].text, "\n\nb\nc\n");
        assert_eq!(chunks[2].text.lines().nth(5), Some("d"));
        assert_eq!(split_input("a\n// -----\nb", false).len(), 1);
    }
}
