/**
 * `npm run config:write`: writes what the option table (src/core/config/options.ts) describes into
 * package.json's `contributes.configuration` and `capabilities.untrustedWorkspaces`, and docs/configuration.md. test/unit/config.test.ts
 * fails when either drifts from the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { configurationMarkdown, settingsContribution, untrustedWorkspaces } from '../src/core/config/describe';

const ROOT = path.resolve(__dirname, '../..');
const manifestFile = path.join(ROOT, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
manifest.contributes.configuration = settingsContribution();
// capabilities goes after activationEvents, where a reader of the manifest looks for what the extension runs in.
const { capabilities: _old, ...rest } = manifest;
const ordered = Object.fromEntries(
  Object.entries(rest).flatMap(([key, value]) =>
    key === 'activationEvents'
      ? [
          [key, value],
          ['capabilities', { untrustedWorkspaces: untrustedWorkspaces() }],
        ]
      : [[key, value]],
  ),
);
writeFileSync(manifestFile, `${JSON.stringify(ordered, null, 2)}\n`);
writeFileSync(path.join(ROOT, 'docs', 'configuration.md'), configurationMarkdown());
console.log('package.json and docs/configuration.md written from the option table');
