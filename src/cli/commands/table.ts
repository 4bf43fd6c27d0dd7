import { HOOK_HOSTS } from '../../core/hook/hosts';
import { changesTool } from '../../core/tools/declared/changes';
import { locateTool } from '../../core/tools/declared/locate';
import { overviewTool } from '../../core/tools/declared/overview';
import { queryTreeTool } from '../../core/tools/declared/queryTree';
import { searchTool } from '../../core/tools/declared/search';
import { changesCommand } from './changes';
import type { Command } from './command';
import { ENGINE_PARTS, hookInProcess } from './hookInProcess';
import { LINES_FLAGS, runLines } from './lines';
import { LISTING_FLAGS, runListingCommand } from './listing';
import { historyCommand } from './history';
import { installCommand, mcpInstallCommand } from './hookInstall';
import { judgeCommand } from './judge';
import { locateCommand } from './locate';
import { lspCommand } from './lsp';
import { atCommand, mapCommand } from './map';
import { mcpCommand } from './mcp';
import { overviewCommand } from './overview';
import { readCommand } from './read';
import { searchCommand } from './search';
import { symbolCommand, symbolsCommand } from './symbols';
import { teamCommand } from './team';
import { flagMost, flagRange } from './toolFlags';
import { nodeAtCommand, queryCommand } from './tree';

const json = 'print the answer as one JSON object (docs/cli.md names its fields)';

/** `a, b or c`: a flag's choices as help says them. */
const oneOf = (choices: readonly string[]) => `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}`;

/** `skim hook install|remove` and `skim mcp install|remove`: a host's settings file, found by the same flags, written or taken from. */
function settingsCommand(
  what: 'hook' | 'mcp',
  action: 'install' | 'remove',
  own: { host: string; scope: string; 'edit-gate'?: string; summary: string; help: string },
): Command {
  const { host, scope, 'edit-gate': editGate, summary, help } = own;
  const run = what === 'hook' ? installCommand : mcpInstallCommand;
  return {
    name: `${what} ${action}`,
    args: [],
    flags: {
      host,
      scope,
      ...(editGate === undefined ? {} : { 'edit-gate': editGate }),
      root: 'the project (default: the git root above the current folder, else the folder)',
    },
    summary,
    help,
    alone: (call) => run(action, call.args, call.io, call.env, call.root()),
  };
}

/** The hosts whose MCP servers Skim registers (VS Code's come from the extension). */
const MCP_HOSTS = HOOK_HOSTS.filter((host) => host !== 'vscode');

/** Every `skim` command, in the order `skim --help` lists them. A new command is one entry here. */
export const COMMANDS: readonly Command[] = [
  {
    name: 'read',
    args: [{ name: 'FILE', help: 'the file to read' }],
    flags: {
      offset: 'the first line to return, from 1 (default 1)',
      limit: 'how many lines to return, from 1 (default: to the end)',
      session: "the agent session whose ledger records the read (its host's session id)",
      agent: 'the subagent of that session the read is for (its id)',
      json,
    },
    summary: 'a read with the 200-line guard applied',
    help: "A read as an agent's read is guarded: one of more than SKIM_LINE_LIMIT lines (200 by default) comes back as that many\nlines from its start, a notice with the next start, and the file's map (made when missing or stale). With --session, the\nread is recorded in that agent session's ledger (the one its host's hooks keep), and lines the session still holds\nunchanged come back as a note (docs/hooks.md).",
    path: { arg: 0, is: 'file' },
    run: readCommand,
  },
  {
    name: 'lines',
    args: [{ name: 'FILE', help: 'the file, from the current folder' }],
    flags: LINES_FLAGS,
    summary: 'lines as cat, cat -n, nl -ba, sed -n, awk or Get-Content\nprint them, guarded: what the hook makes of a shell read',
    help: "FILE's lines --offset to --limit, printed byte for byte as a shell read prints them (--format raw: cat, head, tail,\nsed -n; records: awk, which ends the last line; cat-n: cat -n; nl: nl -ba; lines: PowerShell's Get-Content).\nA read of more than 200 lines (SKIM_LINE_LIMIT) of a source file prints the notice, the lines from its start\nand the file's map, never more than --max-bytes/--max-chars/--max-lines nor than the read would have printed.\nWhat the hook rewrites a plain shell read into; exit 1, printing nothing, where it cannot print exactly what\nthe read would (the hook then runs the read itself).",
    alone: (call) =>
      runLines({
        args: call.args,
        io: call.io,
        env: call.env,
        cwd: call.cwd,
        options: call.options(),
        parts: ENGINE_PARTS,
        // In process, a caller's Io takes text whose line break it adds itself.
        write: async (bytes) => {
          call.io.out(bytes.toString('utf8').replace(/\n$/, ''));
          return true;
        },
      }),
  },
  {
    name: 'listing',
    args: [
      { name: 'PROGRAM', help: 'ls, find or tree (after --)' },
      { name: 'ARG', help: "the program's arguments: ls -R [DIR], find [DIR] [-maxdepth N] [-type f|d], tree [DIR] …", optional: true, rest: true },
    ],
    flags: LISTING_FLAGS,
    summary:
      "a recursive listing (ls -R, find, tree) as it prints, and\npast 200 lines its first 200, what the rest holds by folder\nand the folder's overview: what the hook makes of a tree dump",
    help: "Runs the listing after -- as the shell would (same program, folder, environment and locale) and prints its output\nbyte for byte; one of more than 200 lines (SKIM_LINE_LIMIT) prints a notice, its first 200 lines exactly as printed,\nhow many entries the rest holds by folder, and the folder's overview (skim overview), never more than\n--max-bytes/--max-chars/--max-lines nor than the listing itself. What the hook rewrites a plain recursive listing\ninto; exit 1, printing nothing, where it cannot print what the listing would (it failed, wrote to stderr, stdout\nis a terminal): the hook then runs the listing itself.",
    alone: (call) =>
      runListingCommand({
        args: call.args,
        io: call.io,
        env: call.env,
        cwd: call.cwd,
        options: call.options(),
        terminal: false,
        // In process, a caller's Io takes text whose line break it adds itself.
        write: async (bytes) => {
          call.io.out(bytes.toString('utf8').replace(/\n$/, ''));
          return true;
        },
      }),
  },
  {
    name: 'map',
    args: [{ name: 'FILE', help: 'the file to map' }],
    flags: { json },
    summary: "the file's prose and map (made when missing or stale)",
    help: "The file's map: its prose and its regions (lines, kind, name, note). A fresh map costs no model call; a missing or\nstale one is made by SKIM_MODEL_URL's model (one call, at most three), else by tree-sitter.",
    path: { arg: 0, is: 'file' },
    run: mapCommand,
  },
  {
    name: 'at',
    args: [
      { name: 'FILE', help: 'the file' },
      { name: 'LINE', help: 'a line of it, from 1' },
    ],
    flags: {},
    summary: 'the regions that hold LINE, innermost last',
    help: "The regions of the file's map that hold LINE, outermost first and innermost last, or the gap it is in; a line the file does not have is a failure (exit 1).",
    path: { arg: 0, is: 'file' },
    run: atCommand,
  },
  {
    name: 'symbols',
    args: [{ name: 'FILE', help: 'the file' }],
    flags: { json },
    summary: "the file's declarations and their lines, from its parser (no model call)",
    help: "Every class, type, function and method of FILE with its lines, from tree-sitter's outline of it: one parse, no\nmodel call, nothing stored. The same as the skim_list_symbols tool.",
    path: { arg: 0, is: 'file' },
    run: symbolsCommand,
  },
  {
    name: 'symbol',
    args: [
      { name: 'FILE', help: 'the file' },
      { name: 'NAME', help: "the declaration's name (parseArgs, Runner.run); Class.member selects that class's member" },
    ],
    flags: { json },
    summary: "one declaration's lines, numbered, by its name",
    help: 'The declaration named NAME in FILE: its lines and its numbered text (guarded: one of more than SKIM_LINE_LIMIT\nlines is shortened, with the next start). The same as the skim_find_symbol tool.',
    path: { arg: 0, is: 'file' },
    run: symbolCommand,
  },
  {
    name: 'locate',
    args: [
      { name: 'QUESTION', help: 'the task or question in words (quote it): a bug report, a commit message, "where is X done?"' },
      { name: 'DIR', help: 'the folder to look in (default: the project)', optional: true },
    ],
    flags: { tokens: `the budget, ${flagRange(locateTool, 'tokens')} o200k tokens (default 1,000)`, json },
    summary:
      "the functions a task or question in words is most likely\nabout, ranked, with the first one's lines, in N tokens\n(default 1,000); never a model call",
    help: 'The regions (functions, methods, classes) the question is most likely about, ranked by the words and identifiers\nthey share with it (names, signatures, comments, bodies, paths), the files and functions it names (paths, a commit\nscope, stack frames) first, and in a git project by what the past commits most like it changed (its history, read\nin the background by `skim history` on the first run: that answer is from the words alone); each with the words it\nmatched, fitted to the budget with the numbered lines of the first one or two. Reaches files through ripgrep first,\nso a tree never seen is not outlined whole. Never a model call; a judge configured at the locate site\n(SKIM_JUDGE_LOCATE) is asked once, and the first line says so.',
    path: { arg: 1, is: 'folder' },
    run: locateCommand,
  },
  {
    name: 'history',
    args: [],
    flags: { json },
    summary: "reads the project's git history for locate, up to date,\nshowing its progress on a terminal",
    help: "Reads the project's git history (each commit's message and the functions it changed) up to its head, as `skim\nlocate` does in the background on its first run, and learns from its own commits how much locate weighs it; shows\nits progress on a terminal. A project outside git, or a shallow clone, has none: locate then works from the\nquestion's words alone. Never a model call.",
    run: historyCommand,
  },
  {
    name: 'overview',
    args: [{ name: 'DIR', help: 'the folder (default: the project)', optional: true }],
    flags: { tokens: `the budget, ${flagRange(overviewTool, 'tokens')} o200k tokens (default 1,000)`, json },
    summary:
      "the folder's files, ranked by how much the rest of the code\nrefers to them, with their most referred-to declarations\nin N tokens (default 1,000); never a model call",
    help: 'The files under DIR, ranked by how much the rest of the code names their declarations, each with its lines, one line\nof prose and its most referred-to declarations, fitted to the budget; says what it left out and which folder narrows\nit. Never a model call.',
    path: { arg: 0, is: 'folder' },
    run: overviewCommand,
  },
  {
    name: 'search',
    args: [{ name: 'PATTERN', help: "a regex (ripgrep's syntax; quote one with spaces)" }],
    flags: {
      path: 'search this folder or file only (the project then follows it)',
      glob: 'only files matching this glob',
      literal: 'PATTERN is plain text, not a regex',
      max: `how many hits to show (default 50, ${flagMost(searchTool, 'max')}); every match is counted`,
      json,
    },
    summary: 'where PATTERN occurs (ripgrep), each hit in its region',
    help: "Where PATTERN occurs in the project (ripgrep, else git grep), honouring .gitignore and skipping dependency and\nbuild folders, each hit placed in the region of the file's map that holds it. Past 10 s it stops and says so.\nEverything after -- is a positional: skim search -- --pre=x searches for the text --pre=x.",
    path: { flag: 'path', is: 'file or folder' },
    run: searchCommand,
  },
  {
    name: 'changes',
    args: [{ name: 'REV', help: 'the commit, branch or tag to compare with (default HEAD)', optional: true }],
    flags: {
      path: 'only this folder or file (the project then follows it)',
      tokens: `the budget, ${flagRange(changesTool, 'tokens')} o200k tokens (default 2,000)`,
      json,
    },
    summary:
      "the working tree's git diff against REV (default HEAD),\neach changed function with its changed lines, in N tokens\n(default 2,000); never a model call",
    help: "What changed in the working tree against REV (git diff, untracked files as new), each changed line under the\nfunction, method or class of the file's map that holds it (the cached map while fresh, else tree-sitter's outline),\nlines only removed said as how many after which line, fitted to the budget: past it, fewer lines per function, then\nonly which lines changed, then the last files named. --json holds every file and line. Never a model call.",
    path: { flag: 'path', is: 'file or folder' },
    run: changesCommand,
  },
  {
    name: 'query',
    args: [
      { name: 'FILE', help: 'the file' },
      { name: 'QUERY', help: 'a tree-sitter S-expression, or definitions, imports, calls, calls:NAME, strings' },
    ],
    flags: { max: `how many captures to show (default 100, ${flagMost(queryTreeTool, 'max')}); all are counted`, json },
    summary: 'a tree-sitter query, or definitions, imports, calls[:NAME], strings',
    help: 'A tree-sitter query on FILE, with the grammar its outline uses: each capture with its line, column, name, node type\nand text, under the region that holds it. A written query runs in a bounded worker thread of its own.',
    path: { arg: 0, is: 'file' },
    run: queryCommand,
  },
  {
    name: 'node-at',
    args: [
      { name: 'FILE', help: 'the file' },
      { name: 'LINE[:COL]', help: "a position, from 1 (default column: the line's first that is not white space)" },
    ],
    flags: { json },
    summary: 'the syntax nodes holding a position, outermost first',
    help: 'The named syntax nodes holding the position, outermost first, each with its lines, type and name.',
    path: { arg: 0, is: 'file' },
    run: nodeAtCommand,
  },
  {
    name: 'lsp',
    args: [
      { name: 'FILE', help: 'the file the symbol is written in' },
      { name: 'LINE', help: 'its line, from 1 (the nearest line within five that has it is taken)' },
      { name: 'SYMBOL', help: 'the name' },
      { name: 'OP', help: 'definition, references, implementations, type or callers' },
    ],
    flags: { json },
    summary: 'definition, references, implementations, type or callers of\nSYMBOL, from outlines and search (no language server here)',
    help: 'What skim_lsp answers where there is no language server: declarations of the name from the outlines, its\noccurrences from search, each in its region, and the first line says so.',
    path: { arg: 0, is: 'file' },
    run: lspCommand,
  },
  {
    name: 'hook',
    args: [],
    flags: {
      'edit-gate': 'the edit gate: off, drift (default) or strict; as installed, it outranks SKIM_EDIT_GATE',
      on: "the host's context event the payload is (SessionStart, PreCompact, …), as its hook entry names it",
      host: "with --scope, the hook file it was installed in (skim hook install writes both): where the calling host\nruns another of Skim's hooks that comes first, this one stands aside",
      scope: 'workspace or user, with --host',
    },
    summary: 'a Pre/PostToolUse hook: payload on stdin, answer on stdout',
    help: "What an agent's host runs before and after each tool call (skim hook install writes it in): one payload on stdin,\nthe answer on stdout. It caps an oversized read to 200 lines with the map, refuses an edit of a file that changed\nsince it was read, and answers a re-read of lines the session still holds with a note (the session ledger). It\nnever blocks a call and always exits 0 (docs/hooks.md).",
    lenient: true,
    alone: hookInProcess,
  },
  settingsCommand('hook', 'install', {
    host: `${HOOK_HOSTS[0]} (default), ${oneOf(HOOK_HOSTS.slice(1))}`,
    scope: 'workspace (default: the project) or user (every project)',
    'edit-gate': 'off, drift (default) or strict',
    summary: `H: ${oneOf(HOOK_HOSTS)}; S: workspace or user;\nM: off, drift (default) or strict`,
    help: "Writes Skim's hook entry into the host's settings file, leaving everything else in it as it was, and says in\none line what the host asks of you before it runs it (Codex: review it in /hooks).",
  }),
  settingsCommand('hook', 'remove', {
    host: `${oneOf(HOOK_HOSTS)} (default: every host whose file holds Skim's hook)`,
    scope: 'workspace (default) or user',
    summary: "takes Skim's hook entry out of the host's settings file\n(without --host: out of every host's)",
    help: "Takes Skim's hook entry out of the host's settings file (without --host, out of every host's file for the scope\nwhere it is), leaving everything else in it as it was.",
  }),
  {
    name: 'mcp',
    args: [],
    flags: {},
    summary: 'the tools as an MCP server on stdio',
    help: "Skim's tools, with the same names, descriptions and guarantees, as an MCP server on stdin and stdout, on the\nproject: --root, else the current folder's.",
    run: mcpCommand,
  },
  settingsCommand('mcp', 'install', {
    host: oneOf(MCP_HOSTS),
    scope: 'workspace (default: the project) or user (every project)',
    summary: `registers skim mcp as the MCP server skim where H reads them;\nH: ${oneOf(MCP_HOSTS)}`,
    help: "Registers `skim mcp` as the MCP server named skim in the file where the host reads MCP servers (.mcp.json,\n~/.claude.json, the Copilot CLI's mcp-config.json, Codex's config.toml, Gemini's settings.json), leaving everything\nelse in it as it was. Separate from the hook: every tool's description costs the model tokens on every turn.",
  }),
  settingsCommand('mcp', 'remove', {
    host: `${oneOf(MCP_HOSTS)} (default: every host whose file holds Skim's server)`,
    scope: 'workspace (default) or user',
    summary: "takes Skim's MCP server out of the host's file\n(without --host: out of every host's)",
    help: "Takes the MCP server Skim registered out of the host's file (without --host, out of every host's file for the scope\nwhere it is), leaving everything else in it as it was.",
  }),
  {
    name: 'judge stats',
    args: [],
    flags: {},
    summary: "the judge's judgements per site: flag rates, latency",
    help: 'Per site, how often the judge was asked, answered, flagged or failed, what was enforced and how long it took, then\nthe latest reasons it failed; from its log (docs/screen-and-judge.md).',
    alone: (call) => judgeCommand(call.io, call.env, call.options()),
  },
  {
    name: 'team forget',
    args: [{ name: 'FILE', help: 'the file' }],
    flags: { json },
    summary: "removes the team cache's rows for FILE's current version\n(every producer's), and says whose they were",
    help: "Removes the team cache's rows (SKIM_TEAM_CACHE_URL) for FILE's current bytes, every producer's, and says whose they were.",
    path: { arg: 0, is: 'file' },
    run: teamCommand,
  },
];
