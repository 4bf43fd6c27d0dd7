import { Options } from '../config/options';
import { onPath } from '../search/program';
import { shellWord } from './shellWord';
import { LISTING_PATTERNS } from '../shell/listing';
import { READ_PROGRAMS } from '../shell/recognize';
import { SHELL_EDIT_PROGRAMS } from '../shell/inPlaceEdit';
import { HOOK_MARKER } from './marker';
import { FilterTools, toolFilter } from './toolFilter';
import { EDIT_TOOLS, HookHost, hostOf, LEDGER_READ_TOOLS, READ_TOOLS, SHELL_TOOLS } from './hosts';
import { HookEvent, InstallScope } from './hosts/host';
import { SKIM_READ_TOOLS } from './tools';

type EditGateMode = Options['editGate'];

export { HOOK_MARKER } from './marker';

/**
 * The tools Skim has a part in, before a call (the guard's reads, the gate's stamps and edits) and
 * after one (the gate's new stamp after an edit, the session ledger's reads): what Claude's matchers name (VS Code's user hooks
 * use that format too, and the Copilot CLI runs it with its own tool names mapped to Claude's), and
 * what the command's own filter lets through where a host has no matcher.
 */
export const HOOK_TOOLS: Record<HookEvent, string[]> = {
  pre: [...new Set([...READ_TOOLS, ...SKIM_READ_TOOLS, ...EDIT_TOOLS, ...SHELL_TOOLS.keys()])],
  // A shell call after it ran: the gate's new stamp after an edit made through it (sed -i, apply_patch on a here-doc).
  post: [...new Set([...EDIT_TOOLS, ...LEDGER_READ_TOOLS, ...SHELL_TOOLS.keys()])],
};

/**
 * The tools a host's entry for `event` runs for: after the call, in a host that passes on extra
 * text only with a result (Gemini), the reads and shell commands too, whose notice is given then.
 */
export function hookTools(host: HookHost | undefined, event: HookEvent): string[] {
  if (event === 'pre' || !host || !hostOf(host).format.contextAfter) return HOOK_TOOLS[event];
  return [...new Set([...HOOK_TOOLS.pre, ...HOOK_TOOLS.post])];
}

/**
 * What the command's own filter lets through of `tools`: a shell tool's call only when its payload
 * names an edit program (sed -i, perl -pi, apply_patch) or, where the entry guards reads (before
 * the call, or after it where the host takes a read's notice then), a read program, or before the
 * call, where a listing is rewritten, begins a recursive listing.
 */
const filterOf = (tools: string[], event: HookEvent, reads: boolean): FilterTools => ({
  tools: tools.filter((tool) => !SHELL_TOOLS.has(tool)),
  shells: tools.filter((tool) => SHELL_TOOLS.has(tool)),
  programs: [...new Set([...(reads ? READ_PROGRAMS : []), ...SHELL_EDIT_PROGRAMS])],
  ...(event === 'pre' ? { patterns: LISTING_PATTERNS } : {}),
});

/** The command each event's entry runs, and the tools it runs for (a matcher names them); `context(NAME)`, the entry of a host's context event NAME (a session's start, a compaction). */
export interface HookCommands extends Record<HookEvent, string> {
  tools: Record<HookEvent, string[]>;
  context(event: string): string;
}

/** The host's hook file a command is written into, named in the command: the hook tells from it whether it is the one to act. */
export interface HookTarget {
  host: HookHost;
  scope: InstallScope;
}

export interface CommandOptions {
  /** Variables set for Skim's process alone (VS Code's runtime runs as Node with ELECTRON_RUN_AS_NODE=1). */
  env?: Record<string, string>;
  /** The platform the command runs on (default: this one); Windows has no POSIX shell, so no filter. */
  platform?: NodeJS.Platform;
  /** The awk the filter runs (default: the one on PATH); none, and the command starts Skim for every call. */
  awk?: string;
  /** The hook file the command goes into; none: a command that acts wherever it is run. */
  target?: HookTarget;
}

/**
 * The shell commands a hook file names: this Node, this `skim`, its hook mode (with the file's
 * host and scope, and the edit gate when not the default), behind a filter that starts them only
 * for the event's tools where a POSIX shell and awk exist, then the marker.
 */
export function hookCommands(node: string, cli: string, editGate: EditGateMode = 'drift', options: CommandOptions = {}): HookCommands {
  const env = Object.entries(options.env ?? {})
    .map(([name, value]) => `${name}=${shellWord(value)} `)
    .join('');
  const target = options.target ? ` --host ${options.target.host} --scope ${options.target.scope}` : '';
  const skim = `${env}${shellWord(node)} ${shellWord(cli)} hook${target}${editGate === 'drift' ? '' : ` --edit-gate ${editGate}`}`;
  const windows = (options.platform ?? process.platform) === 'win32';
  const awk = windows ? undefined : 'awk' in options ? options.awk : onPath('awk');
  const tools = { pre: hookTools(options.target?.host, 'pre'), post: hookTools(options.target?.host, 'post') };
  const reads = (event: HookEvent) => event === 'pre' || (options.target !== undefined && hostOf(options.target.host).format.contextAfter === true);
  const command = (event: HookEvent) => `${awk ? toolFilter(awk, filterOf(tools[event], event, reads(event)), skim) : skim} ${HOOK_MARKER}`;
  // A context event names no tool: nothing to filter, and the host's payload may not name the event.
  const context = (event: string) => `${env}${shellWord(node)} ${shellWord(cli)} hook --on ${shellWord(event)} ${HOOK_MARKER}`;
  return { pre: command('pre'), post: command('post'), tools, context };
}
