import { join } from 'node:path';
import { onlyExplains } from './asksHelp';
import { requireBundle } from './codeCache';

// `skim` starts here, in a bundle of a few kilobytes, and loads the command's own bundle with V8's code cache.
requireBundle(join(__dirname, 'cli-main.js'), !onlyExplains(process.argv.slice(2)));
