import * as path from 'node:path';

/** A language the structural mapper can outline, and the tree-sitter grammar that parses it. */
export interface LanguageInfo {
  id: 'typescript' | 'tsx' | 'javascript' | 'python' | 'go' | 'rust' | 'java' | 'c' | 'cpp' | 'csharp';
  /** File in the tree-sitter-wasms package. */
  wasm: string;
}

const BY_EXTENSION: Record<string, LanguageInfo> = {};
function add(info: LanguageInfo, extensions: string[]) {
  for (const ext of extensions) BY_EXTENSION[ext] = info;
}
add({ id: 'typescript', wasm: 'tree-sitter-typescript.wasm' }, ['.ts', '.mts', '.cts']);
add({ id: 'tsx', wasm: 'tree-sitter-tsx.wasm' }, ['.tsx']);
add({ id: 'javascript', wasm: 'tree-sitter-javascript.wasm' }, ['.js', '.mjs', '.cjs', '.jsx']);
add({ id: 'python', wasm: 'tree-sitter-python.wasm' }, ['.py', '.pyi', '.pyw']);
add({ id: 'go', wasm: 'tree-sitter-go.wasm' }, ['.go']);
add({ id: 'rust', wasm: 'tree-sitter-rust.wasm' }, ['.rs']);
add({ id: 'java', wasm: 'tree-sitter-java.wasm' }, ['.java']);
add({ id: 'c', wasm: 'tree-sitter-c.wasm' }, ['.c', '.h']);
add({ id: 'cpp', wasm: 'tree-sitter-cpp.wasm' }, ['.cc', '.cpp', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp']);
add({ id: 'csharp', wasm: 'tree-sitter-c_sharp.wasm' }, ['.cs']);

export function languageFor(file: string): LanguageInfo | undefined {
  return BY_EXTENSION[path.extname(file).toLowerCase()];
}
