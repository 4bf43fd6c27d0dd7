import * as vscode from 'vscode';
import { MapService } from '../../core/mapping/service';
import { editorSymbolOutline } from '../language/editorSymbols';
import { FolderContexts } from './folderContexts';
import { FolderStores } from './folderStores';
import { SkimLog } from '../user/log';
import { LmModel, selectModel } from '../model/lmModel';
import { TeamHolder } from '../team/teamHolder';
import { trusted } from './trust';
import { WorkspaceFile } from './workspacePaths';

/** The map service for a file's folder: its cache, the team cache, and the vscode.lm model the settings choose on every map. */
export class MapServices {
  constructor(
    private readonly contexts: FolderContexts,
    private readonly stores: FolderStores,
    private readonly team: TeamHolder,
    private readonly log: SkimLog,
  ) {}

  /** The engine for a file's folder, with the model the settings choose (none, or a workspace not trusted: tree-sitter serves). */
  async service(file: WorkspaceFile, token?: vscode.CancellationToken): Promise<{ maps: MapService; model?: LmModel }> {
    const cache = await this.stores.cache(file.folder);
    const ctx = this.contexts.context(file.folder);
    if (!trusted()) {
      this.log.line(
        'this workspace is not trusted, so maps come from the tree-sitter outline, and the team cache is not asked: a model writes them once it is trusted.',
      );
      return { maps: new MapService(ctx, cache, undefined, editorSymbolOutline) };
    }
    const choice = { vendor: ctx.options.modelVendor, family: ctx.options.modelFamily, id: ctx.options.modelId };
    let chat: vscode.LanguageModelChat | undefined;
    try {
      chat = await selectModel(choice);
    } catch (error) {
      this.log.line(`could not list language models: ${(error as Error).message}`);
    }
    if (!chat) {
      const named = [choice.vendor, choice.family, choice.id].filter(Boolean).join('/') || 'any';
      this.log.warnOnce('no-model', `no language model matches the skim.model settings (${named}), so maps come from the tree-sitter outline.`);
      return { maps: new MapService(ctx, cache, undefined, editorSymbolOutline, this.team.team) };
    }
    const model = new LmModel(chat, ctx.options.modelTimeoutSeconds * 1000, token);
    return { maps: new MapService(ctx, cache, model, editorSymbolOutline, this.team.team), model };
  }

  /** A folder's stored maps as they are, for placing search hits in: never a model call. */
  async storedMaps(folder: vscode.WorkspaceFolder): Promise<MapService> {
    return new MapService(this.contexts.context(folder), await this.stores.cache(folder));
  }
}
