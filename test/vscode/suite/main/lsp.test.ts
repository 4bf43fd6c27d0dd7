import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { invoke, scriptedModel, skim, waitFor, write } from '../../support';

const SHAPES = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  '',
  'export class Square implements Shape {',
  '  constructor(readonly side: number) {}',
  '',
  '  area(): number {',
  '    return this.side * this.side;',
  '  }',
  '}',
  '',
  'export function total(shapes: Shape[]): number {',
  '  return shapes.reduce((sum, s) => sum + s.area(), 0);',
  '}',
  '',
].join('\n');

const REPORT = [
  "import { Square, total } from './shapes';",
  '',
  'export function report(): string {',
  '  const squares = [new Square(2), new Square(3)];',
  '  return `total ${total(squares)}`;',
  '}',
  '',
  'export function again(): number {',
  '  return total([new Square(1)]);',
  '}',
  '',
].join('\n');

describe("skim_lsp: facts from VS Code's own TypeScript language server, each in its region", function () {
  this.timeout(120_000);
  before(async function () {
    this.timeout(180_000);
    await skim();
    write('lsp/shapes.ts', SHAPES);
    const report = write('lsp/report.ts', REPORT);
    // The TypeScript server starts on first use, and answers from the open file alone (the import) until it has loaded the
    // project, failing a request now and then while it starts: wait until it finds the definition in the other file.
    const uri = vscode.Uri.file(report);
    await vscode.window.showTextDocument(uri);
    const definitions = () =>
      vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', uri, new vscode.Position(4, 20)).then(
        (found) => found.map((l) => ('targetUri' in l ? l.targetUri : l.uri).path),
        () => [],
      );
    await waitFor(
      async () => ((await definitions()).some((p) => p.endsWith('/lsp/shapes.ts')) ? true : undefined),
      "TypeScript's server to find total() in lsp/shapes.ts",
      150,
    );
    await vscode.workspace.getConfiguration('skim').update('lsp.timeoutSeconds', 30, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await vscode.workspace.getConfiguration('skim').update('lsp.timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
  });

  it('finds the definition of a called function in another file, in its region, with no model call', async () => {
    const model = await scriptedModel();
    model.reset();
    const text = await invoke('skim_lsp', { filePath: 'lsp/report.ts', line: 5, symbol: 'total', op: 'definition' });
    assert.equal(
      text,
      [
        'definition of total at lsp/report.ts:5, from the language server: 1 location.',
        '',
        'lsp/shapes.ts',
        '  13-15 total(shapes: Shape[]): number',
        '    13\texport function total(shapes: Shape[]): number {',
      ].join('\n'),
    );
    assert.equal(model.summaryCalls(), 0);
  });

  it('lists references and callers, each under the function that holds it', async () => {
    const references = await invoke('skim_lsp', { filePath: 'lsp/shapes.ts', line: 13, symbol: 'total', op: 'references' });
    assert.match(references, /^references of total at lsp\/shapes\.ts:13, from the language server: 4 locations\./);
    assert.match(references, /\nlsp\/report\.ts\n {2}1 imports\n {4}1\timport \{ Square, total \} from '\.\/shapes';\n {2}3-6 report\(\): string\n {4}5\t/);
    const callers = await invoke('skim_lsp', { filePath: 'lsp/shapes.ts', line: 13, symbol: 'total', op: 'callers' });
    assert.equal(
      callers,
      [
        'callers of total at lsp/shapes.ts:13, from the language server: 2 locations.',
        '',
        'lsp/report.ts',
        '  3-6 report(): string',
        '    5\treturn `total ${total(squares)}`;',
        '  8-10 again(): number',
        '    9\treturn total([new Square(1)]);',
      ].join('\n'),
    );
  });

  it('finds implementations of an interface and the type of a symbol, found near the line given', async () => {
    const implementations = await invoke('skim_lsp', { filePath: 'lsp/shapes.ts', line: 1, symbol: 'Shape', op: 'implementations' });
    assert.match(implementations, /\n {2}5-11 class Square\n {4}5\texport class Square implements Shape \{/);
    const type = await invoke('skim_lsp', { filePath: 'lsp/report.ts', line: 3, symbol: 'squares', op: 'type' });
    assert.match(type, /^type of squares at lsp\/report\.ts:4 \(found on line 4, not 3\), from the language server: /);
    assert.match(type, /const squares: Square\[\]/);
  });

  it('with no language server answering in time, the outlines and search stand in, and say so', async () => {
    await vscode.workspace.getConfiguration('skim').update('lsp.timeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    write(
      'lsp/util.lua',
      [
        'local M = {}',
        '',
        'function M.greet(name)',
        '  return "hi " .. name',
        'end',
        '',
        'function M.twice(name)',
        '  return M.greet(name) .. M.greet(name)',
        'end',
        '',
        'return M',
        '',
      ].join('\n'),
    );
    const definition = await invoke('skim_lsp', { filePath: 'lsp/util.lua', line: 8, symbol: 'M.greet', op: 'definition' });
    assert.equal(
      definition.split('\n')[0],
      'definition of M.greet at lsp/util.lua:8, from outlines and search, not a language server (no language server for lua answered within 1 s): declarations of that name, unresolved: 1 location.',
    );
    assert.match(definition, /\n {2}3-5 M\.greet\(name\)\n {4}3\tfunction M\.greet\(name\)/);
    const references = await invoke('skim_lsp', { filePath: 'lsp/util.lua', line: 3, symbol: 'greet', op: 'references' });
    assert.match(
      references,
      /^references of greet at lsp\/util\.lua:3, from outlines and search, not a language server \(the language server for lua found nothing\): text matches of the name, unresolved: 2 locations\./,
    );
  });

  it('says where the symbol is not, rather than guessing a column', async () => {
    await assert.rejects(
      invoke('skim_lsp', { filePath: 'lsp/report.ts', line: 1, symbol: 'nowhere', op: 'definition' }),
      /nowhere is not on line 1 of lsp\/report\.ts, nor within 5 lines of it/,
    );
  });
});
