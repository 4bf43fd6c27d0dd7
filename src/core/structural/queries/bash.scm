; Shell: functions, in either form.
(function_definition name: (word) @name) @definition.function

(command
  name: (command_name (word) @_source)
  (#match? @_source "^(source|\\.)$")) @import
