/**
 * The session ledger's part of a hook (dist/hook-ledger.js): a host's context events, and a read's
 * result once it ran. Loaded only for those; a fresh read before it runs never loads it.
 */
export { afterRead, onContextEvent } from '../core/ledger/hookLedger';
