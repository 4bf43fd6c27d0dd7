; C++: C's declarations, plus classes, namespaces, templates (their lines through the wrapper),
; methods defined in a class or out of line (Class::method), operators and destructors.
(function_definition declarator: (function_declarator declarator: (qualified_identifier) @name)) @definition.method
(function_definition declarator: (function_declarator declarator: [(identifier) (field_identifier) (destructor_name) (operator_name)] @name)) @definition.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier) (operator_name)] @name))) @definition.function
(function_definition declarator: (reference_declarator (function_declarator declarator: [(identifier) (field_identifier) (qualified_identifier) (operator_name)] @name))) @definition.function
; A function returning a function pointer: `void (*(name(void)))(int)`.
(function_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (parenthesized_declarator (function_declarator declarator: (identifier) @name)))))) @definition.function

(class_specifier name: (_) @name body: (_)) @definition.class
(struct_specifier name: (_) @name body: (_)) @definition.struct
(union_specifier name: (_) @name body: (_)) @definition.union
(enum_specifier name: (_) @name body: (_)) @definition.enum
(type_definition type: (struct_specifier body: (_)) declarator: (type_identifier) @name) @definition.struct
(type_definition type: (enum_specifier body: (_)) declarator: (type_identifier) @name) @definition.enum
(type_definition
  type: (_)
  declarator: [(type_identifier) @name (pointer_declarator declarator: (type_identifier) @name)]) @definition.type
(alias_declaration name: (_) @name) @definition.type
(namespace_definition name: (_) @name) @definition.namespace
(namespace_definition !name) @definition.namespace
(preproc_function_def name: (identifier) @name) @definition.macro

(preproc_include) @import
(using_declaration) @import
