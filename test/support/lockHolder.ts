// A separate process that takes a cache lock and never lets it go, as a hung writer would. `blocked`
// stops its whole thread (it can refresh nothing); `waiting` awaits for ever with its event loop
// turning (it refreshes its lock as a live holder does). It prints "held" once it holds the lock.
import { withFileLock } from '../../src/core/cache/lock';

const [lockFile, how] = process.argv.slice(2);
void withFileLock(lockFile, async () => {
  process.stdout.write('held\n');
  if (how === 'blocked') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  await new Promise(() => setInterval(() => undefined, 60_000));
});
