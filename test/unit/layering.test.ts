import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
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

/** A cycle between folders, as the path that closes it, or undefined. */
function folderCycle(graph: Map<string, Set<string>>): string[] | undefined {
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
    assert.equal(folderCycle(graph)?.join(' → '), undefined);
  });

  it('src/core and src/cli never import vscode: the engine runs in plain Node', () => {
    const offenders = [...sources(path.join(SRC, 'core')), ...sources(path.join(SRC, 'cli'))].filter((f) =>
      /from 'vscode'|require\('vscode'\)/.test(readFileSync(f, 'utf8')),
    );
    assert.deepEqual(offenders, []);
    assert.ok(sources(path.join(SRC, 'core')).length > 20);
  });
});
