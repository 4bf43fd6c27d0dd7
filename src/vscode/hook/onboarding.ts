import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { EditGateMode } from '../../core/gate/gate';
import { offeredHosts } from '../../core/hook/hosts';
import { hasSkimHook, hookPlace, InstallHost, InstallScope } from '../../core/hook/install';
import { SkimMessages } from '../user/messages';
import { settings } from '../settings/settings';

/**
 * The read hook offered once per workspace: the first time a trusted workspace with source files
 * opens (and, for Claude Code, where a .claude folder exists), never in an untrusted workspace or
 * where the hook is already installed. A page of its own, not a notification: it stays open until
 * answered (it never drops into the bell), and Skim's other messages wait for it. A choice is
 * remembered in the workspace state: "Not now" until the next VS Code session, "Never" for good;
 * closing the page answers nothing. "Learn more" opens the walkthrough beside it.
 */
export const INSTALL = 'Install for this workspace';
export const NOT_NOW = 'Not now';
export const NEVER = 'Never for this workspace';
export const LEARN_MORE = 'Learn more';
export type Choice = typeof INSTALL | typeof NOT_NOW | typeof NEVER;

/** The file Skim's hook for `host` lives in. */
export const hookFileOf = (host: InstallHost, scope: InstallScope, root: string) => hookPlace(host, scope, root).file;

/** Whether Skim's hook for `host` is in the hook file of this workspace (or, with `user`, the user's). */
export function hookInstalled(host: InstallHost, root: string, scope: InstallScope = 'workspace'): boolean {
  return hasSkimHook(hookPlace(host, scope, root));
}

/** The offer: a question, then what the hook does, one sentence per effect (the limit and the edit gate as skim.guard.lineLimit and skim.editGate set them). */
export interface OfferText {
  message: string;
  effects: { label: 'Reads' | 'Edits'; text: string }[];
}

export function offerText(agent: string, gate: EditGateMode, lineLimit: number): OfferText {
  const limit = lineLimit.toLocaleString('en-US');
  const effects: OfferText['effects'] = [
    {
      label: 'Reads',
      text: `When ${agent} reads more than ${limit} lines of a source file, it gets those ${limit} lines and the file's map instead, so it reads the part it needs next.`,
    },
  ];
  if (gate === 'drift')
    effects.push({ label: 'Edits', text: 'An edit of a file that changed since the agent last read it is refused until it reads the file again.' });
  if (gate === 'strict')
    effects.push({
      label: 'Edits',
      text: 'An edit of a file the agent never read, or that changed since it last read it, is refused until it reads the file.',
    });
  return { message: `Turn on Skim's read hook for ${agent} in this workspace?`, effects };
}

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The offer's page: the question, its two effects, and a button per choice (command links: no script runs in it). */
function offerHtml(command: string, offer: OfferText, choices: Choice[], nonce: string): string {
  const link = (answer: string) => `command:${command}?${encodeURIComponent(JSON.stringify([answer]))}`;
  const effects = offer.effects.map((e) => `<p><strong>${e.label}.</strong> ${esc(e.text)}</p>`).join('');
  const buttons = choices.map((c, i) => `<a class="button${i ? ' secondary' : ''}" href="${link(c)}">${esc(c)}</a>`).join(' ');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}';">
<style nonce="${nonce}">
body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); max-width: 42em; padding: 24px 28px; line-height: 1.5; }
h1 { font-size: 1.35em; font-weight: 600; } p { margin: 0.8em 0; }
.button { display: inline-block; padding: 6px 14px; margin: 10px 8px 0 0; border-radius: 2px; text-decoration: none;
  background: var(--vscode-button-background); color: var(--vscode-button-foreground); }
.button.secondary { background: var(--vscode-button-secondaryBackground); color: var(--vscode-button-secondaryForeground); }
.more { margin-top: 1.6em; }
</style></head><body>
<h1>${esc(offer.message)}</h1>${effects}<div>${buttons}</div>
<p class="more"><a href="${link(LEARN_MORE)}">${LEARN_MORE}</a> about the hook, its file, and how to take it out again.</p>
</body></html>`;
}

/**
 * Puts the offer on a page of its own and waits for a button; closing the page answers nothing.
 * The buttons run a command of this page's own, registered while it is open.
 */
function offerPage(offer: OfferText, choices: Choice[]): Promise<Choice | undefined> {
  const command = `skim.answerOffer.${randomBytes(8).toString('hex')}`;
  const panel = vscode.window.createWebviewPanel('skim.offer', "Skim's read hook", vscode.ViewColumn.Active, {
    enableScripts: false,
    enableCommandUris: [command],
    localResourceRoots: [],
  });
  panel.webview.html = offerHtml(command, offer, choices, randomBytes(16).toString('base64'));
  return new Promise((resolve) => {
    let answered = false;
    const buttons = vscode.commands.registerCommand(command, async (answer: Choice | typeof LEARN_MORE) => {
      if (answer === LEARN_MORE) {
        await vscode.commands.executeCommand('workbench.action.openWalkthrough', { category: WALKTHROUGH, step: `${WALKTHROUGH}#hookOff` }, true);
        return;
      }
      answered = true;
      resolve(answer);
      panel.dispose();
    });
    panel.onDidDispose(() => {
      buttons.dispose();
      if (!answered) resolve(undefined);
    });
  });
}

export class Onboarding {
  /** How the question is put; tests answer it in place of a person. */
  ask: (offer: OfferText, ...choices: Choice[]) => Thenable<Choice | undefined> = (offer, ...choices) =>
    this.messages.show(() => offerPage(offer, choices), Infinity);

  constructor(
    private readonly state: vscode.Memento,
    private readonly messages: SkimMessages,
  ) {}

  private key(host: InstallHost): string {
    return `skim.onboarding.${host}`;
  }

  /** What was chosen for `host` in this workspace, if anything still stands. */
  chosen(host: InstallHost): Choice | undefined {
    const stored = this.state.get<{ choice: Choice; session: string }>(this.key(host));
    if (!stored) return undefined;
    return stored.choice === NOT_NOW && stored.session !== vscode.env.sessionId ? undefined : stored.choice;
  }

  /** Offers the hook for each host it applies to and was not answered; returns what was asked. */
  async offer(): Promise<InstallHost[]> {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder || folder.uri.scheme !== 'file' || !vscode.workspace.isTrusted) return [];
    const root = folder.uri.fsPath;
    const sources = await vscode.workspace.findFiles(
      '**/*.{ts,tsx,js,jsx,py,go,rs,java,c,cc,cpp,h,hpp,cs,rb,php,kt,swift,scala,lua,sh,dart,ex,m,zig,ml,sol}',
      '**/node_modules/**',
      1,
    );
    if (sources.length === 0) return [];
    const asked: InstallHost[] = [];
    for (const { host, agent } of offeredHosts(root)) {
      if (hookInstalled(host, root) || this.chosen(host)) continue;
      asked.push(host);
      const { editGate, lineLimit } = settings(folder.uri);
      const choice = await this.ask(offerText(agent, editGate, lineLimit), INSTALL, NOT_NOW, NEVER);
      if (!choice) continue;
      await this.state.update(this.key(host), { choice, session: vscode.env.sessionId });
      if (choice === INSTALL) await vscode.commands.executeCommand('skim.installReadHook', { host, scope: 'workspace' });
    }
    return asked;
  }
}

/** The walkthrough, by its full id: the publisher's extension id and the walkthrough's own. */
export const WALKTHROUGH = 'skim-dev.skim#gettingStarted';
