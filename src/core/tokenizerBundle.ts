import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a require, so that the package's exports give its CommonJS build to esbuild as to tsc
import gptEncoding = require('gpt-tokenizer/cjs/GptEncoding');

/**
 * gpt-tokenizer's o200k encoder, the one module that imports it: the build makes it a bundle of its
 * own (dist/tokenizer.js) that savings.ts loads at the first count, so a process that counts nothing
 * never reads or parses its tables. The tables (o200k's merge ranks, 2 MB) are not in the bundle: the
 * build stores them as brotli-compressed JSON beside it (dist/o200k_base.json.br, 0.77 MB where the
 * bundle deflated in the .vsix took 1.02 MB); from source they are the package's own module.
 */
const { GptEncoding } = gptEncoding;

type Ranks = ReturnType<Parameters<typeof GptEncoding.getEncodingApi>[1]>;

function ranks(): Ranks {
  const packed = path.join(__dirname, 'o200k_base.json.br');
  if (existsSync(packed)) return JSON.parse(brotliDecompressSync(readFileSync(packed)).toString('utf8')) as Ranks;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- from source, the tables' own module (the build leaves it out)
  return (require('gpt-tokenizer/cjs/bpeRanks/o200k_base') as { default: Ranks }).default;
}

export const { encode } = GptEncoding.getEncodingApi('o200k_base', ranks);
