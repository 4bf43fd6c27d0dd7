import { readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readRegularTextSync } from '../files/open';
import * as path from 'node:path';
import { makeFolder } from '../files/makeFolder';
import { sha256Hex } from '../files/sha256';
import { stateDir } from '../files/stateDir';
import { untrustedDirectory } from '../files/trust';

/**
 * Extra text for a host that passes it on only with a tool's result (Gemini: its BeforeTool answer
 * can replace a read's arguments, but only its AfterTool answer can add text). The text said
 * before the call is kept, keyed by the session, the tool and the arguments the call ran with;
 * after the call, the answer to the same session, tool and arguments takes it (once), so a read
 * the model itself asked for 1-200 never gets the notice of one Skim shortened. Kept in a folder
 * only this user can enter, for ten minutes at most.
 */
const KEEP_MS = 10 * 60_000;

/** `$XDG_STATE_HOME/skim/later`, else `~/.local/state/skim/later`. */
export const laterDirectory = (env: NodeJS.ProcessEnv = process.env) => stateDir(env, 'later');

/** Arguments as JSON with every object's keys in order, so that the same arguments give the same text however the host ordered them. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fileFor(dir: string, session: string, tool: string, input: Record<string, unknown>): string {
  return path.join(dir, `${sha256Hex(`${session}\0${tool}\0${canonical(input)}`).slice(0, 40)}.json`);
}

/** The folder, made private if new; undefined (with why) when it cannot be trusted. */
function open(dir: string): string | undefined {
  makeFolder(dir, 0o700);
  return untrustedDirectory(dir);
}

/** Keeps `text` for the call's answer after it ran; the reason when it cannot be kept. */
export function keepLater(dir: string, session: string, tool: string, input: Record<string, unknown>, text: string, now = Date.now()): string | undefined {
  const why = open(dir);
  if (why) return why;
  sweep(dir, now);
  const file = fileFor(dir, session, tool, input);
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify({ text, at: now }), { mode: 0o600 });
  renameSync(temp, file);
  return undefined;
}

/** The text kept for this call, taken (so that no other answer gives it again); undefined when none is. */
export function takeLater(dir: string, session: string, tool: string, input: Record<string, unknown>, now = Date.now()): string | undefined {
  if (untrustedDirectory(dir)) return undefined;
  const file = fileFor(dir, session, tool, input);
  const taken = `${file}.${process.pid}.taken`;
  try {
    // Renamed first: of two answers racing for it, one gets it.
    renameSync(file, taken);
  } catch {
    return undefined;
  }
  try {
    const kept = JSON.parse(readRegularTextSync(taken, 8 * 1024 * 1024)) as { text?: unknown; at?: unknown };
    return typeof kept.text === 'string' && typeof kept.at === 'number' && now - kept.at <= KEEP_MS ? kept.text : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(taken, { force: true });
  }
}

/** Removes what was kept longer than KEEP_MS ago (a call that never ran, a host that never answered after it). */
function sweep(dir: string, now: number): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (now - statSync(file).mtimeMs > KEEP_MS) rmSync(file, { force: true });
    } catch {
      // Taken by another answer meanwhile.
    }
  }
}
