import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const SRC = path.resolve(__dirname, '../../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );
}

/** The folders of src/core each folder's modules import (a module directly in src/core counts as a folder of its own). */
function folderImports(): Map<string, Set<string>> {
  const core = path.join(SRC, 'core');
  const folderOf = (file: string) =>
    path
      .relative(core, file)
      .split(path.sep)[0]
      .replace(/\.tsx?$/, '');
  const graph = new Map<string, Set<string>>();
  for (const file of sources(core)) {
    const from = folderOf(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const to = folderOf(path.resolve(path.dirname(file), `${spec}.ts`));
      if (to !== from && !to.startsWith('..')) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** The file a relative import names: a module (.ts, .tsx, a folder's index) or a data file named whole. */
function importedFile(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base].find((file) => existsSync(file) && statSync(file).isFile());
}

/**
 * Each file of src/ and the files of src/ it imports: values, types (`import type`, `typeof
 * import(…)`) and re-exports alike, since a cycle of types is still two modules that cannot be
 * read one without the other.
 */
function fileImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(SRC)) {
    const to = new Set<string>();
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from |import\()'(\.[^']+)'/g)) {
      const target = importedFile(file, spec);
      if (target?.startsWith(SRC) && target !== file) to.add(path.relative(SRC, target));
    }
    graph.set(path.relative(SRC, file), to);
  }
  return graph;
}

/** A cycle in an import graph, as the path that closes it, or undefined. */
function importCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (folder: string, trail: string[]): string[] | undefined => {
    if (state.get(folder) === 'open') return [...trail.slice(trail.indexOf(folder)), folder];
    if (state.get(folder) === 'done') return undefined;
    state.set(folder, 'open');
    for (const next of graph.get(folder) ?? []) {
      const cycle = visit(next, [...trail, folder]);
      if (cycle) return cycle;
    }
    state.set(folder, 'done');
    return undefined;
  };
  for (const folder of graph.keys()) {
    const cycle = visit(folder, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the layering', () => {
  it("no two folders of src/core depend on each other, however indirectly: each folder's job sits on those below it", () => {
    const graph = folderImports();
    assert.ok(graph.size > 10);
    assert.equal(importCycle(graph)?.join(' → '), undefined);
  });

  it('no file of src/ imports itself through others, types included: the cycle is named from file to file', () => {
    const graph = fileImports();
    assert.ok(graph.size > 200, `${graph.size} files`);
    assert.ok(graph.get(path.join('cli', 'cliMain.ts'))?.has(path.join('cli', 'engine.ts')), "typeof import('./engine') is an import");
    assert.equal(importCycle(graph)?.join(' → '), undefined);
  });

  it('src/core and src/cli never import vscode: the engine runs in plain Node', () => {
    const offenders = [...sources(path.join(SRC, 'core')), ...sources(path.join(SRC, 'cli'))].filter((f) =>
      /from 'vscode'|require\('vscode'\)/.test(readFileSync(f, 'utf8')),
    );
    assert.deepEqual(offenders, []);
    assert.ok(sources(path.join(SRC, 'core')).length > 20);
  });
});
