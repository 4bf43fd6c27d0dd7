import * as path from 'node:path';
import { ShellListing } from '../shell/listing';
import { recognizeShellListing, recognizeShellRead } from '../shell/recognize';
import { ShellRead } from '../shell/read';
import { AGENT_HOSTS, callerOf, EDIT_TOOLS, HOOK_FORMATS, HookHost, LEDGER_READ_TOOLS, READ_TOOLS, SHELL_TOOLS } from './hosts';
import { HookFormat, jsonObject, OutputCut, RAW_ARGUMENTS, ShellTool } from './hosts/host';

export type { HookHost } from './hosts';

/**
 * A PreToolUse payload, recognized by its shape. The format decides the answer's shape; the read's
 * arguments decide the host (its size limit for the text it passes on) and how the read is
 * rewritten, the calling host's own arguments tried first. The Copilot CLI also runs Claude-style
 * hooks with its own argument names, so arguments are read from their names, never from the
 * tool's name.
 */
export interface HookRead {
  host: HookHost;
  shape: HookFormat;
  /** The tool input as received, kept whole in the rewritten input. */
  input: Record<string, unknown>;
  file: string;
  /** First line asked for, 1-based. */
  offset: number;
  /** Lines asked for; undefined for the rest of the file. */
  limit?: number;
  cwd: string;
  /** The same arguments, for lines start..end. */
  rewrite(start: number, end: number): Record<string, unknown>;
}

/** A shell tool's call whose command line is a plain read of one file (core/shell), before it runs. */
export interface HookShellRead {
  shape: HookFormat;
  /** The tool input as received, kept whole in the rewritten input. */
  input: Record<string, unknown>;
  /** The argument that carries the command line, and the shell that runs it. */
  tool: ShellTool;
  read: ShellRead;
  /** The calling host's own cut of a command's output, or the strictest of the hosts that name the tool. */
  cut?: OutputCut;
  /** The folder the command runs in: the call's cwd, or the folder the tool's own argument names there. */
  cwd: string;
}

/** A shell tool's call whose command line is a plain recursive listing of one folder (core/shell/listing), before it runs. */
export interface HookShellListing extends Omit<HookShellRead, 'read'> {
  listing: ShellListing;
}

/** Any tool call the hook sees, before or after the tool ran: what the edit gate reads. */
export interface HookCall {
  event: 'pre' | 'post';
  /** The host that sent the payload (its limits, the hook files it runs), as its payload's shape tells. */
  host: HookHost;
  /** The host's session id, when it sends one: the scope of the gate's stamps. */
  session?: string;
  tool: string;
  /** The call's arguments; one string (a freeform tool's) is kept under RAW_ARGUMENTS. */
  input: Record<string, unknown>;
  shape: HookFormat;
  cwd: string;
  /** After the call: whether the host says it did not run or failed (denied, an error); false where the host says nothing. */
  failed: boolean;
  /** The subagent the call comes from, where the host names it (its own context in the session ledger). */
  agent?: string;
}

/**
 * A host read before it runs (the guard and the gate), a read through a shell tool, a read once it
 * ran (the session ledger, with the whole payload: its result and the host's ids), another call
 * (the gate alone), or nothing to act on.
 */
export type ParsedPayload =
  | { kind: 'read'; read: HookRead; call: HookCall }
  | { kind: 'shell'; shell: HookShellRead; call: HookCall }
  | { kind: 'listing'; shell: HookShellListing; call: HookCall }
  | { kind: 'shown'; call: HookCall; payload: Record<string, unknown> }
  | { kind: 'call'; call: HookCall }
  | { kind: 'pass'; why: string };

/** A call's arguments: an object (or one given as JSON text), else a string kept whole. */
function argumentsOf(value: unknown): Record<string, unknown> | undefined {
  return jsonObject(value) ?? (typeof value === 'string' && value !== '' ? { [RAW_ARGUMENTS]: value } : undefined);
}

export function parsePayload(text: string, fallbackCwd: string): ParsedPayload {
  const payload = jsonObject(text.trim() === '' ? undefined : text);
  if (!payload) return { kind: 'pass', why: 'the payload is not a JSON object' };
  const format = HOOK_FORMATS.find((f) => typeof payload[f.toolKey] === 'string' && payload[f.toolKey] !== '' && (f.recognizes?.(payload) ?? true));
  if (!format) return { kind: 'pass', why: 'the payload names no tool' };
  const tool = payload[format.toolKey] as string;
  const input = argumentsOf(payload[format.inputKey]);
  if (!input) return { kind: 'pass', why: `the ${tool} call has no arguments` };
  const cwd = typeof payload.cwd === 'string' && payload.cwd ? payload.cwd : fallbackCwd;
  const post = format.isPost(payload);
  const session = HOOK_FORMATS.map((f) => payload[f.sessionKey]).find((v): v is string => typeof v === 'string' && v !== '');
  const caller = callerOf(payload, format);
  const agentKey = caller.shellLedger?.agentKey;
  const agent = agentKey && typeof payload[agentKey] === 'string' && payload[agentKey] !== '' ? (payload[agentKey] as string) : undefined;
  const call: HookCall = {
    event: post ? 'post' : 'pre',
    host: caller.id,
    session,
    tool,
    input,
    shape: format,
    cwd,
    failed: post && (format.failed?.(payload) ?? false),
    ...(agent && { agent }),
  };
  // A read's result, from a host whose hook may replace it: the session ledger's.
  if (post && caller.ledger && LEDGER_READ_TOOLS.has(tool)) return { kind: 'shown', call, payload };
  // The calling host's own shell tool and cut where the payload says which host it is; else the strictest of the hosts that name the tool.
  const own = caller.sends(payload, format) ? caller.shells?.[tool] : undefined;
  const shell = post ? undefined : own ? { ...own, cut: caller.cuts?.shell } : SHELL_TOOLS.get(tool);
  if (shell) {
    const line = input[shell.command];
    if (typeof line !== 'string') return { kind: 'call', call };
    const { cut, ...runs } = shell;
    const dir = shell.dir === undefined ? undefined : input[shell.dir];
    const runsIn = typeof dir === 'string' && dir !== '' ? path.resolve(cwd, dir) : cwd;
    const common = { shape: format, input, tool: runs, cwd: runsIn, ...(cut ? { cut } : {}) };
    const read = recognizeShellRead(line, shell.dialect);
    if (read) return { kind: 'shell', shell: { ...common, read }, call };
    const listing = recognizeShellListing(line, shell.dialect);
    // A command that is neither a plain read of one file nor a plain recursive listing is none of Skim's business: it runs as written.
    return listing ? { kind: 'listing', shell: { ...common, listing }, call } : { kind: 'call', call };
  }
  if (post || !READ_TOOLS.has(tool)) return { kind: 'call', call };
  for (const host of [caller, ...AGENT_HOSTS.filter((h) => h !== caller)]) {
    const args = host.readArgs(input);
    if (args) return { kind: 'read', read: { host: host.id, shape: format, input, cwd, ...args, file: path.resolve(cwd, args.file) }, call };
  }
  // A tool that both reads and edits (str_replace_editor), called to edit.
  if (EDIT_TOOLS.has(tool)) return { kind: 'call', call };
  return { kind: 'pass', why: `the ${tool} call names no file` };
}
