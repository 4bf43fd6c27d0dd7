; Zig: functions, containers bound to a name (struct, enum, union), and tests.
(function_declaration name: (identifier) @name) @definition.function
(variable_declaration (identifier) @name (struct_declaration)) @definition.struct
(variable_declaration (identifier) @name (enum_declaration)) @definition.enum
(variable_declaration (identifier) @name (union_declaration)) @definition.union
(test_declaration (string) @name) @definition.test

(variable_declaration
  (builtin_function (builtin_identifier) @_import)
  (#eq? @_import "@import")) @import
