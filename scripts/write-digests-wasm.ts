/**
 * `npm run wasm:write`: assembles src/core/files/digests.wat (with wabt) into the module that
 * src/core/files/digestsBinary.ts embeds. test/unit/digests.test.ts fails when the two drift apart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import wabt from 'wabt';

const ROOT = path.resolve(__dirname, '../..');
const WAT = path.join(ROOT, 'src/core/files/digests.wat');
export const EMBEDDED = path.join(ROOT, 'src/core/files/digestsBinary.ts');

/** The module digests.wat assembles to, as base64. */
export async function assembledDigests(): Promise<string> {
  const parsed = (await wabt()).parseWat('digests.wat', readFileSync(WAT, 'utf8'));
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({}).buffer).toString('base64');
  } finally {
    parsed.destroy();
  }
}

/** The TypeScript module that embeds `base64`. */
export const embeddedSource = (base64: string) =>
  `// Written by scripts/write-digests-wasm.ts (npm run wasm:write) from digests.wat; do not edit.\nexport const DIGESTS_WASM =\n  '${base64}';\n`;

if (require.main === module)
  void assembledDigests().then((base64) => {
    writeFileSync(EMBEDDED, embeddedSource(base64));
    console.log(`${path.relative(ROOT, EMBEDDED)} written from digests.wat (${Buffer.from(base64, 'base64').length} bytes)`);
  });
