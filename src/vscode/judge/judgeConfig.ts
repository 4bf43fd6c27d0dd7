import * as vscode from 'vscode';
import { setJudge } from '../../core/judge/current';
import { Judge } from '../../core/judge/judge';
import { OpenAiJudge } from '../../core/judge/openaiJudge';
import { DEFAULT_DEADLINE_MS, JudgeEvent, judgeLog, judgeLogFile, JudgeRuntime, siteModes } from '../../core/judge/runtime';
import { SkimLog } from '../log';
import { LmJudge } from './lmJudge';

const KEY_SECRET = 'skim.judge.key';

/** The judge the skim.judge.* settings name (its key from VS Code's SecretStorage), applied to every tool from now on. */
async function applyJudge(secrets: vscode.SecretStorage, log: SkimLog): Promise<void> {
  const config = vscode.workspace.getConfiguration('skim.judge');
  const backend = config.get<string>('backend', 'none');
  const model = config.get<string>('model', '').trim();
  let judge: Judge | undefined;
  if (backend === 'openai') {
    const url = config.get<string>('url', '').trim();
    if (url && model) judge = new OpenAiJudge({ url, model, key: (await secrets.get(KEY_SECRET)) || process.env.SKIM_JUDGE_KEY || undefined });
    else log.warnOnce('judge-settings', 'skim.judge.backend is openai but skim.judge.url or skim.judge.model is empty: no judge is asked.');
  } else if (backend === 'vscode.lm') {
    const [chat] = await vscode.lm.selectChatModels(model ? { family: model } : {});
    if (chat) judge = new LmJudge(chat);
    else log.warnOnce('judge-model', `no vscode.lm model${model ? ` of family ${model}` : ''} for the judge: no judge is asked.`);
  }
  const own = (site: string) => {
    const value = config.get<string>(site, 'inherit');
    return value === 'inherit' ? undefined : value;
  };
  const modes = siteModes(config.get<string>('mode', 'advisory'), { search: own('search'), screen: own('screen'), verify: own('verify') });
  const record = judgeLog(judgeLogFile(process.env), (event: JudgeEvent) =>
    log.line(
      `judge ${event.site}: ${event.decision}${event.enforced ? ' (enforced)' : ''}, ${JSON.stringify(event.signals)}, ${event.latencyMs} ms${event.cacheHit ? ', cached' : ''}, ${event.backend}`,
    ),
  );
  setJudge(new JudgeRuntime(judge, modes, record, Math.max(50, config.get<number>('deadlineMs', DEFAULT_DEADLINE_MS))));
}

/** The judge follows its settings; "Skim: Set Judge API Key" keeps the key in SecretStorage, never in a settings file. */
export function registerJudge(context: vscode.ExtensionContext, log: SkimLog): vscode.Disposable[] {
  const apply = () => void applyJudge(context.secrets, log);
  apply();
  return [
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('skim.judge')) apply();
    }),
    context.secrets.onDidChange((event) => {
      if (event.key === KEY_SECRET) apply();
    }),
    vscode.commands.registerCommand('skim.setJudgeKey', async () => {
      const key = await vscode.window.showInputBox({
        title: "Skim: the judge endpoint's API key",
        password: true,
        ignoreFocusOut: true,
        prompt: "Kept in VS Code's SecretStorage. Empty removes it.",
      });
      if (key === undefined) return;
      if (key) await context.secrets.store(KEY_SECRET, key);
      else await context.secrets.delete(KEY_SECRET);
    }),
  ];
}
