; ECMAScript, shared by JavaScript and TypeScript: declarations at any depth (inside IIFE, UMD and
; AMD factories too), CommonJS assignments, object-literal methods, class expressions, and
; describe/it test structure.

(class_declaration name: (_) @name) @definition.class
(class name: (_) @name) @definition.class
(variable_declarator name: (identifier) @name value: (class)) @definition.class

(function_declaration name: (_) @name) @definition.function
(generator_function_declaration name: (_) @name) @definition.function
(method_definition name: (_) @name) @definition.method

(lexical_declaration
  (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @definition.function
(variable_declaration
  (variable_declarator name: (identifier) @name value: [(arrow_function) (function_expression) (generator_function)])) @definition.function

(expression_statement
  (assignment_expression
    left: (member_expression) @name
    right: [(arrow_function) (function_expression) (generator_function) (class)])
  (#match? @name "\\.prototype\\.")) @definition.method
(expression_statement
  (assignment_expression
    left: [(member_expression) (identifier)] @name
    right: [(arrow_function) (function_expression) (generator_function)])
  (#not-match? @name "\\.prototype\\.")) @definition.function

; `res.set = res.header = function header(…)`, `var x = module.exports = function`: one declaration
; under every name the function is assigned to, the first written first (@alias: the others).
(expression_statement
  (assignment_expression
    left: (member_expression) @name
    right: (assignment_expression
      left: [(member_expression) (identifier)] @alias
      right: [(arrow_function) (function_expression) (generator_function)]))
  (#match? @name "\\.prototype\\.")) @definition.method
(expression_statement
  (assignment_expression
    left: [(member_expression) (identifier)] @name
    right: (assignment_expression
      left: [(member_expression) (identifier)] @alias
      right: [(arrow_function) (function_expression) (generator_function)]))
  (#not-match? @name "\\.prototype\\.")) @definition.function
(expression_statement
  (assignment_expression
    left: [(member_expression) (identifier)] @name
    right: (assignment_expression
      left: [(member_expression) (identifier)] @alias
      right: (assignment_expression
        left: [(member_expression) (identifier)] @alias
        right: [(arrow_function) (function_expression) (generator_function)])))) @definition.function
(variable_declarator
  name: (identifier) @name
  value: (assignment_expression
    left: [(member_expression) (identifier)] @alias
    right: [(arrow_function) (function_expression) (generator_function)])) @definition.function

; `Object.defineProperty(Entity.prototype, 'publicId', { get: function () {…} })` and helpers like
; express's `defineGetter(req, 'query', function query() {…})`: a property of what the first
; argument names; the descriptor's get and set are its own lines, not declarations of their own
; (@members). Not on `this`: an instance's own bookkeeping in its constructor (mocha's `this.id`).
(expression_statement
  (call_expression
    function: (member_expression object: (identifier) @_object property: (property_identifier) @_define)
    arguments: (arguments . [(identifier) (member_expression)] @qualifier . (string) @name . (object) @members))
  (#eq? @_object "Object")
  (#eq? @_define "defineProperty")) @definition.property
(expression_statement
  (call_expression
    function: (identifier) @_define
    arguments: (arguments . (_) @qualifier . (string) @name . [(arrow_function) (function_expression)]))
  (#match? @_define "^define[A-Z]\\w*$")) @definition.property

; `handlers[ name ] = function () {…}`: a function stored under a computed key, named by what holds it.
(expression_statement
  (assignment_expression
    left: (subscript_expression object: (_) @name)
    right: [(arrow_function) (function_expression) (generator_function)])) @definition.function

; `var settings = { … }`, `jqXHR = { … }`: a named object literal with members, as ctags counts it.
(variable_declarator name: (identifier) @name value: (object (pair))) @definition.object
(expression_statement
  (assignment_expression left: [(identifier) (member_expression)] @name right: (object (pair)))) @definition.object

; `get: function getrouter()`: under its key and its own name, which a search for it finds.
(pair
  key: [(property_identifier) (string)] @name
  value: (function_expression name: (identifier) @alias)
  (#not-eq? @name @alias)) @definition.method
(pair
  key: [(property_identifier) (string)] @name
  value: [(arrow_function) (function_expression) (generator_function)]) @definition.method

; A named function passed or returned (`this.on('mount', function onmount(parent)`, `return function
; onDone`): a declaration by its own name. Not the accessor of a defineX helper, nor a test's body.
(call_expression
  function: (_) @_callee
  arguments: (arguments (function_expression name: (identifier) @name) @definition.function)
  (#not-match? @_callee "^(define[A-Z]\\w*|(describe|suite|context|it|test|specify)(\\.\\w+)?)$"))
(return_statement (function_expression name: (identifier) @name) @definition.function)

(expression_statement
  (call_expression
    function: [(identifier) @_fn (member_expression object: (identifier) @_fn)]
    arguments: (arguments . [(string) (template_string)] @name))
  (#match? @_fn "^(describe|suite|context)$")) @definition.suite
(expression_statement
  (call_expression
    function: [(identifier) @_fn (member_expression object: (identifier) @_fn)]
    arguments: (arguments . [(string) (template_string)] @name))
  (#match? @_fn "^(it|test|specify)$")) @definition.test

(import_statement) @import
(lexical_declaration
  (variable_declarator value: (call_expression function: (identifier) @_require arguments: (arguments . (string))))
  (#eq? @_require "require")) @import
(variable_declaration
  (variable_declarator value: (call_expression function: (identifier) @_require arguments: (arguments . (string))))
  (#eq? @_require "require")) @import
(lexical_declaration
  (variable_declarator value: [
    (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string))))
    (call_expression function: (call_expression function: (identifier) @_require arguments: (arguments . (string))))])
  (#eq? @_require "require")) @import
(variable_declaration
  (variable_declarator value: [
    (member_expression object: (call_expression function: (identifier) @_require arguments: (arguments . (string))))
    (call_expression function: (call_expression function: (identifier) @_require arguments: (arguments . (string))))])
  (#eq? @_require "require")) @import
