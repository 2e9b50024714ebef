//! Typed views of the `ukernel` attributes. Each view is plain Rust data:
//! `TryFrom<Attribute>` reads one (the error names the missing or mistyped
//! field) and `to_attribute` builds it in a context.

use std::borrow::Cow;

use melior::{
    Context,
    ir::{
        Attribute, Identifier, Type,
        attribute::{ArrayAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute},
        r#type::{IntegerType, TypeLike},
    },
};

use crate::{DIALECT, DynamicAttr, Error, dense_resource_bytes};
pub use ukernel_runtime::arch::{GpuArch, KNOWN_ARCHES, KnownArch};

// ---------------------------------------------------------------------------
// #ukernel.target
// ---------------------------------------------------------------------------

/// Which ukernels the selection may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UKernelSelection {
    All,
    None,
    /// Family names, in the order written (e.g. `"argmax,matmul"`).
    List(Vec<String>),
}

impl UKernelSelection {
    /// Parses `all`, `none` or a comma-separated list of family names.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text.trim() {
            "all" => Ok(Self::All),
            "none" | "" => Ok(Self::None),
            list => {
                let names: Vec<String> = list.split(',').map(|s| s.trim().to_string()).collect();
                if names.iter().any(|n| n.is_empty()) {
                    return Err(format!("empty entry in ukernel list \"{list}\""));
                }
                Ok(Self::List(names))
            }
        }
    }

    /// Whether the family `name` may be used.
    pub fn allows(&self, name: &str) -> bool {
        match self {
            Self::All => true,
            Self::None => false,
            Self::List(names) => names.iter().any(|n| n == name),
        }
    }

    pub fn to_text(&self) -> String {
        match self {
            Self::All => "all".into(),
            Self::None => "none".into(),
            Self::List(names) => names.join(","),
        }
    }
}

/// `#ukernel.target<{arch = "sm_90", ukernels = "all", sm_count = 132 : i64}>`:
/// the GPU the module's dispatches are compiled for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// Compute capability as `major * 10 + minor` (90 for `sm_90`).
    pub sm: u32,
    /// Whether the arch is the arch-specific form (`sm_90a`).
    pub specific: bool,
    /// Whether the arch is the family-specific form (`sm_100f`).
    pub family: bool,
    pub ukernels: UKernelSelection,
    /// Streaming multiprocessors on the GPU; guides how long rows are split.
    /// When absent, [`Target::multiprocessors`] gives a typical count.
    pub sm_count: Option<u32>,
}

impl Target {
    pub fn new(sm: u32, ukernels: UKernelSelection) -> Self {
        Self { sm, specific: false, family: false, ukernels, sm_count: None }
    }

    pub fn gpu_arch(&self) -> GpuArch {
        GpuArch { sm: self.sm, specific: self.specific, family: self.family }
    }

    /// `sm_90`, `sm_90a` and the like.
    pub fn arch(&self) -> String {
        self.gpu_arch().to_string()
    }

    /// The multiprocessor count to plan for: the target's own, or that of the
    /// usual data-center part of the arch (A100 108, H100/H200 132).
    pub fn multiprocessors(&self) -> u32 {
        self.sm_count.unwrap_or(match self.sm {
            0..=79 => 80,
            80..=89 => 108,
            _ => 132,
        })
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Result<Attribute<'c>, Error> {
        let mut fields = vec![
            ("arch", StringAttribute::new(context, &self.arch()).into()),
            ("ukernels", StringAttribute::new(context, &self.ukernels.to_text()).into()),
        ];
        if let Some(n) = self.sm_count {
            fields.push(("sm_count", i64_attr(context, n as i64)));
        }
        build(context, "target", vec![dictionary(context, &fields)])
    }
}

/// Parses `sm_90` (also `sm_90a`) into 90.
pub fn parse_sm_arch(arch: &str) -> Option<u32> {
    GpuArch::parse(arch).map(|a| a.sm)
}

impl<'c> TryFrom<Attribute<'c>> for Target {
    type Error = Error;
    fn try_from(attr: Attribute<'c>) -> Result<Self, Error> {
        let f = Fields::of(attr, "target")?;
        let arch = f.string("arch")?;
        let GpuArch { sm, specific, family } =
            GpuArch::parse_known(&arch).map_err(|e| Error::InvalidValue { attr: "target", message: e.to_string() })?;
        let ukernels = match f.optional("ukernels") {
            None => UKernelSelection::All,
            Some(_) => UKernelSelection::parse(&f.string("ukernels")?)
                .map_err(|message| Error::InvalidValue { attr: "target", message })?,
        };
        let sm_count = match f.optional_i64("sm_count")? {
            None => None,
            Some(n) if n > 0 && n <= u32::MAX as i64 => Some(n as u32),
            Some(n) => {
                return Err(Error::InvalidValue {
                    attr: "target",
                    message: format!("sm_count must be positive, found {n}"),
                });
            }
        };
        Ok(Self { sm, specific, family, ukernels, sm_count })
    }
}

// ---------------------------------------------------------------------------
// #ukernel.spec
// ---------------------------------------------------------------------------

/// `#ukernel.spec<"uk_argmax_f32i64", {family = "argmax", abi = [...], ...}>`:
/// a ukernel by symbol name and what the stages after KernelConfig need of
/// it, so that none looks the library's registry up again (as IREE's
/// `ukernel_descriptor` carries its ukernel): its family, the element types
/// it takes, its integer facts (tiles, launch shape) and tags, the shared
/// memory its caller's workgroup must give, its C ABI, the semantics it
/// implements, and further attributes its declaration carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UKernelSpec {
    pub name: String,
    /// The family whose lowering builds the call (`argmax`, `matmul`);
    /// empty in a spec without a descriptor, which cannot be lowered.
    pub family: String,
    /// Element types of the op's operands it takes (MLIR spelling).
    pub operand_types: Vec<String>,
    /// Integer facts: tile sizes, limits, launch shape (`cluster_m`,
    /// `min_workgroups_per_sm`).
    pub facts: Vec<(String, i64)>,
    /// Textual facts (`b_layout`, `fusion`, ...).
    pub tags: Vec<(String, String)>,
    /// The C ABI, one (name, LLVM type) per parameter, in order.
    pub abi: Vec<(String, String)>,
    /// Static shared memory the ukernel declares.
    pub shared_memory_bytes: u32,
    /// Dynamic shared memory the kernel's launch must provide.
    pub dynamic_shared_memory_bytes: u32,
    /// The family's name for what the ukernel computes where variants of one
    /// family differ (argmax: `first-nan` or `ogt`); empty when they do not.
    pub semantics: String,
    /// Further function-definition attributes, as (name, attribute text).
    pub def_attrs: Vec<(String, String)>,
}

/// Spec fields with a meaning of their own; every other field is a
/// definition attribute of the ukernel's declaration.
const SPEC_FIELDS: [&str; 8] = [
    "shared_memory_bytes",
    "dynamic_shared_memory_bytes",
    "semantics",
    "family",
    "operand_types",
    "facts",
    "tags",
    "abi",
];

impl UKernelSpec {
    pub fn new(name: impl Into<String>, shared_memory_bytes: u32) -> Self {
        Self {
            name: name.into(),
            family: String::new(),
            operand_types: Vec::new(),
            facts: Vec::new(),
            tags: Vec::new(),
            abi: Vec::new(),
            shared_memory_bytes,
            dynamic_shared_memory_bytes: 0,
            semantics: String::new(),
            def_attrs: Vec::new(),
        }
    }

    /// Whether it carries what lowering needs: its family and ABI.
    pub fn has_descriptor(&self) -> bool {
        !self.family.is_empty() && !self.abi.is_empty()
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Result<Attribute<'c>, Error> {
        let mut fields = vec![("shared_memory_bytes".to_string(), i64_attr(context, self.shared_memory_bytes as i64))];
        if self.dynamic_shared_memory_bytes > 0 {
            fields.push((
                "dynamic_shared_memory_bytes".to_string(),
                i64_attr(context, self.dynamic_shared_memory_bytes as i64),
            ));
        }
        if !self.semantics.is_empty() {
            fields.push(("semantics".to_string(), StringAttribute::new(context, &self.semantics).into()));
        }
        if !self.family.is_empty() {
            fields.push(("family".to_string(), StringAttribute::new(context, &self.family).into()));
        }
        if !self.operand_types.is_empty() {
            fields.push(("operand_types".to_string(), string_array(context, self.operand_types.iter())));
        }
        if !self.facts.is_empty() {
            let facts: Vec<(&str, Attribute)> =
                self.facts.iter().map(|(k, v)| (k.as_str(), i64_attr(context, *v))).collect();
            fields.push(("facts".to_string(), dictionary(context, &facts)));
        }
        if !self.tags.is_empty() {
            let tags: Vec<(&str, Attribute)> =
                self.tags.iter().map(|(k, v)| (k.as_str(), StringAttribute::new(context, v).into())).collect();
            fields.push(("tags".to_string(), dictionary(context, &tags)));
        }
        if !self.abi.is_empty() {
            let abi: Vec<String> = self.abi.iter().map(|(name, ty)| format!("{name}: {ty}")).collect();
            fields.push(("abi".to_string(), string_array(context, abi.iter())));
        }
        for (k, text) in &self.def_attrs {
            let value = Attribute::parse(context, text).ok_or_else(|| Error::InvalidValue {
                attr: "spec",
                message: format!("def_attrs entry `{k}` is not an attribute: {text}"),
            })?;
            fields.push((k.clone(), value));
        }
        let fields: Vec<(&str, Attribute)> = fields.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let name = StringAttribute::new(context, &self.name).into();
        build(context, "spec", vec![name, dictionary(context, &fields)])
    }
}

impl<'c> TryFrom<Attribute<'c>> for UKernelSpec {
    type Error = Error;
    fn try_from(attr: Attribute<'c>) -> Result<Self, Error> {
        let params = params_of(attr, "spec")?;
        let name = crate::string_value(params[0]).ok_or_else(|| field_type("spec", "name", "a string", params[0]))?;
        if name.is_empty() {
            return Err(Error::InvalidValue { attr: "spec", message: "the ukernel name is empty".into() });
        }
        let dict = DictionaryAttribute::try_from(params[1])
            .map_err(|_| field_type("spec", "def_attrs", "a dictionary", params[1]))?;
        let f = Fields { attr: "spec", dict };
        let bytes = |field: &'static str| -> Result<u32, Error> {
            let v = f.optional_i64(field)?.unwrap_or(0);
            u32::try_from(v).map_err(|_| Error::InvalidValue {
                attr: "spec",
                message: format!("{field} must be in 0..2^32, found {v}"),
            })
        };
        let shared_memory_bytes = bytes("shared_memory_bytes")?;
        let dynamic_shared_memory_bytes = bytes("dynamic_shared_memory_bytes")?;
        let semantics = match f.optional("semantics") {
            None => String::new(),
            Some(_) => f.string("semantics")?,
        };
        let family = match f.optional("family") {
            None => String::new(),
            Some(_) => f.string("family")?,
        };
        let operand_types = f.optional_string_list("operand_types")?;
        let facts = f.optional_int_dict("facts")?;
        let tags = f.optional_string_dict("tags")?;
        let abi = f
            .optional_string_list("abi")?
            .into_iter()
            .map(|p| match p.split_once(':') {
                Some((name, ty)) if !name.trim().is_empty() && !ty.trim().is_empty() => {
                    Ok((name.trim().to_string(), ty.trim().to_string()))
                }
                _ => Err(Error::InvalidValue {
                    attr: "spec",
                    message: format!("abi entries are \"name: type\", found \"{p}\""),
                }),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut def_attrs = Vec::new();
        for i in 0..dict.len() {
            let (k, v) = dict.element(i).map_err(|e| Error::InvalidValue { attr: "spec", message: e.to_string() })?;
            let k = k.as_string_ref().as_str().unwrap_or_default().to_string();
            if !SPEC_FIELDS.contains(&k.as_str()) {
                def_attrs.push((k, v.to_string()));
            }
        }
        Ok(Self {
            name,
            family,
            operand_types,
            facts,
            tags,
            abi,
            shared_memory_bytes,
            dynamic_shared_memory_bytes,
            semantics,
            def_attrs,
        })
    }
}

// ---------------------------------------------------------------------------
// #ukernel.lowering_config
// ---------------------------------------------------------------------------

/// `#ukernel.lowering_config<{...}>`: how a dispatch's root op is tiled onto
/// the GPU, and the ukernel that implements it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoweringConfig {
    /// Tile of each loop per workgroup; 0 leaves the loop whole.
    pub workgroup: Vec<i64>,
    /// Tile of each reduction loop inside a workgroup; 0 leaves it whole.
    pub reduction: Vec<i64>,
    /// Threads per workgroup, x, y, z.
    pub workgroup_size: [i64; 3],
    /// Parameters owned by the ukernel's family (argmax: `split`, how many
    /// workgroups share one row), by name; printed only when there are any.
    pub params: Vec<(String, i64)>,
    pub ukernel: Option<UKernelSpec>,
}

impl LoweringConfig {
    /// The family parameter `name`, if set.
    pub fn param(&self, name: &str) -> Option<i64> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| *v)
    }
}

impl LoweringConfig {
    pub fn to_attribute<'c>(&self, context: &'c Context) -> Result<Attribute<'c>, Error> {
        let mut fields = vec![
            ("workgroup", i64_array(context, &self.workgroup)),
            ("reduction", i64_array(context, &self.reduction)),
            ("workgroup_size", i64_array(context, &self.workgroup_size)),
        ];
        if !self.params.is_empty() {
            let params: Vec<(&str, Attribute)> =
                self.params.iter().map(|(k, v)| (k.as_str(), i64_attr(context, *v))).collect();
            fields.push(("params", dictionary(context, &params)));
        }
        if let Some(spec) = &self.ukernel {
            fields.push(("ukernel", spec.to_attribute(context)?));
        }
        build(context, "lowering_config", vec![dictionary(context, &fields)])
    }
}

impl<'c> TryFrom<Attribute<'c>> for LoweringConfig {
    type Error = Error;
    fn try_from(attr: Attribute<'c>) -> Result<Self, Error> {
        let f = Fields::of(attr, "lowering_config")?;
        let workgroup = f.i64_list("workgroup")?;
        let reduction = if f.optional("reduction").is_some() { f.i64_list("reduction")? } else { Vec::new() };
        let size = f.i64_list("workgroup_size")?;
        let workgroup_size: [i64; 3] = size.as_slice().try_into().map_err(|_| Error::InvalidValue {
            attr: "lowering_config",
            message: format!("workgroup_size must have 3 entries, found {}", size.len()),
        })?;
        if workgroup_size.iter().any(|&s| s < 1) {
            return Err(Error::InvalidValue {
                attr: "lowering_config",
                message: format!("workgroup_size entries must be positive, found {size:?}"),
            });
        }
        let params = f.optional_int_dict("params")?;
        let ukernel = f.optional("ukernel").map(UKernelSpec::try_from).transpose()?;
        Ok(Self { workgroup, reduction, workgroup_size, params, ukernel })
    }
}

// ---------------------------------------------------------------------------
// #ukernel.object
// ---------------------------------------------------------------------------

/// `#ukernel.object<{path = "...", data = dense_resource<...> : vector<Nxi8>}>`:
/// an executable object (ukernel bitcode) identified by its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExecutableObject {
    pub path: String,
    /// Borrowed when built from embedded bytes (no copy into MLIR), owned
    /// when read back from IR.
    pub data: Cow<'static, [u8]>,
}

impl ExecutableObject {
    pub fn new(path: impl Into<String>, data: impl Into<Cow<'static, [u8]>>) -> Self {
        Self { path: path.into(), data: data.into() }
    }

    pub fn to_attribute<'c>(&self, context: &'c Context) -> Result<Attribute<'c>, Error> {
        if self.data.is_empty() {
            return Err(Error::InvalidValue {
                attr: "object",
                message: format!("object '{}' holds no bytes", self.path),
            });
        }
        let blob = dense_resource(context, &self.path, &self.data);
        let fields = [("path", StringAttribute::new(context, &self.path).into()), ("data", blob)];
        build(context, "object", vec![dictionary(context, &fields)])
    }
}

impl<'c> TryFrom<Attribute<'c>> for ExecutableObject {
    type Error = Error;
    fn try_from(attr: Attribute<'c>) -> Result<Self, Error> {
        let (path, bytes) = ExecutableObject::read_borrowed(attr)?;
        Ok(Self { path, data: Cow::Owned(bytes.to_vec()) })
    }
}

impl ExecutableObject {
    /// The path and the bytes of an object attribute, the bytes borrowed from
    /// its blob (no copy).
    pub fn read_borrowed<'c>(attr: Attribute<'c>) -> Result<(String, &'c [u8]), Error> {
        let f = Fields::of(attr, "object")?;
        let path = f.string("path")?;
        let data = f.required("data")?;
        let bytes =
            dense_resource_bytes(data).ok_or_else(|| field_type("object", "data", "a dense_resource blob", data))?;
        Ok((path, bytes))
    }
}

/// Reads the objects of an `ukernel.executable_objects` array attribute.
pub fn read_objects(attr: Attribute) -> Result<Vec<ExecutableObject>, Error> {
    let array = ArrayAttribute::try_from(attr).map_err(|_| Error::InvalidValue {
        attr: "object",
        message: format!("{} must be an array of #ukernel.object, found {attr}", crate::EXECUTABLE_OBJECTS),
    })?;
    (0..array.len())
        .map(|i| array.element(i).map_err(|e| Error::InvalidValue { attr: "object", message: e.to_string() }))
        .map(|a| a.and_then(ExecutableObject::try_from))
        .collect()
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn params_of<'c>(attr: Attribute<'c>, expected: &'static str) -> Result<Vec<Attribute<'c>>, Error> {
    match DynamicAttr::read(attr) {
        Some(d) if d.dialect == DIALECT && d.name == expected => Ok(d.params),
        _ => Err(Error::NotThisAttribute { expected, found: attr.to_string() }),
    }
}

fn build<'c>(context: &'c Context, name: &'static str, params: Vec<Attribute<'c>>) -> Result<Attribute<'c>, Error> {
    DynamicAttr::build(context, DIALECT, name, &params).ok_or(Error::NotLoaded(name))
}

fn field_type(attr: &'static str, field: &'static str, expected: &'static str, found: Attribute) -> Error {
    Error::FieldType { attr, field, expected, found: found.to_string() }
}

fn dictionary<'c>(context: &'c Context, fields: &[(&str, Attribute<'c>)]) -> Attribute<'c> {
    let named: Vec<(Identifier, Attribute)> = fields.iter().map(|(k, v)| (Identifier::new(context, k), *v)).collect();
    DictionaryAttribute::new(context, &named).into()
}

fn i64_attr(context: &Context, value: i64) -> Attribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value).into()
}

fn string_array<'c, S: AsRef<str>>(context: &'c Context, values: impl Iterator<Item = S>) -> Attribute<'c> {
    let elements: Vec<Attribute> = values.map(|v| StringAttribute::new(context, v.as_ref()).into()).collect();
    ArrayAttribute::new(context, &elements).into()
}

fn i64_array<'c>(context: &'c Context, values: &[i64]) -> Attribute<'c> {
    let elements: Vec<Attribute> = values.iter().map(|&v| i64_attr(context, v)).collect();
    ArrayAttribute::new(context, &elements).into()
}

/// A `dense_resource` blob named `name` of type `vector<Nxi8>`. Borrowed
/// (`'static`) bytes are referenced in place, one resource however often
/// they are used; owned bytes are moved into a
/// heap buffer that MLIR frees through the deleter when the blob dies.
fn dense_resource<'c>(context: &'c Context, name: &str, bytes: &Cow<'static, [u8]>) -> Attribute<'c> {
    unsafe extern "C" fn free_boxed(user: *mut std::ffi::c_void, _: *const std::ffi::c_void, _: usize, _: usize) {
        // SAFETY: `user` is the box leaked below for this blob, freed once when MLIR releases it.
        drop(unsafe { Box::from_raw(user as *mut Box<[u8]>) });
    }
    let i8: Type = melior::ir::r#type::IntegerType::new(context, 8).into();
    let ty = Type::vector(&[bytes.len() as u64], i8);
    let name = crate::dynamic::string_ref(name);
    // SAFETY: the box outlives the attribute (MLIR frees it through `free_boxed`), the context is live and the name is copied.
    let raw = unsafe {
        match bytes {
            Cow::Borrowed(b) => crate::dynamic::static_dense_resource(ty.to_raw(), name, b),
            Cow::Owned(v) => {
                let boxed: Box<Box<[u8]>> = Box::new(v.clone().into_boxed_slice());
                let ptr = boxed.as_ptr();
                let len = boxed.len();
                mlir_sys::mlirUnmanagedDenseResourceElementsAttrGet(
                    ty.to_raw(),
                    name,
                    ptr as *mut _,
                    len,
                    1,
                    false,
                    Some(free_boxed),
                    Box::into_raw(boxed) as *mut _,
                )
            }
        }
    };
    // SAFETY: an attribute just built in `context`, which outlives `'c`.
    unsafe { Attribute::from_raw(raw) }
}

/// The dictionary parameter of a one-dictionary `ukernel` attribute, with
/// typed field access whose errors name the attribute and the field.
struct Fields<'c> {
    attr: &'static str,
    dict: DictionaryAttribute<'c>,
}

impl<'c> Fields<'c> {
    fn of(attr: Attribute<'c>, name: &'static str) -> Result<Self, Error> {
        let params = params_of(attr, name)?;
        let dict = params
            .first()
            .and_then(|p| DictionaryAttribute::try_from(*p).ok())
            .ok_or_else(|| Error::InvalidValue { attr: name, message: "expected one dictionary parameter".into() })?;
        Ok(Self { attr: name, dict })
    }

    fn optional(&self, field: &str) -> Option<Attribute<'c>> {
        self.dict.element_by_name(field)
    }

    fn required(&self, field: &'static str) -> Result<Attribute<'c>, Error> {
        self.optional(field).ok_or(Error::MissingField { attr: self.attr, field })
    }

    fn string(&self, field: &'static str) -> Result<String, Error> {
        let a = self.required(field)?;
        crate::string_value(a).ok_or_else(|| field_type(self.attr, field, "a string", a))
    }

    fn optional_i64(&self, field: &'static str) -> Result<Option<i64>, Error> {
        match self.optional(field) {
            None => Ok(None),
            Some(a) => IntegerAttribute::try_from(a)
                .map(|i| Some(i.value()))
                .map_err(|_| field_type(self.attr, field, "an integer", a)),
        }
    }

    /// An array of strings; empty when absent.
    fn optional_string_list(&self, field: &'static str) -> Result<Vec<String>, Error> {
        let Some(a) = self.optional(field) else { return Ok(Vec::new()) };
        let wrong = || field_type(self.attr, field, "an array of strings", a);
        let array = ArrayAttribute::try_from(a).map_err(|_| wrong())?;
        (0..array.len()).map(|i| array.element(i).ok().and_then(crate::string_value).ok_or_else(wrong)).collect()
    }

    /// A dictionary's entries in its (sorted) order, each value read by
    /// `value`; empty when absent.
    fn optional_dict<T>(
        &self,
        field: &'static str,
        expected: &'static str,
        value: impl Fn(Attribute<'c>) -> Option<T>,
    ) -> Result<Vec<(String, T)>, Error> {
        let Some(a) = self.optional(field) else { return Ok(Vec::new()) };
        let wrong = || field_type(self.attr, field, expected, a);
        let dict = DictionaryAttribute::try_from(a).map_err(|_| wrong())?;
        (0..dict.len())
            .map(|i| {
                let (k, v) = dict.element(i).map_err(|_| wrong())?;
                let v = value(v).ok_or_else(wrong)?;
                Ok((k.as_string_ref().as_str().unwrap_or_default().to_string(), v))
            })
            .collect()
    }

    fn optional_int_dict(&self, field: &'static str) -> Result<Vec<(String, i64)>, Error> {
        self.optional_dict(field, "a dictionary of integers", |v| IntegerAttribute::try_from(v).ok().map(|i| i.value()))
    }

    fn optional_string_dict(&self, field: &'static str) -> Result<Vec<(String, String)>, Error> {
        self.optional_dict(field, "a dictionary of strings", crate::string_value)
    }

    fn i64_list(&self, field: &'static str) -> Result<Vec<i64>, Error> {
        let a = self.required(field)?;
        let wrong = || field_type(self.attr, field, "an array of integers", a);
        let array = ArrayAttribute::try_from(a).map_err(|_| wrong())?;
        (0..array.len())
            .map(|i| {
                let e = array.element(i).map_err(|_| wrong())?;
                IntegerAttribute::try_from(e).map(|v| v.value()).map_err(|_| wrong())
            })
            .collect()
    }
}
