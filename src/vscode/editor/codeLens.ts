import * as vscode from 'vscode';
import { codeLensTitle, lensRegions } from '../../core/map/render';
import { settings } from '../settings/settings';
import { ShownMaps } from './shownMaps';

/** The command a lens runs: reveal its region in the Skim Map view. */
export const REVEAL_IN_MAP = 'skim.revealInMap';

/** A comment line as most languages write one: it starts a comment, continues a block, or ends one. */
const COMMENT_LINE = /^\s*(\/\/|\/\*|\*|#|--|;|%|"""|'''|<!--)|\*\/\s*$/;
const MAX_COMMENT_LINES = 40;
/** Lines under a declaration's first that show with it: its signature's rest, a docstring. */
const LINES_BELOW = 5;

/** What the editor already shows at a declaration: the comment right above it, its own line and the few below. */
function onScreen(document: vscode.TextDocument, line: number): string {
  let first = line;
  while (first > 0 && line - first < MAX_COMMENT_LINES && COMMENT_LINE.test(document.lineAt(first - 1).text)) first--;
  return document.getText(new vscode.Range(first, 0, Math.min(line + 1 + LINES_BELOW, document.lineCount), 0));
}

/** One lens per declaration that matters (see lensRegions), from the map the document shows: a click reveals it in the map view. */
export class MapCodeLens implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly maps: ShownMaps) {
    this.onDidChangeCodeLenses = (listener, thisArg, disposables) => maps.onDidChange(() => listener.call(thisArg), undefined, disposables);
  }

  /** When the editor first asked for each document's lenses, and when it first got some (performance.now()): the bench's first lens. */
  readonly firstLens = new Map<string, { asked: number; answered?: number }>();

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const key = document.uri.toString();
    if (!this.firstLens.has(key)) this.firstLens.set(key, { asked: performance.now() });
    if (!settings().codeLens) return [];
    const shown = await this.maps.get(document);
    if (!shown?.entry) return [];
    const lenses = lensRegions(shown.entry.regions)
      .filter((region) => region.start <= document.lineCount)
      .map((region) => {
        const line = region.start - 1;
        return new vscode.CodeLens(new vscode.Range(line, 0, line, 0), {
          title: codeLensTitle(region, onScreen(document, line)),
          tooltip: 'Show in the Skim Map view',
          command: REVEAL_IN_MAP,
          arguments: [document.uri, region.start, region.end],
        });
      });
    const first = this.firstLens.get(key);
    if (lenses.length && first && first.answered === undefined) first.answered = performance.now();
    return lenses;
  }
}
