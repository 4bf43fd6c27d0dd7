import { counted } from '../map/counts';
import { FIELD_CAPS } from '../map/normalize';
import { ChatMessage } from '../model/model';
import { numberLines } from './numbering';

/**
 * Bumped whenever the instructions change in a way that changes answers. Part of every model
 * producer's name (`openai:gpt-4o-mini@p1`), so that an entry says which prompt made it and a
 * prose-only entry from an older prompt is asked again.
 */
const PROMPT_VERSION = 1;

/** The producer name a model's entries are stored under: the backend's own name and the prompt's version. */
export function modelProducer(backend: string): string {
  return `${backend}@p${PROMPT_VERSION}`;
}

/** The instructions every backend sends; VS Code composes the same text with prompt-tsx. */
export const SUMMARY_INSTRUCTIONS = `You map one source file so that a coding agent can read only the lines it needs.

The file follows, line-numbered: a line that can begin or end a region starts with its line number and a space. Copy line numbers from that column; never count lines yourself.

Answer with one JSON object and nothing else:
{"prose": "...", "regions": [{"start": 12, "end": 40, "kind": "function", "name": "parseArgs", "note": "..."}]}

- prose: what the file does and how it is used, in at most ${Math.floor(FIELD_CAPS.prose / 6)} words.
- regions: the file's declarations and blocks in line order: imports, class, interface, type, enum, function, method, struct, trait, impl, constant, test, config, and so on as kind. start and end are inclusive line numbers copied from the numbered column. A method goes inside its class: give it its own region within the class's range.
- name: the declared name. note: one short line on what it does or how it is used.
- Leave gaps: skip blank runs, license headers and generated boilerplate rather than inventing a region to cover them. A gap is an answer, not an omission.`;

export function summaryMessages(displayPath: string, lines: readonly string[]): ChatMessage[] {
  return [
    { role: 'system', content: SUMMARY_INSTRUCTIONS },
    { role: 'user', content: summaryRequest(displayPath, lines) },
  ];
}

export function summaryRequest(displayPath: string, lines: readonly string[]): string {
  return `File: ${displayPath} (${counted(lines.length, 'line')})\n\n${numberLines(lines)}`;
}

/** Sent back with the model's own answer when that answer could not be used. */
export function repairRequest(problem: string): string {
  return `That answer could not be used: ${problem}. Answer again with only the JSON object described above, with "prose" a string and "regions" a non-empty array of {"start", "end", "kind", "name", "note"}.`;
}
