; Lua: functions, local functions, `M.f` and `M:m` functions, and functions bound to a name.
; No import pattern: tree-sitter's engine matched `local x = require(…)` only some of the time here.
(function_definition_statement name: (variable table: (_) @qualifier method: (identifier) @name)) @definition.method
(function_definition_statement name: (variable table: (_) @qualifier field: (identifier) @name)) @definition.function
(function_definition_statement name: (identifier) @name) @definition.function
(local_function_definition_statement name: (identifier) @name) @definition.function
(local_variable_declaration
  (variable_list (variable name: (identifier) @name))
  (expression_list value: (function_definition))) @definition.function
(variable_assignment
  (variable_list (variable) @name)
  (expression_list value: (function_definition))) @definition.function
; `local M = { f = function() … end }`, a metatable's `__index = function(t, k) … end`: a function
; a table constructor holds under a name.
(field . (identifier) @name . (function_definition)) @definition.function
