//! Declarative operation definitions: the Rust counterpart of ODS.
//!
//! An `OpDef` lists an op's operands, results, attributes, successors and
//! regions with their constraints, its traits, and optionally an assembly
//! format string in MLIR's own syntax, interpreted by `asm_format.rs`. The
//! verifier, the parser and the printer read these tables; hand-written
//! hooks exist only for what the tables cannot say.

use crate::attributes::Attribute;
use crate::body::Body;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::entity::Op;
use crate::types::Type;

/// Op traits as bit flags (MLIR's `OpTrait`s that Strata checks or uses).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Traits(pub u64);

impl Traits {
    pub const NONE: Traits = Traits(0);
    pub const PURE: Traits = Traits(1 << 0);
    pub const COMMUTATIVE: Traits = Traits(1 << 1);
    pub const CONSTANT_LIKE: Traits = Traits(1 << 2);
    pub const IS_TERMINATOR: Traits = Traits(1 << 3);
    pub const ISOLATED_FROM_ABOVE: Traits = Traits(1 << 4);
    pub const SAME_OPERANDS_AND_RESULT_TYPE: Traits = Traits(1 << 5);
    pub const SAME_OPERANDS_TYPE: Traits = Traits(1 << 6);
    pub const SINGLE_BLOCK: Traits = Traits(1 << 7);
    pub const NO_TERMINATOR: Traits = Traits(1 << 8);
    pub const SYMBOL_TABLE: Traits = Traits(1 << 9);
    pub const SYMBOL: Traits = Traits(1 << 10);
    pub const RECURSIVE_MEMORY_EFFECTS: Traits = Traits(1 << 11);
    pub const RETURN_LIKE: Traits = Traits(1 << 12);
    pub const ZERO_REGIONS: Traits = Traits(1 << 13);
    pub const AFFINE_SCOPE: Traits = Traits(1 << 14);
    pub const GRAPH_REGION: Traits = Traits(1 << 15);
    pub const SAME_OPERANDS_SHAPE: Traits = Traits(1 << 16);
    pub const SAME_OPERANDS_AND_RESULT_SHAPE: Traits = Traits(1 << 17);
    pub const ELEMENTWISE: Traits = Traits(1 << 18);
    pub const NO_MEMORY_EFFECT: Traits = Traits(1 << 19);
    pub const SAME_OPERANDS_AND_RESULT_ELEMENT_TYPE: Traits = Traits(1 << 20);
    /// `f(x, x) = x` and `f(f(x)) = f(x)`: folded by the trait.
    pub const IDEMPOTENT: Traits = Traits(1 << 21);
    /// `f(f(x)) = x`: folded by the trait.
    pub const INVOLUTION: Traits = Traits(1 << 22);
    /// `CastOpInterface`: a cast whose operand types equal its result types
    /// folds to its operands (the interface's `foldTrait`).
    pub const CAST_OP_INTERFACE: Traits = Traits(1 << 23);

    pub const fn union(self, other: Traits) -> Traits {
        Traits(self.0 | other.0)
    }
    pub const fn contains(self, other: Traits) -> bool {
        self.0 & other.0 == other.0
    }
}

impl std::ops::BitOr for Traits {
    type Output = Traits;
    fn bitor(self, rhs: Traits) -> Traits {
        self.union(rhs)
    }
}

/// A predicate on types with the phrase MLIR's verifier prints for it
/// ("signless-integer-like").
#[derive(Copy, Clone)]
pub struct TypeConstraint {
    pub check: fn(&Context, Type) -> bool,
    pub summary: &'static str,
    /// The one type the constraint allows, when it names one (ODS
    /// "buildable" types such as `I1`): assembly formats may omit it.
    pub buildable: Option<fn(&Context) -> Type>,
}

/// A predicate on attributes with its summary ("64-bit signless integer attribute").
#[derive(Copy, Clone)]
pub struct AttrConstraint {
    pub check: fn(&Context, Attribute) -> bool,
    pub summary: &'static str,
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

#[derive(Clone)]
pub struct ValueDefSpec {
    pub name: &'static str,
    pub arity: Arity,
    pub constraint: TypeConstraint,
}

#[derive(Clone)]
pub struct AttrDefSpec {
    pub name: &'static str,
    pub constraint: AttrConstraint,
    pub optional: bool,
    /// Value assumed when absent (ODS `DefaultValuedAttr`); printing elides it.
    pub default: Option<fn(&Context) -> Attribute>,
    /// ODS `DefaultValuedAttr`, which MLIR populates when the op is made
    /// (so the generic form always shows it), rather than
    /// `DefaultValuedOptionalAttr`, which stays absent until set.
    pub populated: bool,
    /// Short form used by assembly formats (enum keywords such as `slt`).
    pub print_short: Option<fn(&Context, Attribute, &mut String)>,
    /// Parses the short form; `Ok(None)` (nothing consumed) when the next
    /// token is not one, which also decides optional groups anchored on it.
    pub parse_short: Option<ShortParseFn>,
}

pub type ShortParseFn = fn(&mut crate::parser::Parser<'_>) -> crate::parser::PResult<Option<Attribute>>;

#[derive(Clone)]
pub struct RegionDefSpec {
    pub name: &'static str,
    pub variadic: bool,
}

#[derive(Clone)]
pub struct SuccessorDefSpec {
    pub name: &'static str,
    pub variadic: bool,
}

/// Adds default-valued attributes missing from an op's attribute
/// dictionary (MLIR's `populateDefaultAttrs`, which `Operation::create`
/// runs for dialects that keep attributes in the dictionary rather than in
/// properties); returns the completed dictionary.
pub type PopulateDefaultsFn = fn(&Context, &OpDef, Attribute) -> Attribute;

/// Properties MLIR's generic form shows that an op does not store, as
/// they follow from the rest of the op: `llvm.call`'s `operandSegmentSizes`
/// (its operand bundle group, which Strata does not model, is always
/// empty). The generic printer adds `compute`'s entries; the generic parser
/// takes the names in `names` out of the properties it reads and lets
/// `accept` check each value against the op's operand count.
#[derive(Clone, Copy)]
pub struct DerivedProps {
    pub names: &'static [&'static str],
    pub compute: fn(&Context, &Body, Op) -> Vec<(&'static str, Attribute)>,
    /// `Err(reason)` refuses the value read for `name`.
    pub accept: fn(&Context, name: &str, value: Attribute, num_operands: usize) -> Result<(), String>,
}

/// Hand-written verification hook.
pub type VerifyFn = fn(&Context, &Body, Op) -> Result<(), Diagnostic>;
/// Verification that needs the op owning the region the op is in (such as
/// `func.return` checking the function's result types); the parent may live
/// in another body when it is isolated from above.
pub type VerifyWithParentFn = fn(&Context, &Body, Op, Option<(&Body, Op)>) -> Result<(), Diagnostic>;
/// Result names for pretty printing (`getAsmResultNames`): index and name.
pub type ResultNamesFn = fn(&Context, &Body, Op, &mut dyn FnMut(usize, String));
/// Names for the entry block arguments of region `i` (`getAsmBlockArgumentNames`).
pub type BlockArgNamesFn = fn(&Context, &Body, Op, usize, &mut dyn FnMut(usize, String));

/// Hand-written custom assembly for ops the format language cannot express.
#[derive(Clone, Copy)]
pub struct CustomAsm {
    pub print: crate::printer::CustomPrintFn,
    pub parse: crate::parser::CustomParseFn,
}

#[derive(Clone)]
pub struct OpDef {
    pub name: String,
    pub operands: Vec<ValueDefSpec>,
    pub results: Vec<ValueDefSpec>,
    pub attributes: Vec<AttrDefSpec>,
    pub successors: Vec<SuccessorDefSpec>,
    pub regions: Vec<RegionDefSpec>,
    pub traits: Traits,
    /// Operand/result groups are delimited by `operandSegmentSizes` /
    /// `resultSegmentSizes` properties.
    pub attr_sized_operands: bool,
    pub attr_sized_results: bool,
    pub format: Option<crate::asm_format::AsmFormat>,
    pub custom_asm: Option<CustomAsm>,
    pub verify: Option<VerifyFn>,
    pub verify_with_parent: Option<VerifyWithParentFn>,
    pub result_names: Option<ResultNamesFn>,
    pub block_arg_names: Option<BlockArgNamesFn>,
    /// Name of the parent op required by `HasParent<...>`.
    pub has_parent: Vec<&'static str>,
    /// Dialect whose ops may drop their prefix inside this op's regions
    /// (`OpAsmOpInterface::getDefaultDialect`).
    pub default_dialect: Option<&'static str>,
    /// Fills operand/result types the assembly format leaves implicit
    /// (type inference beyond the `SameOperandsAndResultType` rule).
    pub infer_types: Option<crate::asm_format::InferTypesFn>,
    /// The op's fold hook (`fold.rs`).
    pub fold: Option<crate::fold::FoldFn>,
    /// For constant-like ops: the constant the op produces.
    pub constant_value: Option<crate::fold::ConstantValueFn>,
    /// Memory effects of ops that are neither pure nor unknown (`effects.rs`).
    pub effects: Option<crate::effects::EffectsFn>,
    /// Hooks of the layers above the IR (canonicalization patterns, call
    /// and callable interfaces, ...).
    pub interfaces: crate::interfaces::InterfaceMap,
    /// Run by the parser on the attributes of each op it creates.
    pub populate_defaults: Option<PopulateDefaultsFn>,
    pub derived_props: Option<DerivedProps>,
}

impl OpDef {
    pub fn new(name: &str) -> OpDef {
        OpDef {
            name: name.to_string(),
            operands: vec![],
            results: vec![],
            attributes: vec![],
            successors: vec![],
            regions: vec![],
            traits: Traits::NONE,
            attr_sized_operands: false,
            attr_sized_results: false,
            format: None,
            custom_asm: None,
            verify: None,
            verify_with_parent: None,
            result_names: None,
            block_arg_names: None,
            has_parent: vec![],
            default_dialect: None,
            infer_types: None,
            fold: None,
            constant_value: None,
            effects: None,
            interfaces: Default::default(),
            populate_defaults: None,
            derived_props: None,
        }
    }
    pub fn derived_props(mut self, d: DerivedProps) -> Self {
        self.derived_props = Some(d);
        self
    }
    pub fn populate_defaults(mut self, f: PopulateDefaultsFn) -> Self {
        self.populate_defaults = Some(f);
        self
    }
    pub fn default_dialect(mut self, d: &'static str) -> Self {
        self.default_dialect = Some(d);
        self
    }
    pub fn infer(mut self, f: crate::asm_format::InferTypesFn) -> Self {
        self.infer_types = Some(f);
        self
    }
    pub fn folder(mut self, f: crate::fold::FoldFn) -> Self {
        self.fold = Some(f);
        self
    }
    pub fn constant(mut self, f: crate::fold::ConstantValueFn) -> Self {
        self.constant_value = Some(f);
        self
    }
    pub fn effects(mut self, f: crate::effects::EffectsFn) -> Self {
        self.effects = Some(f);
        self
    }
    /// Attaches a hook for a layer above the IR (looked up by its type).
    pub fn interface<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.interfaces.insert(value);
        self
    }
    pub fn operand(mut self, name: &'static str, constraint: TypeConstraint) -> Self {
        self.operands.push(ValueDefSpec { name, arity: Arity::Single, constraint });
        self
    }
    pub fn optional_operand(mut self, name: &'static str, constraint: TypeConstraint) -> Self {
        self.operands.push(ValueDefSpec { name, arity: Arity::Optional, constraint });
        self
    }
    pub fn variadic_operand(mut self, name: &'static str, constraint: TypeConstraint) -> Self {
        self.operands.push(ValueDefSpec { name, arity: Arity::Variadic, constraint });
        self
    }
    pub fn result(mut self, name: &'static str, constraint: TypeConstraint) -> Self {
        self.results.push(ValueDefSpec { name, arity: Arity::Single, constraint });
        self
    }
    pub fn variadic_result(mut self, name: &'static str, constraint: TypeConstraint) -> Self {
        self.results.push(ValueDefSpec { name, arity: Arity::Variadic, constraint });
        self
    }
    pub fn attr(mut self, name: &'static str, constraint: AttrConstraint) -> Self {
        self.attributes.push(AttrDefSpec {
            name,
            constraint,
            optional: false,
            default: None,
            populated: false,
            print_short: None,
            parse_short: None,
        });
        self
    }
    pub fn optional_attr(mut self, name: &'static str, constraint: AttrConstraint) -> Self {
        self.attributes.push(AttrDefSpec {
            name,
            constraint,
            optional: true,
            default: None,
            populated: false,
            print_short: None,
            parse_short: None,
        });
        self
    }
    pub fn default_attr(
        mut self,
        name: &'static str,
        constraint: AttrConstraint,
        default: fn(&Context) -> Attribute,
    ) -> Self {
        self.attributes.push(AttrDefSpec {
            name,
            constraint,
            optional: true,
            default: Some(default),
            populated: true,
            print_short: None,
            parse_short: None,
        });
        self
    }
    /// ODS `DefaultValuedOptionalAttr`: the default is what an absent
    /// attribute means, but an op holds the attribute only when it was set.
    pub fn default_optional_attr(
        mut self,
        name: &'static str,
        constraint: AttrConstraint,
        default: fn(&Context) -> Attribute,
    ) -> Self {
        self.attributes.push(AttrDefSpec {
            name,
            constraint,
            optional: true,
            default: Some(default),
            populated: false,
            print_short: None,
            parse_short: None,
        });
        self
    }
    /// Gives the last declared attribute a short form in assembly formats.
    pub fn short_form(mut self, print: fn(&Context, Attribute, &mut String), parse: ShortParseFn) -> Self {
        let a = self.attributes.last_mut().expect("short_form after an attribute");
        a.print_short = Some(print);
        a.parse_short = Some(parse);
        self
    }
    pub fn successor(mut self, name: &'static str) -> Self {
        self.successors.push(SuccessorDefSpec { name, variadic: false });
        self
    }
    pub fn variadic_successor(mut self, name: &'static str) -> Self {
        self.successors.push(SuccessorDefSpec { name, variadic: true });
        self
    }
    pub fn region(mut self, name: &'static str) -> Self {
        self.regions.push(RegionDefSpec { name, variadic: false });
        self
    }
    pub fn variadic_region(mut self, name: &'static str) -> Self {
        self.regions.push(RegionDefSpec { name, variadic: true });
        self
    }
    /// Applies a definition fragment shared by several ops.
    pub fn apply(self, f: impl FnOnce(OpDef) -> OpDef) -> Self {
        f(self)
    }
    pub fn traits(mut self, t: Traits) -> Self {
        self.traits = self.traits | t;
        self
    }
    pub fn parent(mut self, name: &'static str) -> Self {
        self.has_parent.push(name);
        self
    }
    pub fn attr_sized_operands(mut self) -> Self {
        self.attr_sized_operands = true;
        self
    }
    pub fn verifier(mut self, f: VerifyFn) -> Self {
        self.verify = Some(f);
        self
    }
    pub fn parent_verifier(mut self, f: VerifyWithParentFn) -> Self {
        self.verify_with_parent = Some(f);
        self
    }
    pub fn result_names(mut self, f: ResultNamesFn) -> Self {
        self.result_names = Some(f);
        self
    }
    pub fn block_arg_names(mut self, f: BlockArgNamesFn) -> Self {
        self.block_arg_names = Some(f);
        self
    }
    pub fn custom(mut self, print: crate::printer::CustomPrintFn, parse: crate::parser::CustomParseFn) -> Self {
        self.custom_asm = Some(CustomAsm { print, parse });
        self
    }
    /// Sets the declarative assembly format; panics on a malformed format
    /// string, which is a bug in the dialect definition, found at startup.
    pub fn format(mut self, format: &str) -> Self {
        match crate::asm_format::AsmFormat::parse(format, &self) {
            Ok(f) => self.format = Some(f),
            Err(e) => panic!("bad assembly format for {}: {e}", self.name),
        }
        self
    }

    /// The declared default of attribute `name` when MLIR populates it
    /// (ODS `DefaultValuedAttr`).
    pub fn populated_default(&self, ctx: &Context, name: &str) -> Option<Attribute> {
        self.attributes.iter().find(|a| a.name == name && a.populated).and_then(|a| a.default).map(|d| d(ctx))
    }
    /// Whether the op keeps its default-valued attributes as MLIR keeps
    /// properties: absent when equal to their default (the parser drops
    /// them), shown in full by the generic printer. Ops with a
    /// `populate_defaults` hook keep theirs in the dictionary instead.
    pub fn defaults_as_properties(&self) -> bool {
        self.populate_defaults.is_none()
    }
    pub fn is_inherent_attr(&self, name: &str) -> bool {
        self.attributes.iter().any(|a| a.name == name)
            || (self.attr_sized_operands && name == "operandSegmentSizes")
            || (self.attr_sized_results && name == "resultSegmentSizes")
    }
    pub fn has_trait(&self, t: Traits) -> bool {
        self.traits.contains(t)
    }
}
