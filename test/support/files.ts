import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** test/fixtures in the source tree (tests run from out/test/...). */
export const FIXTURES = path.resolve(__dirname, '../../../test/fixtures');

/** A scratch project folder, removed by `cleanup`. */
export function scratch(prefix = 'skim-test-'): { dir: string; write(name: string, content: string | Buffer): string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    write(name, content) {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      return file;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A scratch git work tree holding a real third-party file: mocha's runner, at lib/runner.js. */
export function runnerProject(): ReturnType<typeof scratch> {
  const s = scratch();
  execFileSync('git', ['init', '-q', s.dir]);
  mkdirSync(path.join(s.dir, 'lib'));
  copyFileSync(require.resolve('mocha/lib/runner.js'), path.join(s.dir, 'lib/runner.js'));
  return s;
}

/**
 * A TypeScript file of `functions` functions, each followed by a blank line. Function k
 * (0-based) spans lines k*S + 1 to k*S + bodyLines + 3, where S = bodyLines + 4 is the stride;
 * the file has functions * S lines.
 */
export function tsSource(functions: number, bodyLines: number): string {
  const out: string[] = [];
  for (let k = 0; k < functions; k++) {
    out.push(`export function fn${k}(n: number): number {`);
    for (let i = 0; i < bodyLines; i++) out.push(`  n = n + ${i};`);
    out.push('  return n;', '}', '');
  }
  return `${out.join('\n')}\n`;
}

export function tsRegions(functions: number, bodyLines: number) {
  const stride = bodyLines + 4;
  return Array.from({ length: functions }, (_, k) => ({ start: k * stride + 1, end: k * stride + bodyLines + 3, kind: 'function', name: `fn${k}` }));
}
