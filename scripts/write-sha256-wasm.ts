/**
 * `npm run wasm:write`: assembles src/core/files/sha256.wat (with wabt) into the module that
 * src/core/files/sha256Wasm.ts embeds. test/unit/sha256.test.ts fails when the two drift apart.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import wabt from 'wabt';

const ROOT = path.resolve(__dirname, '../..');
const WAT = path.join(ROOT, 'src/core/files/sha256.wat');
export const EMBEDDED = path.join(ROOT, 'src/core/files/sha256Wasm.ts');

/** The module sha256.wat assembles to, as base64. */
export async function assembledSha256(): Promise<string> {
  const parsed = (await wabt()).parseWat('sha256.wat', readFileSync(WAT, 'utf8'));
  try {
    parsed.validate();
    return Buffer.from(parsed.toBinary({}).buffer).toString('base64');
  } finally {
    parsed.destroy();
  }
}

/** The TypeScript module that embeds `base64`. */
export const embeddedSource = (base64: string) =>
  `// Written by scripts/write-sha256-wasm.ts (npm run wasm:write) from sha256.wat; do not edit.\nexport const SHA256_WASM =\n  '${base64}';\n`;

if (require.main === module)
  void assembledSha256().then((base64) => {
    writeFileSync(EMBEDDED, embeddedSource(base64));
    console.log(`${path.relative(ROOT, EMBEDDED)} written from sha256.wat (${Buffer.from(base64, 'base64').length} bytes)`);
  });
