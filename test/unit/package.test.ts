import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

import { SKIM_COMMANDS } from '../../src/vscode/commands/ids';

const ROOT = path.resolve(__dirname, '../../..');

describe('the packaged extension', () => {
  it('ships only what runs, and every bundle esbuild writes: the bundles, grammars and queries, the chat files, the pictures and the manifest pages', function () {
    this.timeout(60_000);
    const files = execFileSync(path.join(ROOT, 'node_modules/.bin/vsce'), ['ls'], { cwd: ROOT, encoding: 'utf8' }).trim().split('\n');
    const runtime =
      /^(dist\/[\w-]+\.js|dist\/wasm\/[\w.-]+\.(wasm|wasm\.br|cjs)|dist\/o200k_base\.json\.br|dist\/queries\/\w+\.scm|chat\/[\w.-]+\.md|media\/[\w/.-]+\.(png|svg|md)|package\.json|README\.md|CHANGELOG\.md|LICENSE)$/;
    assert.deepEqual(
      files.filter((file) => !runtime.test(file)),
      [],
    );
    // A bundle the build writes but the package leaves out fails only where it is loaded (the hook's dist/hook-fresh.js did).
    const bundles = [...readFileSync(path.join(ROOT, 'esbuild.mjs'), 'utf8').matchAll(/outfile: '(dist\/[\w-]+\.js)'/g)].map((m) => m[1]);
    assert.ok(bundles.length >= 7, bundles.join(', '));
    for (const needed of [...bundles, 'package.json', 'CHANGELOG.md']) assert.ok(files.includes(needed), needed);
    assert.ok(files.some((file) => file.startsWith('dist/wasm/')));
  });

  it("contributes exactly the commands the extension's one command table registers, each with its title", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const contributed = (manifest.contributes.commands as { command: string; title: string }[]).map((c) => c.command);
    assert.deepEqual([...contributed].sort(), [...SKIM_COMMANDS].sort());
    for (const command of manifest.contributes.commands) assert.ok(command.title, command.command);
  });

  it('names where it lives and who to tell, as the Marketplace shows them', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(manifest.repository.url, 'https://github.com/skim-dev/skim.git');
    assert.equal(manifest.bugs.url, 'https://github.com/skim-dev/skim/issues');
    assert.match(manifest.homepage, /^https:\/\/github\.com\/skim-dev\/skim/);
    assert.ok(manifest.keywords.length >= 5 && manifest.keywords.length <= 30);
    assert.ok(manifest.galleryBanner.color);
  });

  it('has an icon the Marketplace takes: a PNG of at least 128 by 128, drawn from the SVG beside it', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const png = readFileSync(path.join(ROOT, manifest.icon));
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
    const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
    assert.ok(width >= 128 && height >= 128, `${width}x${height}`);
    assert.ok(existsSync(path.join(ROOT, 'media', 'skim.svg')));
  });
});
