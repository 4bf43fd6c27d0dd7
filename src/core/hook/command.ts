import { Options } from '../config/options';
import { onPath } from '../search/program';
import { shellWord } from './shellWord';
import { READ_PROGRAMS } from '../shell/recognize';
import { FilterTools, toolFilter } from './toolFilter';
import { EDIT_TOOLS, LEDGER_READ_TOOLS, READ_TOOLS, SHELL_TOOLS } from './hosts';
import { HookEvent } from './hosts/host';
import { SKIM_READ_TOOLS } from './tools';

type EditGateMode = Options['editGate'];

/** Ends every command Skim writes: a shell comment that says whose hook it is, and how Skim recognizes it. */
export const HOOK_MARKER = '# skim read guard';

/**
 * The tools Skim has a part in, before a call (the guard's reads, the gate's stamps and edits) and
 * after one (the gate's new stamp after an edit, the session ledger's reads): what Claude's matchers name (VS Code's user hooks
 * use that format too, and the Copilot CLI runs it with its own tool names mapped to Claude's), and
 * what the command's own filter lets through where a host has no matcher.
 */
export const HOOK_TOOLS: Record<HookEvent, string[]> = {
  pre: [...READ_TOOLS, ...SKIM_READ_TOOLS, ...EDIT_TOOLS, ...SHELL_TOOLS.keys()],
  post: [...EDIT_TOOLS, ...LEDGER_READ_TOOLS],
};

/** What the command's own filter lets through for each event: a shell tool's call only when its payload names a read program. */
const FILTERS: Record<HookEvent, FilterTools> = {
  pre: { tools: HOOK_TOOLS.pre.filter((tool) => !SHELL_TOOLS.has(tool)), shells: [...SHELL_TOOLS.keys()], programs: READ_PROGRAMS },
  post: { tools: HOOK_TOOLS.post, shells: [], programs: READ_PROGRAMS },
};

/** The command each event's entry runs; `context(NAME)`, the entry of a host's context event NAME (a session's start, a compaction). */
export interface HookCommands {
  pre: string;
  post: string;
  context(event: string): string;
}

export interface CommandOptions {
  /** Variables set for Skim's process alone (VS Code's runtime runs as Node with ELECTRON_RUN_AS_NODE=1). */
  env?: Record<string, string>;
  /** The platform the command runs on (default: this one); Windows has no POSIX shell, so no filter. */
  platform?: NodeJS.Platform;
  /** The awk the filter runs (default: the one on PATH); none, and the command starts Skim for every call. */
  awk?: string;
}

/**
 * The shell commands a hook file names: this Node, this `skim`, its hook mode (and edit gate, when
 * not the default), behind a filter that starts them only for the event's tools where a POSIX
 * shell and awk exist, then the marker.
 */
export function hookCommands(node: string, cli: string, editGate: EditGateMode = 'drift', options: CommandOptions = {}): HookCommands {
  const env = Object.entries(options.env ?? {})
    .map(([name, value]) => `${name}=${shellWord(value)} `)
    .join('');
  const skim = `${env}${shellWord(node)} ${shellWord(cli)} hook${editGate === 'drift' ? '' : ` --edit-gate ${editGate}`}`;
  const windows = (options.platform ?? process.platform) === 'win32';
  const awk = windows ? undefined : 'awk' in options ? options.awk : onPath('awk');
  const command = (event: HookEvent) => `${awk ? toolFilter(awk, FILTERS[event], skim) : skim} ${HOOK_MARKER}`;
  // A context event names no tool: nothing to filter, and the host's payload may not name the event.
  const context = (event: string) => `${env}${shellWord(node)} ${shellWord(cli)} hook --on ${shellWord(event)} ${HOOK_MARKER}`;
  return { pre: command('pre'), post: command('post'), context };
}
