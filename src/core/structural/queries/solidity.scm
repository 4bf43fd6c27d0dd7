; Solidity: contracts, interfaces, libraries, structs, enums, events, modifiers, functions, constructors.
(contract_declaration name: (identifier) @name) @definition.class
(interface_declaration name: (identifier) @name) @definition.interface
(library_declaration name: (identifier) @name) @definition.module
(struct_declaration name: (identifier) @name) @definition.struct
(enum_declaration name: (identifier) @name) @definition.enum
(event_definition name: (identifier) @name) @definition.event
(modifier_definition name: (identifier) @name) @definition.modifier
(function_definition name: (identifier) @name) @definition.function
(constructor_definition "constructor" @name) @definition.constructor

(import_directive) @import
