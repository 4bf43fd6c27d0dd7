/**
 * `npm run cli:write`: draws docs/cli.md's list of commands and each command's help from the
 * command table (src/cli/commands/table.ts). test/unit/cliHelp.test.ts fails when it drifts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { cliMarkdown } from '../src/cli/help';

const file = path.resolve(__dirname, '../../docs/cli.md');
writeFileSync(file, cliMarkdown(readFileSync(file, 'utf8')));
console.log('docs/cli.md written from the command table');
