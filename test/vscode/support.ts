import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SkimApi } from '../../src/vscode/extension';
import { flattenText, ScriptedModelApi } from './scriptedModel';

export const SKIM_ID = 'skim-dev.skim';
export { SKIM_TOOLS } from '../support/tools';

/** A workspace state of the test's own, so each case starts as a first open. */
export function memento(): vscode.Memento {
  const values = new Map<string, unknown>();
  return {
    keys: () => [...values.keys()],
    get: <T>(key: string, fallback?: T) => (values.has(key) ? (values.get(key) as T) : fallback),
    update: async (key: string, value: unknown) => void values.set(key, value),
  } as vscode.Memento;
}

export function workspaceDir(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test window has no workspace folder');
  return folder.uri.fsPath;
}

export function write(name: string, content: string): string {
  const file = path.join(workspaceDir(), name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

export async function skim(): Promise<SkimApi> {
  const extension = vscode.extensions.getExtension<SkimApi>(SKIM_ID);
  const ids = vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.'));
  assert.ok(extension, `${SKIM_ID} is not installed in the test host (it has ${ids.join(', ')})`);
  return extension.activate();
}

export async function scriptedModel(): Promise<ScriptedModelApi> {
  const extension = vscode.extensions.getExtension<ScriptedModelApi>('skim-test.scripted-model');
  assert.ok(extension, 'the scripted model extension is not loaded');
  return extension.activate();
}

/** Calls a tool through vscode.lm.invokeTool and returns the text the model would read. */
export async function invoke(name: string, input: object): Promise<string> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
  return flattenText(result.content);
}

/** The scripted model's answer for a file of functions laid out by tsSource(). */
export function mapAnswer(regions: { start: number; end: number; kind: string; name: string }[], prose = 'Numeric helpers.'): string {
  return JSON.stringify({ prose, regions: regions.map((r) => ({ ...r, note: `computes ${r.name}` })) });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The host ships GitHub Copilot Chat disabled until chat is set up; managing models enables it, offline and signed out. */
export async function copilotChat(): Promise<vscode.Extension<unknown>> {
  let copilot = vscode.extensions.getExtension('GitHub.copilot-chat');
  if (!copilot) await vscode.commands.executeCommand('workbench.action.chat.manage');
  for (let i = 0; i < 120 && !copilot?.isActive; i++) {
    await sleep(500);
    copilot = vscode.extensions.getExtension('GitHub.copilot-chat');
  }
  assert.ok(copilot?.isActive, 'GitHub Copilot Chat did not activate in the test host');
  return copilot;
}

/** Waits until `probe` gives a value (polled every 100 ms, up to `seconds`); fails naming what it waited for. */
export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, seconds = 10): Promise<T> {
  for (let i = 0; i < seconds * 10; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out after ${seconds} s waiting for ${what}`);
}

let shownRequests = 0;

/**
 * What the window shows now: the text of every frame of the page (the workbench and its
 * webviews), read by the offline runner with playwright; with `picture`, the runner also saves a
 * picture of the window (runner.js --pictures DIR). Retries until `expected` is all on the page,
 * for up to `seconds`, and returns the last text read: the caller asserts on it. With `press` or
 * `click`, the runner then presses that key or clicks the element with exactly that text.
 */
export async function shown(
  expected: (string | RegExp)[],
  options: { picture?: string; press?: string; click?: string; seconds?: number } = {},
): Promise<string> {
  const dir = process.env.SKIM_TEST_SHOWN_DIR;
  assert.ok(dir, 'SKIM_TEST_SHOWN_DIR is not set: this test reads the page, so it runs under the offline runner (node out/test/vscode/runner.js)');
  const read = async (extra: { picture?: string; press?: string; click?: string }) => {
    const id = `shown-${++shownRequests}`;
    const file = path.join(dir, `${id}.json`);
    rmSync(file, { force: true });
    console.log(`SKIM-SHOWN ${JSON.stringify({ id, ...extra })}`);
    const text = await waitFor(
      () => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { text: string }).text : undefined),
      `the runner to read the page (${id})`,
      30,
    );
    rmSync(file, { force: true });
    return text;
  };
  const all = (text: string) => expected.every((e) => (typeof e === 'string' ? text.includes(e) : e.test(text)));
  let text = '';
  for (let i = 0; i < (options.seconds ?? 15) * 2 && !all(text); i++) {
    if (i) await sleep(500);
    text = await read({});
  }
  // The picture, key press and click come once the page shows what was expected (or never will).
  if (options.picture || options.press || options.click) text = await read({ picture: options.picture, press: options.press, click: options.click });
  return text;
}

/** Markdown's escapes undone: the hover's text as it reads. */
const unescaped = (markdown: string) => markdown.replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!|<>])/g, '$1');

/** Skim's hover at a line (its Markdown, escapes undone), or undefined where it gives none. */
export async function skimHover(uri: vscode.Uri, line: number, column = 2): Promise<string | undefined> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(line - 1, column));
  return hovers.flatMap((h) => h.contents.map((c) => unescaped(typeof c === 'string' ? c : c.value))).find((c) => c.startsWith('Skim:'));
}

/** Skim's lenses on a document: line and title. */
export async function lenses(uri: vscode.Uri): Promise<[number, string][]> {
  const all = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return all.filter((l) => l.command?.command === 'skim.revealInMap').map((l) => [l.range.start.line + 1, l.command?.title ?? '']);
}

/** Runs `body` with some of Skim's user settings changed, then puts back what they were. */
export async function withSettings(values: Record<string, unknown>, body: () => Promise<void>): Promise<void> {
  const config = vscode.workspace.getConfiguration('skim');
  // What the profile's user settings had (the scripted model's vendor and id among them) is put back, not removed.
  const before = Object.keys(values).map((key) => [key, config.inspect(key)?.globalValue] as const);
  for (const [key, value] of Object.entries(values)) await config.update(key, value, vscode.ConfigurationTarget.Global);
  try {
    await body();
  } finally {
    for (const [key, value] of before) await config.update(key, value, vscode.ConfigurationTarget.Global);
  }
}

/** The text a page shows: its tags and style gone, white space as one space. */
export const pageText = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');
