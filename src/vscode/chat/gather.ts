import * as path from 'node:path';
import * as vscode from 'vscode';
import { Project } from '../../core/files/project';
import { locateJson } from '../../core/locate/renderLocate';
import { TokenCounter } from '../../core/savings';
import { UNSHOWN_NAME } from '../../core/screen/names';
import { vscodeRipgrepCandidates } from '../../core/search/program';
import { LocatePlace, locateProject } from '../../core/tools/runLocate';
import { eachFolder } from '../tools/folders';
import { WorkspaceMaps } from '../workspace/workspaceMaps';

/** The budget of what `@skim` gathers: more than a tool call's default, since it is the whole of what the chat's model reads. */
export const CHAT_LOCATE_TOKENS = 4_000;
/** A column past any line's end: a range to it takes the whole last line. */
const LINE_END = 2 ** 30;

export interface GatheredRegion {
  location: vscode.Location;
  /** The path shown (screened) and the kind and name: what a person reads beside the reference. */
  label: string;
}

export interface Gathered {
  /** What skim_locate returned, for the model to read. */
  text: string;
  regions: GatheredRegion[];
  /** The folder whose judge and screen the turn uses: the first one located in. */
  folder: vscode.WorkspaceFolder;
}

type LocateJson = ReturnType<typeof locateJson>;

/** skim_locate over every workspace folder, as the tool runs it (never a model call), with each region it ranked as a place in a file. */
export async function gather(workspace: WorkspaceMaps, question: string, counter: TokenCounter, token: vscode.CancellationToken): Promise<Gathered> {
  let first: vscode.WorkspaceFolder | undefined;
  const places: { root: string; places: LocatePlace[] }[] = [];
  const result = await eachFolder(workspace, undefined, token, 'locate in', async (folder, signal, folders) => {
    first ??= folder;
    const options = { candidates: vscodeRipgrepCandidates(vscode.env.appRoot), launch: workspace.launcher.launch, counter, signal };
    const located = await locateProject(
      workspace.context(folder),
      new Project(folder.uri.fsPath),
      () => workspace.outlines(folder),
      { question, tokens: Math.floor(CHAT_LOCATE_TOKENS / folders) },
      options,
    );
    places.push({ root: folder.uri.fsPath, places: located.places });
    return located;
  });
  const regions = (result.json as LocateJson[]).flatMap((answer, folder) =>
    answer.results.flatMap((r, i) => {
      // A path the screen did not show has no label to show it by. The reference points at the file on disk, never at the name shown (escaped, it names no file).
      // The folder is the one located in, never the root the answer shows (screened, it may name no folder).
      const place = places[folder]?.places[i];
      if (r.path === UNSHOWN_NAME || !place) return [];
      const range = new vscode.Range(place.start - 1, 0, place.end - 1, LINE_END);
      return [
        {
          location: new vscode.Location(vscode.Uri.file(path.join(places[folder].root, place.path)), range),
          label: `${r.path}:${r.start}-${r.end} ${r.kind} ${r.name}`,
        },
      ];
    }),
  );
  return { text: result.parts.map((p) => p.text).join('\n'), regions, folder: first as vscode.WorkspaceFolder };
}
