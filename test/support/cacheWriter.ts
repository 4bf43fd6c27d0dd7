// A separate process that writes entries one flush at a time, to race another writer.
import { MapCache } from '../../src/core/cache/store';

async function main() {
  const [file, tag, countText] = process.argv.slice(2);
  const cache = await MapCache.open(file, { onWarning: (m) => process.stderr.write(`${m}\n`) });
  for (let i = 0; i < Number(countText); i++) {
    cache.put({
      path: `${tag}/file${i}.ts`,
      size: i,
      hash: `h${i}`,
      lines: 10,
      status: 'structural',
      producer: 'tree-sitter:typescript',
      prose: '',
      created: Date.now(),
      regions: [{ start: 1, end: 10, kind: 'function', name: `f${i}`, note: '' }],
    });
    await cache.flush();
  }
  await cache.close();
}

void main();
