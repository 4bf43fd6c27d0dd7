import * as os from 'node:os';
import type { OutputCut } from '../../shell/outputCut';
import type { ShellDialect } from '../../shell/read';

export type { OutputCut };

/**
 * What Skim knows of one agent host: the tools it reads and edits with and their arguments, the
 * shape of its hook payloads and answers, and where and how its hook file is written. One record
 * per host, in a file of its own, listed in `index.ts`; nothing else names a host's tools or fields.
 */
export interface AgentHost<Id extends string = string> {
  id: Id;
  /** The host as a person picks it (VS Code's install command). */
  label: string;
  /** The agents and harnesses its hook file serves, beside its label in that pick and in the docs. */
  serves: string;
  /** Tools that read a file. */
  readTools: readonly string[];
  /** The read's file and lines, when its arguments are this host's; undefined when they are not. */
  readArgs(input: Record<string, unknown>): ReadArgs | undefined;
  /**
   * Edit tools, each with where its arguments carry the file and the text (several shapes under
   * one name: the first the arguments fit). A host that also sends payloads in another host's
   * format lists its tools under the names it gives them there.
   */
  edits: Readonly<Record<string, EditShape | readonly EditShape[]>>;
  /** The payload and answer format the host's own hook files use. */
  format: HookFormat;
  /** Whether a payload in `format` (its own or another host's it also runs) came from this host. */
  sends(payload: Record<string, unknown>, format: HookFormat): boolean;
  /** The most bytes of extra text the host passes on inline, with a margin. */
  contextLimit: number;
  /** The hook file Skim installs into for a scope. */
  place(scope: InstallScope, root: string, env: NodeJS.ProcessEnv): HookPlace;
  /**
   * Every hook file the host runs, as paths (a folder's `*.json` as `folder/*.json`), first those
   * it runs whatever a person has trusted, then the rest: of the Skim hooks it runs for one call,
   * the one in the first of these files acts and the others stand aside.
   */
  reads(root: string, env: NodeJS.ProcessEnv): readonly string[];
  /** What a person must do before the host runs a hook installed at `scope`, in one line; none: nothing. */
  approval?(scope: InstallScope): string | undefined;
  /** How VS Code's first-run offer names the host's agent, and whether a workspace uses it; none: never offered there. */
  offer?: HookOffer;
  /** What the host calls a tool of `skim mcp` (the server registered as `skim`); none: it calls Skim's tools by their own names. */
  mcpToolNames?(tool: string): readonly string[];
  /** Where the host reads MCP servers, for a scope; none: Skim's tools reach it another way (the extension). */
  mcp?(scope: InstallScope, root: string, env: NodeJS.ProcessEnv): McpPlace;
  /** Tools that run a shell command line, each with the argument carrying it and the shell that runs it: a plain read of one file through one is a read. */
  shells?: Readonly<Record<string, ShellTool>>;
  /** What the host alone shows of a read tool's result and of a shell command's output: a guarded read never shows more. */
  cuts?: Readonly<{ read?: OutputCut; shell?: OutputCut }>;
  /** How a hook may replace a read's result, so that the session ledger (`core/ledger`) can answer a re-read with a note; none: it cannot, and the ledger stays out. */
  ledger?: LedgerMechanism;
  /**
   * Where no hook may replace a read's result but the host's shell reads are rewritten to Skim's own
   * command (Codex): the events that tell the ledger what the session's contexts hold, and the key
   * naming a subagent, so that `skim lines --session ID` prints the note itself.
   */
  shellLedger?: ContextTracking;
}

/** How a host tells the ledger what a session's contexts hold: its events, by its names, and the payload key naming the subagent a call comes from. */
export interface ContextTracking {
  events: LedgerMechanism['events'];
  agentKey?: string;
}

/** What a read showed the model, as the host's PostToolUse payload gives it (after the host's own cut). */
export interface HostShown {
  /** The first line shown, 1-based. */
  start: number;
  /** The lines as shown, without numbers; the last may be cut short by the host. */
  lines: string[];
  /** What the host's result says after the lines (that it cut them, and where to go on): kept under a note. */
  trailer?: string;
}

/** What replaces a read's result: the note, and the lines it shows in full, each span from its first line. */
export interface Replacement {
  note: string;
  spans: { start: number; lines: string[] }[];
}

/** What one of the host's events means for what a session's contexts hold: a context begins (`open`), or every context of the session forgets and the main one goes on (`reset`). */
export interface ContextEvent {
  session: string;
  /** The context that begins (a subagent's); none: the session's main one. */
  context?: string;
  effect: 'open' | 'reset';
}

/**
 * How a host lets a PostToolUse hook replace a read's result (Claude Code's `updatedToolOutput`,
 * the Copilot CLI's `modifiedResult`), and how it tells a hook what the model's context holds: its
 * session starts, compactions and subagents, and the transcript where it gives one.
 */
export interface LedgerMechanism {
  /** The answer's field that replaces the result, as the host names it. */
  replaces: string;
  /** What the read showed, from its PostToolUse payload; undefined when the result is no read's lines (an error, an image, the host's own note that the file is unchanged). */
  shown(payload: Record<string, unknown>): HostShown | undefined;
  /** The host numbers a result's lines itself from one start: only one span can be shown in full. */
  oneSpan: boolean;
  /** The PostToolUse answer that replaces the read's result. */
  answer(payload: Record<string, unknown>, replacement: Replacement): object;
  /** The host's events, by its names (each installed with `skim hook --on NAME`), and what each payload says happened. */
  events: Readonly<Record<string, (payload: Record<string, unknown>) => ContextEvent | undefined>>;
  /** The payload key naming the subagent a call comes from; none: each subagent has a session of its own. */
  agentKey?: string;
  /** The payload key of the tool call's id. */
  callKey?: string;
  /** The payload key of the session's transcript, and where a subagent's own transcript is beside it. */
  transcript?: { key: string; ofAgent(transcript: string, agent: string): string };
}

/** A tool that runs a command line: the argument that carries it, and the shell that reads it. */
export interface ShellTool {
  command: string;
  dialect: ShellDialect;
  /** The argument that names the folder the command runs in, relative to the call's cwd (Gemini's dir_path), where the tool has one. */
  dir?: string;
}

/**
 * The most bytes a host shows of `bytes` of output over `lines` lines once its own cut applies. A
 * bound in characters or tokens holds in bytes as it stands (each is at least one byte); one in
 * lines keeps that share of the bytes.
 */
export function bytesThrough(cut: OutputCut | undefined, bytes: number, lines: number): number {
  const kept = cut?.lines !== undefined && lines > cut.lines ? Math.floor((bytes * cut.lines) / lines) : bytes;
  return Math.min(kept, cut?.bytes ?? Infinity, cut?.chars ?? Infinity, cut?.tokens ?? Infinity);
}

export interface HookOffer {
  agent: string;
  /** Whether the workspace at `root` uses this agent, so that the hook is worth offering. */
  applies(root: string): boolean;
}

export type HookEvent = 'pre' | 'post';
export const INSTALL_SCOPES = ['workspace', 'user'] as const;
export type InstallScope = (typeof INSTALL_SCOPES)[number];

/** A read's file and lines as its arguments give them; `rewrite` gives the same arguments for lines start..end. */
export interface ReadArgs {
  file: string;
  /** First line asked for, 1-based. */
  offset: number;
  /** Lines asked for; undefined for the rest of the file. */
  limit?: number;
  rewrite(start: number, end: number): Record<string, unknown>;
}

/**
 * Where an edit tool's arguments carry the file it writes (`file`; in each item under `each`,
 * `eachFile`; or, with `patch`, the files the patch text names) and its text: a string replaced
 * (`old` by `new`, every occurrence where `all` is true), one or a list of them under `each`; a
 * file written whole (`whole`); or other text it writes (`text`: code to insert, a patch, a cell).
 */
export interface EditShape {
  /** An edit only when each named argument holds one of its values (str_replace_editor's `command`). */
  when?: Readonly<Record<string, readonly string[]>>;
  file?: string;
  eachFile?: string;
  patch?: boolean;
  old?: string;
  new?: string;
  all?: string;
  each?: string;
  whole?: string;
  text?: readonly string[];
  /** A command line that rewrites its files in place (sed -i, perl -pi through a shell tool): text the edit carries, though not text it writes. */
  script?: readonly string[];
}

/**
 * Where a call's arguments were one string rather than an object (a freeform tool's, like the
 * Copilot CLI's apply_patch, whose argument is the patch itself): the payload's reader keeps the
 * string under this key, which no tool's schema names.
 */
export const RAW_ARGUMENTS = '(raw)';

/** What an answer to a call says, in Skim's words; each format writes it in its host's shape. */
export interface PreToolAnswer {
  decision?: 'allow' | 'deny';
  /** The call's arguments, rewritten (with allow). */
  input?: Record<string, unknown>;
  /** Why the call is denied: the host shows it to the model. */
  reason?: string;
  /** Extra text the model sees with the call's result. */
  context?: string;
}

/** A hook payload's wire format, recognized by the key naming its tool (and `recognizes`, where formats share it), and how an answer in it is written. */
export interface HookFormat {
  toolKey: string;
  inputKey: string;
  sessionKey: string;
  /** Whether a payload naming its tool under `toolKey` is in this format; none: any such payload is. */
  recognizes?(payload: Record<string, unknown>): boolean;
  /** Whether the payload comes after the tool ran. */
  isPost(payload: Record<string, unknown>): boolean;
  /** Whether a payload after the call says the call did not run or failed, where the format says so (undefined: it never does). */
  failed?(payload: Record<string, unknown>): boolean;
  /** The answer, in the object the host reads, before (`pre`) or after (`post`) the call. */
  answer(said: PreToolAnswer, event: HookEvent): object;
  /**
   * The host passes on extra text only with a tool's result, never before the call: what a
   * before-call answer says beside the call is kept, and given with the after-call answer.
   */
  contextAfter?: boolean;
}

/**
 * A hook file's format: the key of each event's list under "hooks", Skim's hook object in it,
 * whether a matcher group holds it, the version the file must declare; and the host's events that
 * tell the session ledger what the model's context holds, each with an entry of its own.
 */
export interface HookFileFormat {
  events: Readonly<Record<HookEvent, string>>;
  context?: readonly string[];
  hook(command: string, timeoutSeconds: number): Record<string, unknown>;
  grouped: boolean;
  version?: number;
}

/** Where a host reads MCP servers: a JSON file's object of servers by name, or a TOML file's table of them. */
export interface McpPlace {
  file: string;
  syntax: 'json' | 'toml';
  /** The key (JSON) or table (TOML) that holds the servers by name. */
  servers: string;
  /** Fields of Skim's server beside its command and arguments (a type, the tools it may offer). */
  extra?: Readonly<Record<string, unknown>>;
  /** Other hosts that read the same file, named in what install and remove say. */
  sharedWith?: string;
  /** What a person must do before the host starts a server registered there, in one line. */
  approval?: string;
  /** The project whose git must not pick the file up when Skim creates it (its command names this machine's paths). */
  personalIn?: string;
}

export interface HookPlace {
  file: string;
  format: HookFileFormat;
  /** The file is Skim's alone (removal deletes it when nothing else is left in it). */
  owned: boolean;
  /**
   * The project whose git must not pick the file up: the command in it names this machine's
   * paths, so a workspace install stays with the person who made it.
   */
  personalIn?: string;
}

export const homeOf = (env: NodeJS.ProcessEnv): string => env.HOME || os.homedir();

export const intArg = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : undefined);

/** The first line a read asks for: 1 when it names none or one before the first. */
export const firstLine = (value: unknown): number => Math.max(1, intArg(value) ?? 1);

/** A read's lines from its first and last line arguments (inclusive); no last line: `limit` undefined. */
export function lineSpan(start: unknown, end: unknown): { offset: number; limit?: number } {
  const offset = firstLine(start);
  const last = intArg(end);
  return { offset, limit: last === undefined ? undefined : Math.max(0, last - offset + 1) };
}

/** A JSON object, from its text or as it is; undefined for anything else. */
export function jsonObject(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return jsonObject(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
