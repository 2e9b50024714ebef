//! Kernels whose modules are identical but for their own names (the same
//! dispatch in every layer of a model) are linked, optimized and emitted
//! once per arch. The shared module is emitted with its own symbols (the
//! kernel, the globals and functions it defines) numbered, and each
//! kernel's PTX is that PTX with the numbers replaced by its own names. Names
//! appear in PTX only as identifiers: the entry, its parameters (the entry's
//! name and `_param_<i>`) and globals. ptxas still runs per kernel, since a
//! cubin holds the names.

use std::collections::HashMap;
use std::sync::OnceLock;

use ukernel_dialect::GpuArch;

/// The prefix of the names a shared module's own symbols get while it is
/// emitted (`__ukc_shared_0` the kernel, then the globals and functions it
/// defines, in order). A module whose text already holds it is not shared.
pub const PLACEHOLDER: &str = "__ukc_shared_";

/// A character of an unquoted LLVM IR name.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "_.$-".contains(c)
}

/// A name of letters, digits and `_`, which PTX spells as LLVM IR does
/// (NVPTX rewrites `.` and `$` in the names of globals and internal
/// functions, which a renaming back after emission would not match).
fn is_ptx_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| !c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The names the module defines for itself: its one kernel first, then the
/// globals and functions it defines, in order (linking makes them internal;
/// LLVM's own `llvm.*` globals keep their names). None when a name is not
/// spelled the same in LLVM IR and PTX.
fn own_symbols(ir: &str, kernel: &str) -> Option<Vec<String>> {
    let mut names = vec![kernel.to_string()];
    for line in ir.lines() {
        let name = if let Some(rest) = line.strip_prefix('@') {
            let (name, rest) = rest.split_once(" = ")?;
            (!rest.starts_with("external ") && !name.starts_with("llvm.")).then_some(name)
        } else if line.starts_with("define ") && !line.starts_with("define ptx_kernel ") {
            Some(line.split_once('@').and_then(|(_, r)| r.split_once('(')).map(|(n, _)| n)?)
        } else {
            None
        };
        if let Some(name) = name {
            if !is_ptx_name(name) {
                return None;
            }
            names.push(name.to_string());
        }
    }
    is_ptx_name(kernel).then_some(names)
}

/// The module's text with its own symbols named `__ukc_shared_<i>`, and
/// those names in order; None when the module cannot be shared that way: a
/// name is spelled otherwise in PTX, the kernel is referred to anywhere but
/// its definition, or the text already holds the placeholder.
pub fn canonical_ir(ir: &str, kernel: &str) -> Option<(String, Vec<String>)> {
    if ir.contains(PLACEHOLDER) {
        return None;
    }
    let names = own_symbols(ir, kernel)?;
    let index: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    let mut out = String::with_capacity(ir.len());
    let mut kernel_uses = 0;
    let mut rest = ir;
    while let Some(at) = rest.find('@') {
        out.push_str(&rest[..at + 1]);
        rest = &rest[at + 1..];
        let end = rest.find(|c: char| !is_name_char(c)).unwrap_or(rest.len());
        match index.get(&rest[..end]) {
            Some(&i) => {
                kernel_uses += (i == 0) as usize;
                out.push_str(&format!("{PLACEHOLDER}{i}"));
            }
            None => out.push_str(&rest[..end]),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    let defined = out.contains(&format!("define ptx_kernel void @{PLACEHOLDER}0("));
    (kernel_uses == 1 && defined).then_some((out, names))
}

/// `text` (PTX or IR emitted from a canonical module) with the module's own
/// names: `__ukc_shared_<i>` becomes `names[i]`.
pub fn rename(text: &str, names: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(PLACEHOLDER) {
        out.push_str(&rest[..at]);
        let after = &rest[at + PLACEHOLDER.len()..];
        let digits = after.find(|c: char| !c.is_ascii_digit()).unwrap_or(after.len());
        match after[..digits].parse::<usize>().ok().and_then(|i| names.get(i)) {
            Some(name) => out.push_str(name),
            None => out.push_str(&rest[at..at + PLACEHOLDER.len() + digits]),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// What one shared module's emission for one arch gave: PTX and IR under the
/// placeholder, and the objects linked; None when it failed (each kernel then
/// reports its own error).
pub type SharedOutput = Option<(String, Option<String>, Vec<String>)>;

/// The groups of partitions (of one kernel each) whose canonical modules are
/// equal, and one emission slot per group and arch.
pub struct Shared {
    /// Per partition, its group when the group has two members or more.
    group: Vec<Option<usize>>,
    /// Per partition that could share, its own symbols (see
    /// [`canonical_ir`]).
    names: Vec<Vec<String>>,
    /// Per group, the canonical module.
    canonical: Vec<String>,
    arches: Vec<GpuArch>,
    /// Per group, then per arch (in the order of `arches`), its emission.
    slots: Vec<OnceLock<SharedOutput>>,
}

impl Shared {
    /// Groups `(kernels, ir)` partitions, with an emission slot per group for
    /// each of `arches`.
    pub fn new<'p>(partitions: impl Iterator<Item = (&'p [String], &'p str)>, arches: &[GpuArch]) -> Self {
        let mut by_text: HashMap<String, Vec<usize>> = HashMap::new();
        let mut names = Vec::new();
        for (p, (kernels, ir)) in partitions.enumerate() {
            names.push(Vec::new());
            if let [kernel] = kernels
                && let Some((text, own)) = canonical_ir(ir, kernel)
            {
                by_text.entry(text).or_default().push(p);
                names[p] = own;
            }
        }
        let mut groups: Vec<(String, Vec<usize>)> = by_text.into_iter().filter(|(_, ps)| ps.len() > 1).collect();
        groups.sort_by_key(|(_, ps)| ps[0]);
        let mut group = vec![None; names.len()];
        let mut canonical = Vec::new();
        for (g, (text, members)) in groups.into_iter().enumerate() {
            for p in members {
                group[p] = Some(g);
            }
            canonical.push(text);
        }
        let slots = (0..canonical.len() * arches.len()).map(|_| OnceLock::new()).collect();
        Shared { group, names, canonical, arches: arches.to_vec(), slots }
    }

    /// The group of partition `p`, when it shares its module.
    pub fn group_of(&self, p: usize) -> Option<usize> {
        self.group[p]
    }

    /// The own symbols of partition `p` (of a group), for [`rename`].
    pub fn names(&self, p: usize) -> &[String] {
        &self.names[p]
    }

    /// The canonical module of group `g`.
    pub fn canonical(&self, g: usize) -> &str {
        &self.canonical[g]
    }

    /// The emission slot of group `g` for `arch` (one of those given to
    /// [`Shared::new`]).
    pub fn slot(&self, g: usize, arch: GpuArch) -> &OnceLock<SharedOutput> {
        let a = self.arches.iter().position(|x| *x == arch).expect("an arch the groups were made for");
        &self.slots[g * self.arches.len() + a]
    }

    /// Partitions that take their code from another one's emission.
    pub fn reused(&self) -> usize {
        let groups = self.canonical.len();
        self.group.iter().filter(|g| g.is_some()).count() - groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(kernel: &str, scratch: &str) -> String {
        format!(
            "@{scratch} = internal global [16 x i8] zeroinitializer\n\
             declare void @uk_argmax_f32i64(ptr)\n\
             define ptx_kernel void @{kernel}(ptr %0) {{\n  call void @uk_argmax_f32i64(ptr @{scratch})\n  ret void\n}}\n\
             define internal void @{kernel}_helper() {{\n  ret void\n}}\n"
        )
    }

    #[test]
    fn own_symbols_are_numbered_and_named_back() {
        let ir = module("layer3", "__ukernel_scratch_7");
        let (canonical, names) = canonical_ir(&ir, "layer3").unwrap();
        assert_eq!(names, ["layer3", "__ukernel_scratch_7", "layer3_helper"]);
        assert!(canonical.contains("define ptx_kernel void @__ukc_shared_0(ptr %0)"));
        assert!(canonical.contains("call void @uk_argmax_f32i64(ptr @__ukc_shared_1)"));
        assert!(canonical.contains("define internal void @__ukc_shared_2()"));
        assert_eq!(rename(&canonical, &names), ir);
        // PTX spells parameters after the entry's name.
        assert_eq!(
            rename(".entry __ukc_shared_0(.param .u64 __ukc_shared_0_param_0)", &names),
            ".entry layer3(.param .u64 layer3_param_0)"
        );
    }

    #[test]
    fn modules_that_refer_to_their_kernel_or_hold_the_placeholder_are_not_shared() {
        let ir = module("layer3", "s");
        let refers = format!("{ir}@list = global ptr @layer3\n");
        assert_eq!(canonical_ir(&refers, "layer3"), None);
        let holds = format!("{ir}; {PLACEHOLDER}9\n");
        assert_eq!(canonical_ir(&holds, "layer3"), None);
        assert_eq!(canonical_ir(&module("9k", "s"), "9k"), None);
        // Names with `.` (NVPTX rewrites them in globals) are not shared.
        assert_eq!(canonical_ir(&module("layer.3", "s"), "layer.3"), None);
        assert_eq!(canonical_ir(&module("layer3", "s.0"), "layer3"), None);
        assert_eq!(canonical_ir(&ir, "other"), None);
    }

    #[test]
    fn equal_modules_but_for_their_own_names_form_a_group() {
        let names: Vec<Vec<String>> = ["a", "b", "c", "d"].iter().map(|n| vec![n.to_string()]).collect();
        let irs = [
            module("a", "__ukernel_scratch_0"),
            module("b", "__ukernel_scratch_1"),
            module("c", "__ukernel_scratch_2").replace("[16 x i8]", "[32 x i8]"),
            module("d", "__ukernel_scratch_3"),
        ];
        let shared = Shared::new(
            names.iter().map(|k| &k[..]).zip(irs.iter().map(|s| s.as_str())),
            &[GpuArch::portable(80), GpuArch::portable(90)],
        );
        assert_eq!(shared.group_of(0), Some(0));
        assert_eq!(shared.group_of(1), Some(0));
        assert_eq!(shared.group_of(2), None);
        assert_eq!(shared.group_of(3), Some(0));
        assert_eq!(shared.reused(), 2);
        assert_eq!(rename(shared.canonical(0), shared.names(3)), irs[3]);
    }
}
