/**
 * What a hook needs for every read over the limit, bundled apart (dist/hook-fresh.js) and small:
 * the fresh map from the entry files beside the database, and the screen for the name and map it attaches.
 * A fresh hit loads this and never the engine (dist/hook-maps.js) or SQLite.
 */
export { indexedEntry } from '../core/hook/indexedEntry';
export { screenHookMap, screenHookRead } from './hookScreen';
