; Objective-C: interfaces, implementations, protocols, categories, methods; C functions and structs.
(class_interface . (identifier) @name) @definition.interface
(class_implementation . (identifier) @name) @definition.class
(protocol_declaration . (identifier) @name) @definition.protocol
(method_definition (identifier) @name) @definition.method
(method_declaration (identifier) @name) @definition.method
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(struct_specifier name: (type_identifier) @name body: (_)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (_)) @definition.enum

(preproc_include) @import
(property_declaration (struct_declaration (struct_declarator [(identifier) @name (pointer_declarator (identifier) @name)]))) @definition.property
