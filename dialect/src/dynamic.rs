//! Reading and building IRDL-defined attributes through the C++ shim.

use melior::{
    Context,
    ir::{Attribute, attribute::AttributeLike},
};
use mlir_sys::{MlirAttribute, MlirContext, MlirStringRef};

unsafe extern "C" {
    fn ukDynamicAttrNumParams(attr: MlirAttribute) -> isize;
    fn ukDynamicAttrGetParam(attr: MlirAttribute, pos: isize) -> MlirAttribute;
    fn ukDynamicAttrDialect(attr: MlirAttribute) -> MlirStringRef;
    fn ukDynamicAttrName(attr: MlirAttribute) -> MlirStringRef;
    fn ukDynamicAttrGet(
        ctx: MlirContext,
        dialect: MlirStringRef,
        name: MlirStringRef,
        num_params: isize,
        params: *const MlirAttribute,
    ) -> MlirAttribute;
    fn ukStaticDenseResource(
        ty: mlir_sys::MlirType,
        name: MlirStringRef,
        data: *const u8,
        size: usize,
    ) -> MlirAttribute;
    fn ukDenseResourceBytes(attr: MlirAttribute, data: *mut *const u8, size: *mut usize) -> bool;
}

/// A borrowed `MlirStringRef` over `s`, valid while `s` is.
pub fn string_ref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const std::ffi::c_char, length: s.len() }
}

/// The bytes an `MlirStringRef` points at (none when its data is null).
///
/// # Safety
/// `s` must point at `s.length` readable bytes that outlive `'a`.
pub unsafe fn string_ref_bytes<'a>(s: MlirStringRef) -> &'a [u8] {
    // SAFETY: the caller guarantees `s.length` readable bytes at `s.data` (checked non-null) that outlive `'a`.
    if s.data.is_null() { &[] } else { unsafe { std::slice::from_raw_parts(s.data as *const u8, s.length) } }
}

/// An `MlirStringRef`'s text, copied (invalid UTF-8 replaced).
pub fn string_ref_text(s: MlirStringRef) -> String {
    // SAFETY: a string ref MLIR hands out points at `length` bytes it owns for at least this call; the bytes are copied at once.
    String::from_utf8_lossy(unsafe { string_ref_bytes(s) }).into_owned()
}

fn string(s: MlirStringRef) -> String {
    string_ref_text(s)
}

/// An IRDL-defined attribute seen as `#dialect.name<params...>`.
pub struct DynamicAttr<'c> {
    pub dialect: String,
    pub name: String,
    pub params: Vec<Attribute<'c>>,
}

impl<'c> DynamicAttr<'c> {
    /// `None` when `attr` is not an IRDL-defined attribute.
    pub fn read(attr: Attribute<'c>) -> Option<Self> {
        let raw = attr.to_raw();
        // SAFETY: `raw` is a live attribute of a live context (the `Attribute` borrows it).
        let n = unsafe { ukDynamicAttrNumParams(raw) };
        if n < 0 {
            return None;
        }
        // SAFETY: `i` is below the parameter count just read; parameters live as long as the attribute's context.
        let params = (0..n).map(|i| unsafe { Attribute::from_raw(ukDynamicAttrGetParam(raw, i)) }).collect();
        Some(Self {
            // SAFETY: `raw` is a live IRDL attribute (checked above); its names live in its context.
            dialect: string(unsafe { ukDynamicAttrDialect(raw) }),
            // SAFETY: as for the dialect name.
            name: string(unsafe { ukDynamicAttrName(raw) }),
            params,
        })
    }

    /// Builds `#dialect.name<params...>`; `None` when the dialect or the
    /// attribute is not loaded, or the parameters fail its IRDL constraints.
    pub fn build(context: &'c Context, dialect: &str, name: &str, params: &[Attribute<'c>]) -> Option<Attribute<'c>> {
        let raw: Vec<MlirAttribute> = params.iter().map(|p| p.to_raw()).collect();
        let (d, n) = (string_ref(dialect), string_ref(name));
        // SAFETY: a live context, string refs to `dialect` and `name` (alive for the call) and `raw.len()` live attributes.
        let attr = unsafe { ukDynamicAttrGet(context.to_raw(), d, n, raw.len() as isize, raw.as_ptr()) };
        // SAFETY: a non-null attribute just built in `context`, which outlives `'c`.
        (!attr.ptr.is_null()).then(|| unsafe { Attribute::from_raw(attr) })
    }
}

/// The bytes of a `dense_resource` attribute, borrowed from its blob.
pub fn dense_resource_bytes<'c>(attr: Attribute<'c>) -> Option<&'c [u8]> {
    let mut data = std::ptr::null();
    let mut size = 0usize;
    // SAFETY: a live attribute and two locals for the results.
    if !unsafe { ukDenseResourceBytes(attr.to_raw(), &mut data, &mut size) } {
        return None;
    }
    if size == 0 {
        return Some(&[]);
    }
    // SAFETY: the resource's blob: `size` bytes at `data`, owned by the context for `'c` (checked non-empty above).
    Some(unsafe { std::slice::from_raw_parts(data, size) })
}

/// A `dense_resource` over bytes that live for the whole program, reusing
/// the resource when one of that name already holds exactly these bytes.
pub(crate) fn static_dense_resource(
    ty: mlir_sys::MlirType,
    name: MlirStringRef,
    bytes: &'static [u8],
) -> MlirAttribute {
    // SAFETY: `bytes` is static, so the blob MLIR keeps pointing at never goes away.
    unsafe { ukStaticDenseResource(ty, name, bytes.as_ptr(), bytes.len()) }
}

/// The value of a string attribute; `None` when `attr` is not one. (melior's
/// `StringAttribute::value` aborts on the empty string, whose data pointer
/// is null.)
pub fn string_value(attr: Attribute) -> Option<String> {
    let raw = attr.to_raw();
    // SAFETY: `raw` is a live attribute; its value is read only when it is a string attribute.
    unsafe { mlir_sys::mlirAttributeIsAString(raw).then(|| string(mlir_sys::mlirStringAttrGetValue(raw))) }
}
