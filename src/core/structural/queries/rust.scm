; Rust: items at any depth, impls named by type (and trait).
(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait
(type_item name: (type_identifier) @name) @definition.type
(mod_item name: (identifier) @name) @definition.module
(macro_definition name: (identifier) @name) @definition.macro
(impl_item trait: (_) @trait type: (_) @name) @definition.impl
(impl_item !trait type: (_) @name) @definition.impl

(use_declaration) @import
(extern_crate_declaration) @import
