import type { SkimContext } from '../context';
import type { FactsResult } from '../facts/facts';
import type { Project, ProjectFile } from '../files/project';
import type { LedgerSeat } from '../ledger/toolRead';
import type { MapService } from '../mapping/service';
import type { MapSource } from '../mapping/mapSource';
import type { NarrowHint } from '../overview/renderOverview';
import type { TokenCounter } from '../savings';
import type { Outlines } from '../outlines/projectOutlines';
import type { StoredHistory } from '../history/historyStore';
import type { HistoryStatus } from '../history/projectHistory';
import type { LspInput } from './lsp';
import type { SearchPrograms } from './runSearch';

/** How a host's reader takes the next step an answer names: a tool to call for a model, a command to run for a person. */
export interface NextSteps {
  /** How to get the whole map of `file` when the one attached to a read is folded. */
  wholeMap(file: ProjectFile): string;
  /** How to overview one folder (default: skim_overview with its path). */
  narrow?: NarrowHint;
  /** How to look at one file (default: skim_list_symbols or skim_summarize_file). */
  oneFile?: (file: string) => string;
}

/** A model's next steps: Skim's tools by name. */
export const TOOL_STEPS: NextSteps = { wholeMap: () => 'call skim_summarize_file' };

/** What a host lends a tool for one call in one project (a VS Code workspace folder, `skim mcp`'s project, a `skim` command). */
export interface ToolHost {
  ctx: SkimContext;
  project: Project;
  /** The file a call names, checked to be inside the project; else a ToolError that says what to give. */
  file(path: string): ProjectFile;
  /** The folder or file a call narrows to, as the tool looks it up (the host's own reading of a relative path). */
  scope(path: string | undefined): string | undefined;
  /** The maps a read or a map of `file` uses, with the host's model behind them. */
  maps(file: ProjectFile): MapSource;
  /** The stored maps as they are, for placing hits in: never a model call. */
  storedMaps(): Promise<MapService>;
  outlines(): Promise<Outlines>;
  /** The project's history as it stands now, never waited for (a newer head is read in the background), how it stands, and the file it is kept in (its index is made from it in a worker thread); none: no history. */
  history?(): Promise<{ stored?: StoredHistory; status: HistoryStatus; file?: string }>;
  /** Where the overview keeps its answers, where the host keeps them. */
  answersFile?: string;
  programs: SearchPrograms & { counter?: TokenCounter; signal?: AbortSignal };
  /** How many folders the call's token budget is shared by. */
  share: number;
  /** The host's language server on a symbol, or why it had no answer (then outlines and search stand in). */
  languageServer(file: ProjectFile, input: LspInput & { filePath: string }): Promise<FactsResult | { why: string }>;
  nextSteps: NextSteps;
  /** The most bytes of lines a read returns at once (a model's host: READ_MAX_BYTES); none: all that was asked for. */
  readCap?: number;
  /** The answer is shown as its JSON (`--json`): a token budget is counted on that. */
  json?: boolean;
  /** The session ledger's context a read is recorded in and noted from (`skim read --session`); none: reads are shown whole. */
  ledger?: LedgerSeat;
}
