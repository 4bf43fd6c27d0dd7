import { closeSync, readSync } from 'node:fs';
import { openRegularFile } from '../files/open';

/**
 * Whether earlier tool results are still in the model's context, as a transcript kept the way
 * Claude Code keeps it says: one JSON message a line, each naming its parent (`uuid`,
 * `parentUuid`). What the model holds is the chain from the last message back: a compaction starts
 * a new chain (its boundary has no parent), a rewind leaves the messages after the point it went
 * back to on a branch of their own. A result is held when the message carrying it is on that chain.
 * A subagent's transcript is a file of its own, its messages marked as a side chain. Only the last
 * MAX_BYTES are read; a result further back counts as gone.
 */
const MAX_BYTES = 16 * 1024 * 1024;

interface Message {
  uuid: string;
  parent: string | null;
  /** The tool-use ids of the results it carries. */
  results: string[];
}

function messageOf(line: string): Message | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const record = value as { uuid?: unknown; parentUuid?: unknown; message?: { content?: unknown } };
  if (typeof record.uuid !== 'string') return undefined;
  const content = Array.isArray(record.message?.content) ? (record.message.content as { type?: unknown; tool_use_id?: unknown }[]) : [];
  const results = content.flatMap((block) => (block?.type === 'tool_result' && typeof block.tool_use_id === 'string' ? [block.tool_use_id] : []));
  return { uuid: record.uuid, parent: typeof record.parentUuid === 'string' ? record.parentUuid : null, results };
}

/** The transcript's last MAX_BYTES as lines, the first dropped when the read began inside it. */
function tailLines(file: string): string[] {
  const { fd, stat } = openRegularFile(file);
  try {
    const length = Math.min(stat.size, MAX_BYTES);
    const bytes = Buffer.alloc(length);
    let got = 0;
    while (got < length) {
      const n = readSync(fd, bytes, got, length - got, stat.size - length + got);
      if (n === 0) break;
      got += n;
    }
    const lines = bytes.subarray(0, got).toString('utf8').split('\n');
    return length < stat.size ? lines.slice(1) : lines;
  } finally {
    closeSync(fd);
  }
}

/** Which of `calls` have their results on the transcript's current chain; none when it cannot be read. */
export function callsInContext(transcript: string, calls: ReadonlySet<string>): Set<string> {
  const held = new Set<string>();
  if (!calls.size) return held;
  let lines: string[];
  try {
    lines = tailLines(transcript);
  } catch {
    return held;
  }
  const byId = new Map<string, Message>();
  let tip: Message | undefined;
  for (const line of lines) {
    const message = line ? messageOf(line) : undefined;
    if (!message) continue;
    byId.set(message.uuid, message);
    tip = message;
  }
  const seen = new Set<string>();
  for (let at = tip; at && !seen.has(at.uuid); at = at.parent === null ? undefined : byId.get(at.parent)) {
    seen.add(at.uuid);
    for (const call of at.results) if (calls.has(call)) held.add(call);
  }
  return held;
}
