import { claudeCode } from './claudeCode';
import { codex } from './codex';
import { copilotCli } from './copilotCli';
import { copilotVscode } from './copilotVscode';
import { gemini } from './gemini';
import { strictestCut } from '../../shell/outputCut';
import { EditShape, HookFormat, HookOffer, OutputCut, ShellTool } from './host';

/** Every agent host Skim hooks into. A new host is a record in a file of its own, and a line here. */
export const AGENT_HOSTS = [copilotVscode, claudeCode, copilotCli, codex, gemini] as const;

export type HookHost = (typeof AGENT_HOSTS)[number]['id'];
export const HOOK_HOSTS: readonly HookHost[] = AGENT_HOSTS.map((host) => host.id);

export const hostOf = (id: HookHost) => AGENT_HOSTS.find((host) => host.id === id) as (typeof AGENT_HOSTS)[number];

/** Tools that read a file, in each host. Anything else passes untouched. */
export const READ_TOOLS: ReadonlySet<string> = new Set(AGENT_HOSTS.flatMap((host) => host.readTools));

/**
 * Tools that run a command line, by name, with the argument and shell each runs it in and the
 * strictest cut of a command's output among the hosts that name a shell tool so, in any case: a
 * payload does not say which host sent it (the Copilot CLI also runs Claude-style hooks, under
 * Claude's tool names), and a guarded read must fit whichever one did.
 */
export const SHELL_TOOLS: ReadonlyMap<string, ShellTool & { cut?: OutputCut }> = new Map(
  AGENT_HOSTS.flatMap((host) =>
    Object.entries(host.shells ?? {}).map(([name, tool]) => {
      const named = AGENT_HOSTS.filter((h) => Object.keys(h.shells ?? {}).some((other) => other.toLowerCase() === name.toLowerCase()));
      return [name, { ...tool, cut: strictestCut(named.map((h) => h.cuts?.shell)) }] as const;
    }),
  ),
);

/** Each host's edit tools by name, with where their arguments carry the file and the text: every shape a name has in any host, in the hosts' order. */
export const EDIT_SHAPES: ReadonlyMap<string, readonly EditShape[]> = AGENT_HOSTS.reduce((shapes, host) => {
  for (const [tool, shape] of Object.entries(host.edits)) shapes.set(tool, [...(shapes.get(tool) ?? []), ...(Array.isArray(shape) ? shape : [shape])]);
  return shapes;
}, new Map<string, EditShape[]>());

/** Edits that replace part of a file: refused on a file that changed since it was read. Creating tools may also overwrite. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(EDIT_SHAPES.keys());

/** The hosts' payload formats, each once, in the order a payload is matched against them. */
export const HOOK_FORMATS: readonly HookFormat[] = [...new Set(AGENT_HOSTS.map((host) => host.format))];

/** The host a payload in `format` came from: the one whose record says it sends it, else the first whose own format it is. */
export const callerOf = (payload: Record<string, unknown>, format: HookFormat) =>
  AGENT_HOSTS.find((host) => host.sends(payload, format)) ?? (AGENT_HOSTS.find((host) => host.format === format) as (typeof AGENT_HOSTS)[number]);

/** The hosts VS Code's first-run offer asks about for the workspace at `root`, in order, with how it names each one's agent. */
export const offeredHosts = (root: string): (HookOffer & { host: HookHost })[] =>
  AGENT_HOSTS.flatMap((host) => (host.offer?.applies(root) ? [{ host: host.id, ...host.offer }] : []));
