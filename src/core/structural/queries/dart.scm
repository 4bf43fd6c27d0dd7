; Dart: classes, mixins, extensions, enums, functions and methods (a signature and the body that follows it; an abstract
; method, a signature alone).
(class_definition name: (identifier) @name) @definition.class
(mixin_declaration (identifier) @name) @definition.mixin
(extension_declaration name: (identifier) @name) @definition.extension
(enum_declaration name: (identifier) @name) @definition.enum
((function_signature name: (identifier) @name) @definition.function . (function_body) @end)
((method_signature [(function_signature name: (identifier) @name) (getter_signature name: (identifier) @name) (setter_signature name: (identifier) @name)]) @definition.method . (function_body) @end)
(declaration [(function_signature name: (identifier) @name) (getter_signature name: (identifier) @name) (setter_signature name: (identifier) @name)]) @definition.method
(declaration (constructor_signature name: (identifier) @name)) @definition.constructor
(type_alias (type_identifier) @name) @definition.type

(import_or_export) @import
