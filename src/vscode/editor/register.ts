import * as vscode from 'vscode';
import { CommandHandlers } from '../commands/ids';
import { SkimConfiguration } from '../settings/configuration';
import { HookState } from '../hook/hookState';
import { WorkspaceMaps } from '../workspace/workspaceMaps';
import { MapCodeLens, REVEAL_IN_MAP } from './codeLens';
import { MapHover } from './hover';
import { MAP_SCHEME, MapDocuments } from './mapDocument';
import { MapView, REVEAL_LINES, revealLines } from './mapView';
import { MapOutline } from './outline';
import { ShownMaps } from './shownMaps';
import { MapStatusBar } from './statusBar';

/** Skim in the editor: what it exposes to tests, and what is disposed with the extension. */
export interface EditorSurfaces {
  maps: ShownMaps;
  codeLens: MapCodeLens;
  outline: MapOutline;
  mapView: MapView;
  statusBar: MapStatusBar;
  disposables: vscode.Disposable[];
  commands: CommandHandlers<typeof REVEAL_IN_MAP | typeof REVEAL_LINES>;
}

/** A URI as a command link passes it (a string) or as code does. */
const asUri = (uri: vscode.Uri | string) => (typeof uri === 'string' ? vscode.Uri.parse(uri) : uri);

/** CodeLens, hover, outline, the map view, the map document and the status bar, all drawn from one ShownMaps. */
export function registerEditor(workspace: WorkspaceMaps, hook: HookState, configuration: SkimConfiguration): EditorSurfaces {
  const files: vscode.DocumentSelector = { scheme: 'file' };
  const maps = new ShownMaps(workspace);
  const codeLens = new MapCodeLens(maps);
  const outline = new MapOutline(maps, configuration);
  const mapView = new MapView(maps);
  const statusBar = new MapStatusBar(maps, hook);
  return {
    maps,
    codeLens,
    outline,
    mapView,
    statusBar,
    disposables: [
      maps,
      outline,
      mapView,
      statusBar,
      vscode.languages.registerCodeLensProvider(files, codeLens),
      vscode.languages.registerHoverProvider(files, new MapHover(maps)),
      vscode.workspace.registerTextDocumentContentProvider(MAP_SCHEME, new MapDocuments(workspace, maps)),
    ],
    commands: {
      [REVEAL_IN_MAP]: (uri: vscode.Uri | string, start: number, end: number) => mapView.reveal(asUri(uri), start, end),
      [REVEAL_LINES]: (uri: vscode.Uri | string, start: number, end: number) => revealLines(asUri(uri), start, end),
    },
  };
}
