import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const SRC = path.resolve(__dirname, '../../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sources(path.join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );
}

describe('the layering', () => {
  it('src/core and src/cli never import vscode: the engine runs in plain Node', () => {
    const offenders = [...sources(path.join(SRC, 'core')), ...sources(path.join(SRC, 'cli'))].filter((f) =>
      /from 'vscode'|require\('vscode'\)/.test(readFileSync(f, 'utf8')),
    );
    assert.deepEqual(offenders, []);
    assert.ok(sources(path.join(SRC, 'core')).length > 20);
  });
});
