import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { editedFiles } from '../../src/core/gate/editCalls';
import { decideEdit } from '../../src/core/gate/gate';
import { stampDirectory } from '../../src/core/gate/stamps';
import { skim } from '../support/cli';
import { scratch } from '../support/files';
import { ScriptedJudge } from '../support/scriptedJudge';

const DRIFT = (file: string) => `${file} changed since you read it; read it again before editing it (Skim's edit gate).`;
const claudeDeny = (reason: string) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });

describe('the write stamp: no edit from a stale view', () => {
  let s: ReturnType<typeof scratch>;
  let file: string;
  let env: NodeJS.ProcessEnv;
  const hook = async (payload: object, extra: NodeJS.ProcessEnv = {}) => {
    const r = await skim(['hook'], { cwd: s.dir, stdin: JSON.stringify({ cwd: s.dir, ...payload }), env: { ...env, ...extra } });
    assert.equal(r.code, 0);
    return r.stdout ? JSON.parse(r.stdout) : undefined;
  };
  const claude = (event: 'PreToolUse' | 'PostToolUse', tool: string, input: object, session = 'session-a') => ({
    hook_event_name: event,
    session_id: session,
    tool_name: tool,
    tool_input: input,
  });

  beforeEach(() => {
    s = scratch();
    mkdirSync(path.join(s.dir, '.git'));
    file = s.write('app.py', 'def main():\n    return 1\n');
    env = { XDG_STATE_HOME: path.join(s.dir, '.state') };
  });
  afterEach(() => s.cleanup());

  it('refuses an edit of a file that changed on disk since this session read it, and allows it once read again', async () => {
    assert.equal(await hook(claude('PreToolUse', 'Read', { file_path: file })), undefined);
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file, old_string: '1', new_string: '2' })), undefined);
    writeFileSync(file, 'def main():\n    return 3\n');
    assert.deepEqual(await hook(claude('PreToolUse', 'Edit', { file_path: file, old_string: '3', new_string: '2' })), claudeDeny(DRIFT(file)));
    await hook(claude('PreToolUse', 'Read', { file_path: file, offset: 1, limit: 1 }));
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file, old_string: '3', new_string: '2' })), undefined, 'a partial read counts');
  });

  it("never refuses the session's own next edit: PostToolUse stamps the file it wrote", async () => {
    await hook(claude('PreToolUse', 'Read', { file_path: file }));
    writeFileSync(file, 'def main():\n    return 2\n');
    await hook(claude('PostToolUse', 'Edit', { file_path: file, old_string: '1', new_string: '2' }));
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file, old_string: '2', new_string: '4' })), undefined);
  });

  it("counts the session's own edit as seen whether or not it has reached the disk yet (VS Code saves a moment later)", async () => {
    const vscode = (event: string, tool: string, input: object) => ({ hook_event_name: event, session_id: 'vs', tool_name: tool, tool_input: input });
    await hook(vscode('PreToolUse', 'read_file', { filePath: file, startLine: 1, endLine: 2 }));
    const edit = { filePath: file, oldString: 'return 1', newString: 'return 2' };
    await hook(vscode('PostToolUse', 'replace_string_in_file', edit));
    assert.equal(
      await hook(vscode('PreToolUse', 'replace_string_in_file', { filePath: file, oldString: 'def', newString: 'async def' })),
      undefined,
      'not saved yet',
    );
    writeFileSync(file, 'def main():\n    return 2\n');
    assert.equal(await hook(vscode('PreToolUse', 'replace_string_in_file', { filePath: file, oldString: 'def', newString: 'async def' })), undefined, 'saved');
    writeFileSync(file, 'def main():\n    return 5\n');
    assert.deepEqual(await hook(vscode('PreToolUse', 'replace_string_in_file', { filePath: file })), claudeDeny(DRIFT(file)), 'then changed by someone else');
  });

  it('keeps sessions apart, never refuses creating a file, and in strict mode refuses an edit of a file never read', async () => {
    await hook(claude('PreToolUse', 'Read', { file_path: file }, 'session-b'));
    writeFileSync(file, 'changed = True\n');
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file }, 'session-a')), undefined, 'session a never read it: drift mode lets it be');
    assert.deepEqual(
      await hook(claude('PreToolUse', 'Edit', { file_path: file }, 'session-a'), { SKIM_EDIT_GATE: 'strict' }),
      claudeDeny(`Read ${file} before editing it (Skim's edit gate is strict).`),
    );
    assert.equal(
      await hook(claude('PreToolUse', 'Write', { file_path: path.join(s.dir, 'new.py'), content: 'x = 1\n' }), { SKIM_EDIT_GATE: 'strict' }),
      undefined,
    );
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file }, 'session-b'), { SKIM_EDIT_GATE: 'off' }), undefined);
    assert.ok((await hook(claude('PreToolUse', 'Edit', { file_path: file }, 'session-b'))).hookSpecificOutput);
  });

  it("speaks each host's format: the Copilot CLI's flat answer, VS Code's edit tools, Skim's own reads", async () => {
    await hook({ sessionId: 'cli', toolName: 'view', toolArgs: { path: file } });
    writeFileSync(file, 'x = 2\n');
    assert.deepEqual(await hook({ sessionId: 'cli', toolName: 'edit', toolArgs: { path: file, old_str: 'x', new_str: 'y' } }), {
      permissionDecision: 'deny',
      permissionDecisionReason: DRIFT(file),
    });
    await hook({ sessionId: 'cli', toolName: 'edit', toolArgs: JSON.stringify({ path: file }), toolResult: { resultType: 'success' } });
    assert.equal(await hook({ sessionId: 'cli', toolName: 'edit', toolArgs: { path: file } }), undefined, 'a postToolUse payload re-stamps');

    const vscode = (tool: string, input: object) => ({ hook_event_name: 'PreToolUse', session_id: 'vs', tool_name: tool, tool_input: input });
    await hook(vscode('skim_summarize_file', { filePath: 'app.py' }));
    assert.deepEqual(
      await hook(vscode('replace_string_in_file', { filePath: file }), { SKIM_EDIT_GATE: 'strict' }),
      claudeDeny(`Read ${file} before editing it (Skim's edit gate is strict).`),
      'a map shows none of the lines: it is no read',
    );
    await hook(vscode('skim_read_file', { filePath: 'app.py' }));
    assert.equal(await hook(vscode('replace_string_in_file', { filePath: file, oldString: 'x', newString: 'y' })), undefined);
    writeFileSync(file, 'x = 3\n');
    const other = s.write('other.py', 'y = 1\n');
    assert.deepEqual(await hook(vscode('multi_replace_string_in_file', { replacements: [{ filePath: other }, { filePath: file }] })), claudeDeny(DRIFT(file)));
    assert.deepEqual(
      await hook(vscode('apply_patch', { input: `*** Begin Patch\n*** Update File: ${file}\n@@\n-x = 3\n+x = 4\n*** End Patch` })),
      claudeDeny(DRIFT(file)),
    );
  });

  it('compares real paths: a read through a link stamps the file it leads to', async () => {
    const link = path.join(s.dir, 'link.py');
    symlinkSync(file, link);
    await hook(claude('PreToolUse', 'Read', { file_path: link }));
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file })), undefined);
    writeFileSync(file, 'z = 1\n');
    assert.deepEqual(await hook(claude('PreToolUse', 'Edit', { file_path: link })), claudeDeny(DRIFT(link)));
  });

  it('lets every call through when it cannot be sure: no session id, or a stamp folder other users can enter', async () => {
    await hook({ tool_name: 'Read', tool_input: { file_path: file } });
    writeFileSync(file, 'q = 1\n');
    assert.equal(await hook({ tool_name: 'Edit', tool_input: { file_path: file } }), undefined);
    await hook(claude('PreToolUse', 'Read', { file_path: file }));
    const dir = stampDirectory(env);
    assert.equal(statSync(dir).mode & 0o777, 0o700);
    chmodSync(dir, 0o777);
    writeFileSync(file, 'q = 2\n');
    assert.equal(await hook(claude('PreToolUse', 'Edit', { file_path: file })), undefined);
  });

  it('asks the judge about an edit of a file the session never read: a note when advisory, a refusal when its own site is enforcing', async () => {
    const judge = await new ScriptedJudge(() => ({ yes: 0.1, no: 0.9 })).start();
    try {
      const withJudge = { SKIM_JUDGE_BACKEND: 'openai', SKIM_JUDGE_URL: judge.url, SKIM_JUDGE_MODEL: 'scripted' };
      const other = s.write('other.py', 'x = 1\n');
      await hook(claude('PreToolUse', 'Read', { file_path: file }));
      assert.deepEqual(await hook(claude('PreToolUse', 'Edit', { file_path: other }), withJudge), {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          additionalContext: `[skim] ${other} was not read in this session; check it before relying on this edit.`,
        },
      });
      assert.match(judge.requests.at(-1)?.state ?? '', new RegExp(`Files this agent session read or wrote:\n${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n`));
      assert.equal(
        (await hook(claude('PreToolUse', 'Edit', { file_path: other }), { ...withJudge, SKIM_JUDGE_MODE: 'enforcing' })).hookSpecificOutput.permissionDecision,
        undefined,
        "a global enforcing is not the verify site's",
      );
      assert.deepEqual(
        await hook(claude('PreToolUse', 'Edit', { file_path: other }), { ...withJudge, SKIM_JUDGE_VERIFY: 'enforcing' }),
        claudeDeny(`Read ${other} before editing it: this session has not read it (Skim's call verify).`),
      );
      assert.equal(
        await hook(claude('PreToolUse', 'Edit', { file_path: file }), { ...withJudge, SKIM_JUDGE_VERIFY: 'enforcing' }),
        undefined,
        'a file the session read is not put to the judge',
      );
      judge.behaviour = 'hang';
      assert.equal(
        await hook(claude('PreToolUse', 'Edit', { file_path: other }), { ...withJudge, SKIM_JUDGE_VERIFY: 'enforcing', SKIM_JUDGE_DEADLINE_MS: '200' }),
        undefined,
        'no answer changes nothing',
      );
    } finally {
      await judge.stop();
    }
  });

  it("decides from the stamp alone, and reads the files each host's edit tools name", () => {
    assert.deepEqual(decideEdit('drift', 'a', 'h1', ['h1']), { allow: true });
    assert.deepEqual(decideEdit('drift', 'a', 'h3', ['h1', 'h2']).allow, false);
    assert.deepEqual(decideEdit('drift', 'a', undefined, ['h1']), { allow: true }, 'a file that is gone is being created');
    assert.deepEqual(decideEdit('off', 'a', 'h2', ['h1']), { allow: true });
    assert.deepEqual(editedFiles('Edit', { file_path: '/a' }), ['/a']);
    assert.deepEqual(editedFiles('NotebookEdit', { notebook_path: '/n.ipynb' }), ['/n.ipynb']);
    assert.deepEqual(editedFiles('apply_patch', { input: '*** Add File: /x\n*** Delete File: /y\n' }), ['/x', '/y']);
    assert.equal(editedFiles('Read', { file_path: '/a' }), undefined);
  });
});
