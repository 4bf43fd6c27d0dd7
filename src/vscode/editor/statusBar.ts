import * as path from 'node:path';
import * as vscode from 'vscode';
import { countsText, screenedText } from '../../core/map/render';
import { MapEntry, MapOrigin } from '../../core/map/types';
import { HookState } from '../hook/hookState';
import { settings } from '../settings/settings';
import { ShownMap, ShownMaps } from './shownMaps';

const FROM: Record<MapOrigin, string> = {
  local: 'kept in this workspace’s cache',
  team: 'fetched from your team’s cache',
  model: 'made in this session',
  structural: 'read from the file by tree-sitter',
};

/** "1 class, 26 methods, 16 functions": what the map holds, by kind, the import block left out. */
function holds(entry: MapEntry): string {
  const counts = new Map<string, number>();
  for (const r of entry.regions) if (r.kind !== 'imports') counts.set(r.kind, (counts.get(r.kind) ?? 0) + 1);
  return countsText(counts) || 'no declarations';
}

/** The status text and, in plain words, what the map is, where it came from and what the screen took out of it. */
function describe(shown: ShownMap, name: string): { label: string; tooltip: string; command: string } {
  const said = describeMap(shown, name);
  const screened = screenedText(shown.screened);
  return screened ? { ...said, tooltip: `${said.tooltip}\n\n${screened}` } : said;
}

/** What the map is and where it came from. */
function describeMap(shown: ShownMap, name: string): { label: string; tooltip: string; command: string } {
  const stale = shown.stale ? ` The map a model wrote of ${name} was made before the file last changed, so it is not shown.` : '';
  if (!shown.entry) return { label: 'map stale', tooltip: stale.trim() + ' Click to summarize the file again.', command: 'skim.summarizeFile' };
  const { entry, source } = shown;
  if (source.kind === 'outline' || entry.status === 'structural') {
    const from = source.kind === 'outline' ? 'from the file as it is now' : 'from the file';
    return {
      label: shown.stale ? 'outline (map stale)' : 'outline',
      tooltip: `Skim's map of ${name}: an outline of its ${holds(entry)} with their lines, read by tree-sitter ${from}; no model was asked.${stale} Click to have the summary model write a map with notes (Summarize File).`,
      command: 'skim.summarizeFile',
    };
  }
  if (entry.status === 'prose-only')
    return {
      label: 'prose only',
      tooltip: `The model described ${name} but gave no usable map of its lines. Click to summarize it again.`,
      command: 'skim.summarizeFile',
    };
  return {
    label: source.origin === 'team' ? 'map (team)' : 'map',
    tooltip: `Skim's map of ${name}: what the file does and its ${holds(entry)}, each with its lines and a note, written by ${entry.producer} and ${FROM[source.origin]}. It matches the file as it is. Click to open it as an agent reads it.`,
    command: 'skim.showMap',
  };
}

/**
 * The active file's map and whether the read hook is on, shown only while the active editor holds
 * a file Skim can map (hidden with no editor, and after the last one closes).
 */
export class MapStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('skim.status', vscode.StatusBarAlignment.Right, 100);
  private readonly subscriptions: vscode.Disposable[] = [];
  private updates = 0;

  constructor(
    private readonly maps: ShownMaps,
    private readonly hook: HookState,
  ) {
    this.item.name = 'Skim map';
    this.subscriptions.push(
      vscode.window.onDidChangeActiveTextEditor(() => void this.update()),
      maps.onDidChange((uri) => uri.toString() === vscode.window.activeTextEditor?.document.uri.toString() && void this.update()),
      hook.onDidChange(() => void this.update()),
    );
    void this.update();
  }

  /** The text shown now ('' while hidden), for tests. */
  text = '';
  /** The tooltip shown now, for tests. */
  tooltip = '';

  async update(): Promise<void> {
    const update = ++this.updates;
    const document = vscode.window.activeTextEditor?.document;
    const shown = document && (await this.maps.get(document));
    // The file's name is shown as any name: screened, its control characters escaped.
    const [name] = document ? await this.maps.workspace.shownNames([path.basename(document.uri.fsPath)]) : [];
    // A later update may have finished first: only the newest is shown.
    if (update !== this.updates) return;
    if (!document || !shown) {
      this.item.hide();
      this.text = this.tooltip = '';
      return;
    }
    const { label, tooltip, command } = describe(shown, name);
    const limit = settings(document.uri).lineLimit.toLocaleString('en-US');
    const hook = this.hook.installed
      ? `The read hook is on: Copilot's reads of more than ${limit} lines of this folder's files come back as ${limit} lines and the file's map.`
      : 'The read hook is off: Copilot reads whole files. Skim Setup: Install Read Hook turns it on.';
    this.text = `$(list-tree) Skim: ${label} · hook ${this.hook.installed ? 'on' : 'off'}`;
    this.tooltip = `${tooltip}\n\n${hook}`;
    this.item.text = this.text;
    this.item.tooltip = this.tooltip;
    this.item.command = command;
    this.item.show();
  }

  dispose(): void {
    this.item.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
