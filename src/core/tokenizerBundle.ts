/**
 * gpt-tokenizer's o200k encoder, the one module that imports it: the build makes it a bundle of its
 * own (dist/tokenizer.js, four fifths of what the engine and the extension carried) that savings.ts
 * loads at the first count, so a process that counts nothing never reads or parses its tables.
 */
export { encode } from 'gpt-tokenizer';
