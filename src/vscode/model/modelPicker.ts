import * as vscode from 'vscode';

type ModelItem = vscode.QuickPickItem & { model?: { vendor: string; family: string; id: string } };

/** What the skim.model.* settings become: a model pinned by vendor, family and id, or (undefined) the defaults. */
async function write(model: ModelItem['model']): Promise<void> {
  const config = vscode.workspace.getConfiguration('skim.model');
  for (const key of ['vendor', 'family', 'id'] as const) await config.update(key, model?.[key], vscode.ConfigurationTarget.Global);
}

/**
 * "Skim Setup: Choose Summary Model": the models vscode.lm offers, in a quick pick; the one chosen is
 * written to skim.model.vendor, family and id. Given an id (scripts, tests), that model is chosen
 * without asking.
 */
export async function chooseModel(id?: string): Promise<ModelItem['model'] | null | undefined> {
  const models = await vscode.lm.selectChatModels();
  const items: ModelItem[] = [
    { label: 'Default', description: 'the cheapest Copilot model Skim knows', model: undefined },
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    ...models.map((m) => ({
      label: m.name,
      description: `${m.vendor} · ${m.family}`,
      detail: `id ${m.id} · reads up to ${m.maxInputTokens.toLocaleString('en')} tokens`,
      model: { vendor: m.vendor, family: m.family, id: m.id },
    })),
  ];
  const chosen =
    id === undefined
      ? await vscode.window.showQuickPick(items, {
          title: 'Skim: the model that writes maps',
          placeHolder: models.length
            ? 'Choose a model; maps already made stay until their file changes'
            : 'No language model is available: maps come from tree-sitter',
          matchOnDescription: true,
        })
      : items.find((item) => item.model?.id === id);
  if (!chosen || chosen.kind === vscode.QuickPickItemKind.Separator) return undefined;
  await write(chosen.model);
  return chosen.model ?? null;
}
