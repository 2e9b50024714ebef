//! Launch-grid extents as functions of a kernel's argument shapes: what
//! `ukernel-gpu-distribute` derives from the loop bounds, records on each
//! kernel as text (`ukernel.grid`), and the packager reads back.
//!
//! Text form: an integer, `%argN[D]` (dimension D of argument N), `a*b`, and
//! `ceildiv(e, c)`; products bind tighter than nothing else, so `ceildiv`
//! takes any expression.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GridExpr {
    Const(u64),
    /// Dimension `dim` of kernel argument `arg`.
    ArgDim {
        arg: usize,
        dim: usize,
    },
    Mul(Box<GridExpr>, Box<GridExpr>),
    /// `ceil(e / c)`.
    CeilDiv(Box<GridExpr>, u64),
}

impl GridExpr {
    pub fn mul(a: GridExpr, b: GridExpr) -> Self {
        match (a, b) {
            (GridExpr::Const(1), e) | (e, GridExpr::Const(1)) => e,
            (a, b) => GridExpr::Mul(Box::new(a), Box::new(b)),
        }
    }

    /// Parses the text form.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (e, rest) = Self::product(text.trim())?;
        if !rest.trim().is_empty() {
            return Err(format!("unexpected '{rest}' in grid expression '{text}'"));
        }
        Ok(e)
    }

    fn product(text: &str) -> Result<(Self, &str), String> {
        let (mut e, mut rest) = Self::factor(text)?;
        while let Some(r) = rest.trim_start().strip_prefix('*') {
            let (f, r) = Self::factor(r.trim_start())?;
            e = GridExpr::Mul(Box::new(e), Box::new(f));
            rest = r;
        }
        Ok((e, rest))
    }

    fn factor(text: &str) -> Result<(Self, &str), String> {
        let bad = || format!("bad grid term '{text}'");
        if let Some(r) = text.strip_prefix("ceildiv(") {
            let (e, r) = Self::product(r.trim_start())?;
            let r = r.trim_start().strip_prefix(',').ok_or_else(bad)?.trim_start();
            let end = r.find(')').ok_or_else(bad)?;
            let c: u64 = r[..end].trim().parse().map_err(|_| bad())?;
            if c == 0 {
                return Err(bad());
            }
            return Ok((GridExpr::CeilDiv(Box::new(e), c), &r[end + 1..]));
        }
        if let Some(r) = text.strip_prefix("%arg") {
            let open = r.find('[').ok_or_else(bad)?;
            let close = r.find(']').ok_or_else(bad)?;
            let arg = r[..open].parse().map_err(|_| bad())?;
            let dim = r[open + 1..close].parse().map_err(|_| bad())?;
            return Ok((GridExpr::ArgDim { arg, dim }, &r[close + 1..]));
        }
        let end = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
        let c = text[..end].parse().map_err(|_| bad())?;
        Ok((GridExpr::Const(c), &text[end..]))
    }
}

impl fmt::Display for GridExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridExpr::Const(c) => write!(f, "{c}"),
            GridExpr::ArgDim { arg, dim } => write!(f, "%arg{arg}[{dim}]"),
            GridExpr::Mul(a, b) => write!(f, "{a}*{b}"),
            GridExpr::CeilDiv(e, c) => write!(f, "ceildiv({e}, {c})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::GridExpr;

    #[test]
    fn text_round_trips() {
        for text in ["1", "%arg0[1]", "4*%arg2[0]*%arg2[1]", "ceildiv(%arg2[1], 128)", "ceildiv(3*%arg0[0], 16)*2"] {
            let e = GridExpr::parse(text).unwrap();
            assert_eq!(e.to_string(), text);
            assert_eq!(GridExpr::parse(&e.to_string()).unwrap(), e);
        }
        for bad in ["", "%arg", "ceildiv(1, 0)", "ceildiv(%arg0[0] 3)", "2*", "x"] {
            assert!(GridExpr::parse(bad).is_err(), "{bad}");
        }
    }
}
