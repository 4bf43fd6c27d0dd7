; Python: classes and functions at any depth (methods are functions inside a class).
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
