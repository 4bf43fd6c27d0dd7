/**
 * `skim lines`, what a guarded shell read runs, bundled apart (dist/shell-read.js): the small
 * bundle where every hook call starts only dispatches to it, and it loads the entry files, the
 * screen and the engine as the hook does, only for a read over the limit.
 */
export { linesMain } from './commands/linesMain';
