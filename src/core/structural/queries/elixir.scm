; Elixir: modules, protocols and implementations, functions, macros and guards.
(call
  target: (identifier) @_keyword
  (arguments . (alias) @name)
  (#match? @_keyword "^(defmodule|defprotocol|defimpl)$")) @definition.module
(call
  target: (identifier) @_keyword
  (arguments . [
    (call target: (identifier) @name)
    (identifier) @name
    (binary_operator left: (call target: (identifier) @name))
  ])
  (#match? @_keyword "^(def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate)$")) @definition.function

(call
  target: (identifier) @_keyword
  (#match? @_keyword "^(alias|import|require|use)$")) @import
