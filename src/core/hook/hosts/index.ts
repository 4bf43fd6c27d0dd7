import { claudeCode } from './claudeCode';
import { copilotCli } from './copilotCli';
import { copilotVscode } from './copilotVscode';
import { ContextEvent, EditShape, HookFormat, HookOffer } from './host';

/** Every agent host Skim hooks into. A new host is a record in a file of its own, and a line here. */
export const AGENT_HOSTS = [copilotVscode, claudeCode, copilotCli] as const;

export type HookHost = (typeof AGENT_HOSTS)[number]['id'];
export const HOOK_HOSTS: readonly HookHost[] = AGENT_HOSTS.map((host) => host.id);

export const hostOf = (id: HookHost) => AGENT_HOSTS.find((host) => host.id === id) as (typeof AGENT_HOSTS)[number];

/** Tools that read a file, in each host. Anything else passes untouched. */
export const READ_TOOLS: ReadonlySet<string> = new Set(AGENT_HOSTS.flatMap((host) => host.readTools));

/** Read tools whose result a PostToolUse hook may replace: where the session ledger answers a re-read with a note. */
export const LEDGER_READ_TOOLS: ReadonlySet<string> = new Set(AGENT_HOSTS.flatMap((host) => (host.ledger ? host.readTools : [])));

/** What a host's event (`skim hook --on NAME`) says happened to a session's contexts; undefined for a name no host has, or a payload that says nothing. */
export function contextEvent(name: string, payload: Record<string, unknown>): ContextEvent | undefined {
  for (const host of AGENT_HOSTS) {
    const event = host.ledger && Object.hasOwn(host.ledger.events, name) ? host.ledger.events[name](payload) : undefined;
    if (event) return event;
  }
  return undefined;
}

/** Each host's edit tools by name, with where their arguments carry the file and the text. */
export const EDIT_SHAPES: ReadonlyMap<string, EditShape> = new Map(AGENT_HOSTS.flatMap((host) => Object.entries(host.edits)));

/** Edits that replace part of a file: refused on a file that changed since it was read. Creating tools may also overwrite. */
export const EDIT_TOOLS: ReadonlySet<string> = new Set(EDIT_SHAPES.keys());

/**
 * The arguments that name an edit's file in any host, for an edit whose own field is missing: the
 * Copilot CLI runs Claude-style hooks with its own argument names.
 */
export const FILE_FIELDS: readonly string[] = [...new Set([...EDIT_SHAPES.values()].flatMap((shape) => (shape.file ? [shape.file] : [])))];

/** The hosts' payload formats, each once, in the order a payload is matched against them. */
export const HOOK_FORMATS: readonly HookFormat[] = [...new Set(AGENT_HOSTS.map((host) => host.format))];

/** The hosts VS Code's first-run offer asks about for the workspace at `root`, in order, with how it names each one's agent. */
export const offeredHosts = (root: string): (HookOffer & { host: HookHost })[] =>
  AGENT_HOSTS.flatMap((host) => (host.offer?.applies(root) ? [{ host: host.id, ...host.offer }] : []));
