; C#: types at any depth, methods, operators (named by their symbol, conversions by their type), constructors, namespaces.
(class_declaration name: (identifier) @name) @definition.class
(struct_declaration name: (identifier) @name) @definition.struct
(interface_declaration name: (identifier) @name) @definition.interface
(enum_declaration name: (identifier) @name) @definition.enum
(record_declaration name: (identifier) @name) @definition.record
(delegate_declaration name: (identifier) @name) @definition.delegate
(method_declaration name: (identifier) @name) @definition.method
(operator_declaration operator: _ @name) @definition.method
(conversion_operator_declaration type: (_) @name) @definition.method
(constructor_declaration name: (identifier) @name) @definition.constructor
(namespace_declaration name: (_) @name) @definition.namespace

(using_directive) @import
