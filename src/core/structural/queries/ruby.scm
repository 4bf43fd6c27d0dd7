; Ruby: modules, classes (and `class << self`), methods and singleton methods.
(module name: (_) @name) @definition.module
(class name: (_) @name) @definition.class
(singleton_class value: (_) @name) @definition.class
(method name: (_) @name) @definition.method
(singleton_method object: (_) @qualifier name: (_) @name) @definition.method

(call
  method: (identifier) @_require
  (#match? @_require "^(require|require_relative|load)$")) @import
