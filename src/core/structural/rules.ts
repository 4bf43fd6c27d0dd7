import type { Node } from 'web-tree-sitter';
import { LanguageInfo } from './languages';

/** How one tree-sitter node type becomes a region: its kind (or none, to skip the node) and name. */
export interface Rule {
  kind: (node: Node) => string | undefined;
  name?: (node: Node) => string;
  /** Where the members are, when not among the node's own children (a test suite's callback body). */
  body?: (node: Node) => Node | null | undefined;
}

export interface LanguageRules {
  declarations: Record<string, Rule>;
  /** Node types that make up the import block. */
  imports: Set<string>;
  /** Other nodes that import, such as CommonJS `const x = require('x')`. */
  isImport?: (node: Node) => boolean;
  /** Node types that wrap a declaration and whose lines belong to it (export, decorators, templates). */
  wrappers: Set<string>;
  /** Node types the walker never enters: bodies of functions that are not declarations themselves. */
  opaque?: Set<string>;
}

const fieldName = (node: Node): string => node.childForFieldName('name')?.text ?? '';
const fixed = (kind: string): Rule['kind'] => () => kind;
const FUNCTION_VALUES = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/** C and C++ bury a function's name under pointer, reference and function declarators. */
function declaratorName(node: Node): string {
  let current: Node | null = node.childForFieldName('declarator');
  while (current) {
    const inner = current.childForFieldName('declarator');
    if (!inner || current.type === 'qualified_identifier') return current.text.replace(/\s+/g, '');
    current = inner;
  }
  return '';
}

/** `Runner.prototype.run = function () {…}` and `exports.f = …`: declarations written as assignments. */
function assignedFunction(node: Node): { kind: string; name: string } | undefined {
  const assignment = node.firstNamedChild;
  if (assignment?.type !== 'assignment_expression') return undefined;
  const left = assignment.childForFieldName('left');
  const right = assignment.childForFieldName('right');
  if (!left || !right || !FUNCTION_VALUES.has(right.type)) return undefined;
  return { kind: left.text.includes('.prototype.') ? 'method' : 'function', name: left.text };
}

/** `const fs = require('fs')`: CommonJS's import statement. */
function isRequire(node: Node): boolean {
  if (node.type !== 'lexical_declaration' && node.type !== 'variable_declaration') return false;
  const value = node.namedChildren.find((c) => c?.type === 'variable_declarator')?.childForFieldName('value');
  return value?.type === 'call_expression' && value.childForFieldName('function')?.text === 'require';
}

const TEST_SUITES = new Set(['describe', 'suite', 'context']);
const TEST_CASES = new Set(['it', 'test', 'specify']);

/** `describe('name', () => {…})` and `it('name', …)`: a test file's structure, named by its strings. */
function testCall(node: Node): { kind: 'suite' | 'test'; name: string; callback?: Node } | undefined {
  const call = node.firstNamedChild;
  if (call?.type !== 'call_expression') return undefined;
  const callee = call.childForFieldName('function');
  const base = callee?.type === 'member_expression' ? callee.childForFieldName('object') : callee;
  const kind = base && TEST_SUITES.has(base.text) ? 'suite' : base && TEST_CASES.has(base.text) ? 'test' : undefined;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  const title = args[0];
  if (!kind || !title || !/^(string|template_string)$/.test(title.type)) return undefined;
  const callback = args.find((a): a is Node => !!a && FUNCTION_VALUES.has(a.type));
  return { kind, name: title.text.slice(1, -1).replace(/\\(.)/g, '$1'), callback };
}

/** `const f = () => …` is a function in all but syntax. */
function functionVariable(node: Node): { name: string } | undefined {
  const declarators = node.namedChildren.filter((c): c is Node => c !== null && c.type === 'variable_declarator');
  if (declarators.length !== 1) return undefined;
  const value = declarators[0].childForFieldName('value');
  return value && FUNCTION_VALUES.has(value.type) ? { name: fieldName(declarators[0]) } : undefined;
}

const ecmaScript: LanguageRules = {
  declarations: {
    class_declaration: { kind: fixed('class') },
    abstract_class_declaration: { kind: fixed('class') },
    class: { kind: (n) => (n.childForFieldName('name') ? 'class' : undefined) },
    interface_declaration: { kind: fixed('interface') },
    type_alias_declaration: { kind: fixed('type') },
    enum_declaration: { kind: fixed('enum') },
    function_declaration: { kind: fixed('function') },
    generator_function_declaration: { kind: fixed('function') },
    function_signature: { kind: fixed('function') },
    method_definition: { kind: fixed('method') },
    abstract_method_signature: { kind: fixed('method') },
    internal_module: { kind: fixed('namespace') },
    module: { kind: (n) => (n.childForFieldName('name') ? 'module' : undefined) },
    lexical_declaration: { kind: (n) => (functionVariable(n) ? 'function' : undefined), name: (n) => functionVariable(n)?.name ?? '' },
    variable_declaration: { kind: (n) => (functionVariable(n) ? 'function' : undefined), name: (n) => functionVariable(n)?.name ?? '' },
    public_field_definition: {
      kind: (n) => (FUNCTION_VALUES.has(n.childForFieldName('value')?.type ?? '') ? 'method' : undefined),
    },
    field_definition: {
      kind: (n) => (FUNCTION_VALUES.has(n.childForFieldName('value')?.type ?? '') ? 'method' : undefined),
      name: (n) => n.childForFieldName('property')?.text ?? '',
    },
    expression_statement: {
      kind: (n) => assignedFunction(n)?.kind ?? testCall(n)?.kind,
      name: (n) => assignedFunction(n)?.name ?? testCall(n)?.name ?? '',
      body: (n) => testCall(n)?.callback?.childForFieldName('body'),
    },
  },
  imports: new Set(['import_statement']),
  isImport: isRequire,
  wrappers: new Set(['export_statement', 'ambient_declaration']),
  opaque: FUNCTION_VALUES,
};

const python: LanguageRules = {
  declarations: {
    class_definition: { kind: fixed('class') },
    function_definition: { kind: fixed('function') },
  },
  imports: new Set(['import_statement', 'import_from_statement', 'future_import_statement']),
  wrappers: new Set(['decorated_definition']),
};

function goReceiver(node: Node): string {
  const receiver = node.childForFieldName('receiver')?.text ?? '';
  const match = /([A-Za-z_]\w*)(\[[^\]]*\])?\s*\)$/.exec(receiver);
  return match ? `${match[1]}.` : '';
}

const go: LanguageRules = {
  declarations: {
    function_declaration: { kind: fixed('function') },
    method_declaration: { kind: fixed('method'), name: (n) => goReceiver(n) + fieldName(n) },
    type_spec: {
      kind: (n) => {
        const type = n.childForFieldName('type')?.type;
        return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
      },
    },
  },
  imports: new Set(['import_declaration']),
  wrappers: new Set(['type_declaration']),
};

const rust: LanguageRules = {
  declarations: {
    function_item: { kind: fixed('function') },
    function_signature_item: { kind: fixed('function') },
    struct_item: { kind: fixed('struct') },
    enum_item: { kind: fixed('enum') },
    union_item: { kind: fixed('union') },
    trait_item: { kind: fixed('trait') },
    type_item: { kind: fixed('type') },
    mod_item: { kind: fixed('module') },
    macro_definition: { kind: fixed('macro') },
    impl_item: {
      kind: fixed('impl'),
      name: (n) => {
        const type = n.childForFieldName('type')?.text ?? '';
        const trait = n.childForFieldName('trait')?.text;
        return trait ? `${trait} for ${type}` : type;
      },
    },
  },
  imports: new Set(['use_declaration', 'extern_crate_declaration']),
  wrappers: new Set(),
};

const java: LanguageRules = {
  declarations: {
    class_declaration: { kind: fixed('class') },
    interface_declaration: { kind: fixed('interface') },
    enum_declaration: { kind: fixed('enum') },
    record_declaration: { kind: fixed('record') },
    annotation_type_declaration: { kind: fixed('annotation') },
    method_declaration: { kind: fixed('method') },
    constructor_declaration: { kind: fixed('constructor') },
  },
  imports: new Set(['import_declaration']),
  wrappers: new Set(),
};

const cFamilyTypes = (kind: string): Rule => ({
  kind: (n) => (n.childForFieldName('body') ? kind : undefined),
  name: (n) => n.childForFieldName('name')?.text ?? '',
});

const c: LanguageRules = {
  declarations: {
    function_definition: { kind: fixed('function'), name: declaratorName },
    struct_specifier: cFamilyTypes('struct'),
    union_specifier: cFamilyTypes('union'),
    enum_specifier: cFamilyTypes('enum'),
    type_definition: {
      kind: (n) => {
        const type = n.childForFieldName('type');
        return type?.childForFieldName('body') ? type.type.replace('_specifier', '') : 'type';
      },
      name: declaratorName,
    },
  },
  imports: new Set(['preproc_include']),
  wrappers: new Set(),
};

const cpp: LanguageRules = {
  declarations: {
    ...c.declarations,
    class_specifier: cFamilyTypes('class'),
    namespace_definition: { kind: fixed('namespace'), name: (n) => n.childForFieldName('name')?.text ?? '(anonymous)' },
    alias_declaration: { kind: fixed('type') },
  },
  imports: new Set(['preproc_include', 'using_declaration']),
  wrappers: new Set(['template_declaration']),
};

const csharp: LanguageRules = {
  declarations: {
    class_declaration: { kind: fixed('class') },
    struct_declaration: { kind: fixed('struct') },
    interface_declaration: { kind: fixed('interface') },
    enum_declaration: { kind: fixed('enum') },
    record_declaration: { kind: fixed('record') },
    record_struct_declaration: { kind: fixed('record') },
    delegate_declaration: { kind: fixed('delegate') },
    method_declaration: { kind: fixed('method') },
    constructor_declaration: { kind: fixed('constructor') },
    namespace_declaration: { kind: fixed('namespace') },
    file_scoped_namespace_declaration: { kind: fixed('namespace') },
  },
  imports: new Set(['using_directive']),
  wrappers: new Set(),
};

export const RULES: Record<LanguageInfo['id'], LanguageRules> = {
  typescript: ecmaScript,
  tsx: ecmaScript,
  javascript: ecmaScript,
  python,
  go,
  rust,
  java,
  c,
  cpp,
  csharp,
};

/** Kinds whose bodies hold members worth mapping; everything else is a leaf. */
export const CONTAINER_KINDS = new Set(['class', 'interface', 'struct', 'union', 'enum', 'trait', 'impl', 'module', 'namespace', 'record', 'suite']);

/** A function declared inside one of these is a method. */
export const TYPE_KINDS = new Set(['class', 'interface', 'struct', 'trait', 'impl', 'record']);
