/**
 * `npm run tools:write`: writes what the tool declarations (src/core/tools/registry.ts) describe into
 * package.json's `contributes.languageModelTools` and the hook's list of Skim's reads
 * (src/core/hook/skimReadTools.json). test/unit/tools.test.ts fails when either drifts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { lineToolNames, toolsContribution } from '../src/core/tools/contribution';

const ROOT = path.resolve(__dirname, '../..');
const manifestFile = path.join(ROOT, 'package.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
manifest.contributes.languageModelTools = toolsContribution();
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(path.join(ROOT, 'src', 'core', 'hook', 'skimReadTools.json'), `${JSON.stringify(lineToolNames())}\n`);
console.log('package.json and src/core/hook/skimReadTools.json written from the tool declarations');
