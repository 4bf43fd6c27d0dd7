import * as vscode from 'vscode';
import { Options } from '../../core/config/options';
import { Judge } from '../../core/judge/judge';
import { OpenAiJudge } from '../../core/judge/openaiJudge';
import { JudgeEvent, judgeLog, judgeLogFile, judgeRuntime, JudgeRuntime } from '../../core/judge/runtime';
import { SkimConfiguration } from '../settings/configuration';
import { settings } from '../settings/settings';
import { SkimLog } from '../user/log';
import { LmJudge } from './lmJudge';
import { trusted, whenTrusted } from '../workspace/trust';

const KEY_SECRET = 'skim.judge.key';

/** The judge's options, whose change builds the judge again. */
const JUDGE_OPTIONS = new Set([
  'judgeBackend',
  'judgeUrl',
  'judgeModel',
  'judgeKey',
  'judgeMode',
  'judgeSearch',
  'judgeLocate',
  'judgeScreen',
  'judgeVerify',
  'judgeDeadlineMs',
]);

/**
 * The judge the skim.judge.* settings name (its key from VS Code's SecretStorage), as every
 * workspace folder's context asks it. It follows its settings and its key; its events go to the
 * JSONL log and the output channel, and its failures are said once with "Show Output".
 */
export class JudgeHolder implements vscode.Disposable {
  private current: JudgeRuntime;
  private readonly disposables: vscode.Disposable[];

  constructor(
    private readonly context: vscode.ExtensionContext,
    configuration: SkimConfiguration,
    private readonly log: SkimLog,
  ) {
    this.current = this.runtime(settings(), undefined);
    void this.apply();
    configuration.onDidChange((changed) => {
      if ([...changed].some((name) => JUDGE_OPTIONS.has(name))) void this.apply();
    });
    this.disposables = [
      context.secrets.onDidChange((event) => {
        if (event.key === KEY_SECRET) void this.apply();
      }),
      whenTrusted(() => this.apply()),
    ];
  }

  /** The judge as it is now: a context made later sees a later one. */
  get judge(): JudgeRuntime {
    return this.current;
  }

  private runtime(options: Options, judge: Judge | undefined): JudgeRuntime {
    const record = judgeLog(judgeLogFile(process.env), (event: JudgeEvent) =>
      this.log.info(
        `judge ${event.site}: ${event.decision}${event.enforced ? ' (enforced)' : ''}, ${JSON.stringify(event.signals)}, ${event.latencyMs} ms${event.cacheHit ? ', cached' : ''}, ${event.backend}${event.error ? `, failed: ${event.error}` : ''}`,
      ),
    );
    return judgeRuntime(options, judge, record, (reason) =>
      this.log.warn('judge-failure', `the judge failed (${reason}), so nothing was judged. Check the skim.judge settings and the key.`),
    );
  }

  private async apply(): Promise<void> {
    const options = settings();
    let judge: Judge | undefined;
    if (options.judgeBackend && !trusted()) {
      this.log.line('this workspace is not trusted, so no judge is asked until it is.');
    } else if (options.judgeBackend === 'openai') {
      const key = (await this.context.secrets.get(KEY_SECRET)) || options.judgeKey || undefined;
      if (options.judgeUrl && options.judgeModel) judge = new OpenAiJudge({ url: options.judgeUrl, model: options.judgeModel, key });
      else this.log.warn('judge-settings', 'skim.judge.backend is openai but skim.judge.url or skim.judge.model is empty: no judge is asked.');
    } else if (options.judgeBackend === 'vscode.lm') {
      const [chat] = await vscode.lm.selectChatModels(options.judgeModel ? { family: options.judgeModel } : {});
      if (chat) judge = new LmJudge(chat);
      else
        this.log.warn(
          'judge-model',
          `no VS Code language model${options.judgeModel ? ` of family ${options.judgeModel}` : ''} for the judge: no judge is asked.`,
        );
    }
    this.current = this.runtime(options, judge);
  }

  /** "Skim Setup: Set Judge Key". */
  async setKey(): Promise<void> {
    const key = await vscode.window.showInputBox({
      title: "Skim: the judge endpoint's API key",
      password: true,
      ignoreFocusOut: true,
      prompt: "Kept in VS Code's SecretStorage. Empty removes it.",
    });
    if (key === undefined) return;
    if (key) await this.context.secrets.store(KEY_SECRET, key);
    else await this.context.secrets.delete(KEY_SECRET);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
