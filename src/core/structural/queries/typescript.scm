; inherits: ecmascript
; TypeScript (and TSX): its declarations beyond JavaScript's.
(abstract_class_declaration name: (_) @name) @definition.class
(interface_declaration name: (_) @name) @definition.interface
(type_alias_declaration name: (_) @name) @definition.type
(enum_declaration name: (_) @name) @definition.enum
(function_signature name: (_) @name) @definition.function
(abstract_method_signature name: (_) @name) @definition.method
(method_signature name: (_) @name) @definition.method
(public_field_definition name: (_) @name value: [(arrow_function) (function_expression)]) @definition.method
(internal_module name: (_) @name) @definition.namespace
(module name: (_) @name) @definition.module
