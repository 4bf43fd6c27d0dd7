import { lstatSync } from 'node:fs';
import { getNodeValue, Node } from 'jsonc-parser';
import { JsonText } from '../files/jsonEdit';
import { hostOf, HookHost } from './hosts';
import { InstallScope, McpPlace } from './hosts/host';
import { excludeFromGit } from './gitExclude';
import { HookChange } from './install';
import {
  Added,
  Document,
  holding,
  keepAdded,
  readAdded,
  readJsonDocument,
  readText,
  said,
  SettingsFileError,
  writeBoth,
  writeRemoval,
} from './settingsDocument';
import { findTable, tableElsewhere, tomlTable } from './tomlTable';

/**
 * Registers `skim mcp` as the MCP server `skim` where a host reads MCP servers, and takes it out
 * again: a JSON object of servers (`.mcp.json`, the Copilot CLI's mcp-config.json, Gemini's
 * settings.json, ~/.claude.json) or a TOML table of them (Codex's config.toml). The same care as
 * the hook's: only Skim's own server is touched (one named skim whose arguments end with `mcp`),
 * everything else stays byte for byte, writes are atomic, and removal takes out what Skim added.
 */
export const SERVER = 'skim';

/** How the server is started: this Node, this `skim`, `mcp`. */
export interface McpCommand {
  command: string;
  args: string[];
}

/** Where `host` reads MCP servers for a scope; undefined for a host that gets Skim's tools another way. */
export const mcpPlace = (host: HookHost, scope: InstallScope, root: string, env: NodeJS.ProcessEnv = process.env): McpPlace | undefined =>
  hostOf(host).mcp?.(scope, root, env);

/** Whether a server's settings are Skim's: started with arguments that end with `mcp`. */
const isSkims = (value: unknown) => {
  const args = (value as { args?: unknown } | null)?.args;
  return Array.isArray(args) && args[args.length - 1] === 'mcp';
};

const notSkims = (place: McpPlace) =>
  new SettingsFileError(
    `${place.file} already has an MCP server named "${SERVER}" that Skim did not write; Skim leaves it alone. Rename or remove it, then try again.`,
  );

const inlineServers = (place: McpPlace) =>
  new SettingsFileError(
    `${place.file} writes ${place.servers} as one inline table (${place.servers} = { … }), which Skim does not edit; write it as [${place.servers}.NAME] tables, then try again.`,
  );

/** Whether Skim's server is registered in the place's file; false for a file Skim cannot read safely. */
export function hasSkimMcp(place: McpPlace): boolean {
  try {
    if (place.syntax === 'toml') {
      const table = findTable(readText(place.file).text, [place.servers, SERVER]);
      return table !== undefined && /^\s*args\s*=.*"mcp"\s*\]\s*$/m.test(table.body);
    }
    const node = JsonText.of(readJsonDocument(place.file, [place.servers]).text).node([place.servers, SERVER]);
    return node !== undefined && isSkims(getNodeValue(node));
  } catch {
    return false;
  }
}

/** The file's new text, what Skim added beside its server, and whether anything changed. */
interface Edit {
  doc: Document;
  text: string;
  added: Added;
}

function jsonInstall(place: McpPlace, server: Record<string, unknown>, added: Added): Edit | undefined {
  const doc = readJsonDocument(place.file, [place.servers]);
  const json = JsonText.of(doc.text.trim() === '' ? '{}' : doc.text);
  const servers = json.node([place.servers]);
  if (servers && servers.type !== 'object')
    throw new SettingsFileError(`${place.file}: "${place.servers}" is not an object, so Skim cannot add its server safely. Fix it by hand, then try again.`);
  const current = json.node([place.servers, SERVER]);
  if (current && !isSkims(getNodeValue(current))) throw notSkims(place);
  if (current && JSON.stringify(getNodeValue(current)) === JSON.stringify(server)) return undefined;
  if (current) json.replace([place.servers, SERVER], server);
  else if (servers) json.addProperty([place.servers], SERVER, server);
  else {
    json.addProperty([], place.servers, { [SERVER]: server });
    added.containers = [...new Set([...(added.containers ?? []), place.servers])];
  }
  return { doc, text: doc.exists && doc.text.trim() !== '' ? json.text : `${json.text}\n`, added };
}

function tomlInstall(place: McpPlace, command: McpCommand, added: Added): Edit | undefined {
  const doc = readText(place.file);
  const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
  const name = [place.servers, SERVER];
  const table = tomlTable(name, { command: command.command, args: command.args }, eol);
  const current = findTable(doc.text, name);
  const elsewhere = tableElsewhere(doc.text, name);
  if (elsewhere === 'parent') throw inlineServers(place);
  if (elsewhere === 'table' || (current && !/^\s*args\s*=.*"mcp"\s*\]\s*$/m.test(current.body))) throw notSkims(place);
  if (current?.body === table) return undefined;
  if (current) return { doc, text: doc.text.slice(0, current.start) + table + doc.text.slice(current.end), added };
  const newline = doc.text !== '' && !doc.text.endsWith('\n');
  const gap = doc.text !== '';
  return { doc, text: `${doc.text}${newline ? eol : ''}${gap ? eol : ''}${table}`, added: { ...added, tomlNewline: newline, tomlGap: gap } };
}

function install(place: McpPlace, command: McpCommand, stateDir: string): HookChange {
  const added = readAdded(stateDir, place.file);
  const edit =
    place.syntax === 'toml' ? tomlInstall(place, command, added) : jsonInstall(place, { command: command.command, args: command.args, ...place.extra }, added);
  if (!edit) return { file: place.file, changed: false };
  if (!edit.doc.exists) edit.added.created = true;
  else if (edit.doc.text.trim() === '') edit.added.blank = true;
  const exclude = !edit.doc.exists && place.personalIn ? excludeFromGit(place.personalIn, place.file) : undefined;
  if (exclude) edit.added.excluded = { newline: exclude.newline === true };
  writeBoth(place.file, edit.text, edit.doc, exclude, false);
  keepAdded(stateDir, place.file, holding(edit.added, 'mcp'));
  return { file: place.file, changed: true };
}

/** The text without Skim's table, and without the line end and blank line it put before it while they still end the text. */
function tomlRemove(place: McpPlace, doc: Document, added: Added): string | undefined {
  const current = findTable(doc.text, [place.servers, SERVER]);
  if (!current || !/^\s*args\s*=.*"mcp"\s*\]\s*$/m.test(current.body)) return undefined;
  let text = doc.text.slice(0, current.start) + doc.text.slice(current.end);
  if (current.end === doc.text.length) {
    const eol = doc.text.includes('\r\n') ? '\r\n' : '\n';
    if (added.tomlGap && text.endsWith(eol + eol)) text = text.slice(0, -eol.length);
    if (added.tomlNewline && text.endsWith(eol)) text = text.slice(0, -eol.length);
  }
  return text;
}

function jsonRemove(place: McpPlace, doc: Document, added: Added): string | undefined {
  const json = JsonText.of(doc.text);
  const current = json.node([place.servers, SERVER]);
  if (!current || !isSkims(getNodeValue(current))) return undefined;
  json.remove([place.servers, SERVER]);
  if (added.containers?.includes(place.servers) && ((json.node([place.servers]) as Node).children?.length ?? 0) === 0) {
    json.remove([place.servers]);
    added.containers = added.containers.filter((name) => name !== place.servers);
  }
  return json.text;
}

function remove(place: McpPlace, stateDir: string): HookChange {
  const doc = place.syntax === 'toml' ? readText(place.file) : readJsonDocument(place.file, [place.servers]);
  if (!doc.exists) return { file: place.file, changed: false };
  const added = readAdded(stateDir, place.file);
  const text = place.syntax === 'toml' ? tomlRemove(place, doc, added) : jsonRemove(place, doc, added);
  if (text === undefined) return { file: place.file, changed: false };
  const empty = place.syntax === 'toml' ? text.trim() === '' : Object.keys(getNodeValue(JsonText.of(text).node([]) as Node) as object).length === 0;
  // A file Skim made goes away when nothing else is left in it; a link to a person's file stays a link.
  const gone = empty && added.created === true && !lstatSync(place.file).isSymbolicLink();
  writeRemoval(stateDir, place.file, doc, empty && added.blank && place.syntax === 'json' ? '' : text, added, 'mcp', gone, place.personalIn);
  return { file: place.file, changed: true };
}

export function installMcp(place: McpPlace, command: McpCommand, stateDir: string): HookChange {
  return said('register its MCP server', () => install(place, command, stateDir));
}

export function removeMcp(place: McpPlace, stateDir: string): HookChange {
  return said('remove its MCP server', () => remove(place, stateDir));
}
