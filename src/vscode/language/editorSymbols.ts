import * as vscode from 'vscode';
import { normalizeRegions, RawRegion } from '../../core/map/normalize';
import { NoGrammarError } from '../../core/structural/mapper';
import { StructuralMap } from '../../core/structural/structuralMap';
import { EDITOR_SYMBOLS_VERSION } from '../../core/structural/rules';

type Symbols = (vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined;

/** The last line a range covers; one that ends at a line's first column ends on the line before. */
const lastLine = (range: vscode.Range) => (range.end.character === 0 && range.end.line > range.start.line ? range.end.line : range.end.line + 1);

function regionsOf(symbols: NonNullable<Symbols>): RawRegion[] {
  const out: RawRegion[] = [];
  const visit = (list: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]) => {
    for (const symbol of list) {
      const range = 'range' in symbol ? symbol.range : symbol.location.range;
      const note = 'detail' in symbol ? symbol.detail : '';
      out.push({ start: range.start.line + 1, end: lastLine(range), kind: vscode.SymbolKind[symbol.kind].toLowerCase(), name: symbol.name, note });
      if ('children' in symbol) visit(symbol.children);
    }
  };
  visit(symbols);
  return out;
}

/**
 * The outline the user's own language extensions give a file tree-sitter has no grammar for
 * (`vscode.executeDocumentSymbolProvider`), under the structural mapper's rules: only when the
 * editor's text is exactly the bytes being mapped, every range exact, never a model call.
 */
export async function editorSymbolOutline(file: string, text: string, lines: number): Promise<StructuralMap> {
  const uri = vscode.Uri.file(file);
  const document = await vscode.workspace.openTextDocument(uri);
  if (document.isDirty || document.getText() !== text.replace(/\r\n/g, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n')) {
    throw new NoGrammarError(`${file} has unsaved changes in the editor, so its outline would not match the file on disk`);
  }
  const symbols = await vscode.commands.executeCommand<Symbols>('vscode.executeDocumentSymbolProvider', uri);
  if (!symbols?.length) {
    throw new NoGrammarError(`neither Skim's tree-sitter grammars nor an installed ${document.languageId} extension can outline ${file} without a model`);
  }
  const regions = normalizeRegions(regionsOf(symbols), lines);
  const language = document.languageId;
  return {
    producer: `editor-symbols:${language}@${EDITOR_SYMBOLS_VERSION}`,
    prose: `${regions.length} symbols (outline by the editor's ${language} extension; no model was asked.)`,
    regions,
  };
}
