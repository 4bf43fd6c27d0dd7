/**
 * `npm run config:write`: writes what the option table (src/core/config/options.ts) describes into
 * package.json's `contributes.configuration` and docs/configuration.md. test/unit/config.test.ts
 * fails when either drifts from the table.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { configurationMarkdown, settingsContribution } from '../src/core/config/describe';

const ROOT = path.resolve(__dirname, '../..');
const manifestFile = path.join(ROOT, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
manifest.contributes.configuration = settingsContribution();
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(path.join(ROOT, 'docs', 'configuration.md'), configurationMarkdown());
console.log('package.json and docs/configuration.md written from the option table');
