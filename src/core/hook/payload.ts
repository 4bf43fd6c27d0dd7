import * as path from 'node:path';
import { READ_TOOLS } from './tools';

/**
 * A PreToolUse payload, recognized by its shape. The host decides the answer's format and the
 * size limit of the text it passes on; the read's arguments decide how the read is rewritten.
 * The Copilot CLI also runs Claude-style hooks with its own argument names, so arguments are
 * read from their names, never from the tool's name.
 */
export type HookHost = 'vscode' | 'claude' | 'copilot-cli';

/** hookSpecificOutput (VS Code, Claude Code, Claude-style hooks in the Copilot CLI) or the Copilot CLI's flat answer. */
export type AnswerShape = 'hook-specific' | 'flat';

/** Which argument names the read uses. */
export type ArgStyle = 'range' | 'offset-limit' | 'view-range';

export interface HookRead {
  host: HookHost;
  shape: AnswerShape;
  args: ArgStyle;
  /** The tool input as received, kept whole in the rewritten input. */
  input: Record<string, unknown>;
  file: string;
  /** First line asked for, 1-based. */
  offset: number;
  /** Lines asked for; undefined for the rest of the file. */
  limit?: number;
  cwd: string;
}

/** Any tool call the hook sees, before or after the tool ran: what the edit gate reads. */
export interface HookCall {
  event: 'pre' | 'post';
  /** The host's session id, when it sends one: the scope of the gate's stamps. */
  session?: string;
  tool: string;
  input: Record<string, unknown>;
  shape: AnswerShape;
  cwd: string;
}

/** A host read before it runs (the guard and the gate), another call (the gate alone), or nothing to act on. */
export type ParsedPayload = { kind: 'read'; read: HookRead; call: HookCall } | { kind: 'call'; call: HookCall } | { kind: 'pass'; why: string };

/** Claude Code's Read returns at most this many lines when no limit is given. */
const CLAUDE_DEFAULT_LIMIT = 2000;

function record(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return record(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : undefined);

export function parsePayload(text: string, fallbackCwd: string): ParsedPayload {
  const payload = record(text.trim() === '' ? undefined : text);
  if (!payload) return { kind: 'pass', why: 'the payload is not a JSON object' };
  const flat = typeof payload.toolName === 'string';
  const tool = String(flat ? payload.toolName : (payload.tool_name ?? ''));
  if (!tool) return { kind: 'pass', why: 'the payload names no tool' };
  const input = record(flat ? payload.toolArgs : payload.tool_input);
  if (!input) return { kind: 'pass', why: `the ${tool} call has no arguments` };
  const cwd = typeof payload.cwd === 'string' && payload.cwd ? payload.cwd : fallbackCwd;
  const shape: AnswerShape = flat ? 'flat' : 'hook-specific';
  const post = payload.hook_event_name === 'PostToolUse' || (flat && ('toolResult' in payload || 'toolResponse' in payload));
  const session = [payload.session_id, payload.sessionId].find((v): v is string => typeof v === 'string' && v !== '');
  const call: HookCall = { event: post ? 'post' : 'pre', session, tool, input, shape, cwd };
  if (post || !READ_TOOLS.has(tool)) return { kind: 'call', call };
  const read = (host: HookHost, args: ArgStyle, file: string, offset: number, limit: number | undefined): ParsedPayload => ({
    kind: 'read',
    read: { host, shape, args, input, file: path.resolve(cwd, file), offset, limit, cwd },
    call,
  });
  const first = (value: unknown) => Math.max(1, int(value) ?? 1);

  if (typeof input.filePath === 'string') {
    if ('startLine' in input || 'endLine' in input || !('offset' in input || 'limit' in input)) {
      const offset = first(input.startLine);
      const end = int(input.endLine);
      return read('vscode', 'range', input.filePath, offset, end === undefined ? undefined : Math.max(0, end - offset + 1));
    }
    return read('vscode', 'offset-limit', input.filePath, first(input.offset), int(input.limit));
  }
  if (typeof input.file_path === 'string')
    return read('claude', 'offset-limit', input.file_path, first(input.offset), int(input.limit) ?? CLAUDE_DEFAULT_LIMIT);
  if (typeof input.path === 'string') {
    const range = Array.isArray(input.view_range) ? input.view_range.map(int) : [];
    const offset = first(range[0]);
    const end = range[1];
    return read('copilot-cli', 'view-range', input.path, offset, end === undefined || end === -1 ? undefined : Math.max(0, end - offset + 1));
  }
  return { kind: 'pass', why: `the ${tool} call names no file` };
}
