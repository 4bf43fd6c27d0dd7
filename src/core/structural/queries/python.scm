; Python: classes and functions at any depth (methods are functions inside a class); a function
; decorated as a property is one (`@property`, `@cached_property`), its `@x.setter` and
; `@x.deleter` are told apart from it by their kind.
(decorated_definition
  (decorator [(identifier) (attribute)] @_decorator)
  definition: (function_definition name: (identifier) @name)
  (#match? @_decorator "^(\\w+\\.)*(property|cached_property)$")) @definition.property
(decorated_definition
  (decorator (attribute attribute: (identifier) @_decorator))
  definition: (function_definition name: (identifier) @name)
  (#eq? @_decorator "setter")) @definition.setter
(decorated_definition
  (decorator (attribute attribute: (identifier) @_decorator))
  definition: (function_definition name: (identifier) @name)
  (#eq? @_decorator "deleter")) @definition.deleter
(class_definition name: (identifier) @name) @definition.class
(function_definition name: (identifier) @name) @definition.function

(import_statement) @import
(import_from_statement) @import
(future_import_statement) @import
