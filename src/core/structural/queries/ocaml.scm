; OCaml: let-bound functions, types, modules, module types and classes.
(value_definition (let_binding pattern: (value_name) @name (parameter))) @definition.function
(type_definition (type_binding name: (type_constructor) @name)) @definition.type
(module_definition (module_binding name: (module_name) @name)) @definition.module
(module_type_definition name: (module_type_name) @name) @definition.module
(class_definition (class_binding name: (class_name) @name)) @definition.class
(method_definition name: (method_name) @name) @definition.method

(open_module) @import
