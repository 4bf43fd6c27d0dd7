/**
 * Everything of `skim` but the hook's first steps, bundled apart (dist/engine.js) so that a hook
 * which passes a read untouched never loads it.
 */
export { main } from './main';
export { listingMain } from './commands/listingMain';
