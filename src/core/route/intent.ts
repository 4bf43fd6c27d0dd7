/**
 * The intent route of `@skim`: what a request in VS Code's chat asks for, by deterministic rules
 * over its words. `locate`: a question or a bug report about the code (Skim locates, the chat's
 * model answers once); `meta`: about Skim itself (answered from Skim's own tables, no model call);
 * `edit` and `execute`: a change to make or a command to run (handed to agent mode).
 */
export const INTENTS = ['locate', 'meta', 'edit', 'execute'] as const;
export type Intent = (typeof INTENTS)[number];

export interface RuleRoute {
  intent: Intent;
  /** Which rule decided, for the log and the person: the words that triggered it. */
  why: string;
}

const EDIT_VERBS = new Set(
  'add append change clean convert create delete drop edit extract fix implement insert introduce make migrate modify move patch port refactor remove rename replace rewrite simplify split swap update upgrade write'.split(
    ' ',
  ),
);
const EXECUTE_VERBS = new Set('build bench benchmark compile deploy execute install launch lint profile publish run start test typecheck'.split(' '));

/** Words before the verb of a request that do not change it: "please", "can you", "I want you to". */
const POLITE =
  /^(?:(?:please|pls|ok(?:ay)?|now|then|so|and|also|just|kindly|hey|hi)[\s,]+|(?:can|could|would|will)\s+you\s+(?:please\s+)?|(?:i\s+(?:want|need|would\s+like)\s+(?:you\s+)?to|let'?s|help\s+me(?:\s+to)?|go\s+ahead\s+and|try\s+to)\s+)/i;

/** Skim named, its settings (`skim.judge.mode`) or its tools (`skim_locate`, `#skimLocate`). */
const NAMES_SKIM = /(?:^|[^\w.-])(?:skim(?:'s)?(?=$|[^\w-])|skim[._][a-z][\w.]*|#skim[A-Z]\w*)/i;
/** What a question about Skim asks after. */
const ABOUT_SKIM =
  /\b(?:tools?|settings?|options?|config(?:ure|uration)?|cache[sd]?|caching|hooks?|judge|screen|maps?|commands?|mcp|guard|version|help|features?|how\s+(?:does|do)\s+(?:it|you)\s+work|what\s+(?:can|do)\s+(?:it|you)\s+do|installed|enabled?|disabled?|turn\s+(?:on|off))\b/i;
/** A request about the assistant itself with Skim unnamed: `@skim help`, `@skim what can you do`. */
const ABOUT_YOU = /^(?:help|\?|what\s+(?:can|do)\s+you\s+do|what\s+are\s+you|who\s+are\s+you|how\s+do\s+(?:i\s+use\s+)?you(?:\s+work)?)\W*$/i;

const words = (text: string) => text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];

/** The request's first word once its polite opening is gone, and the opening itself. */
function leadingVerb(text: string): { verb: string | undefined; polite: boolean } {
  let rest = text.trim();
  let polite = false;
  for (let i = 0; i < 4; i++) {
    const opening = POLITE.exec(rest);
    if (!opening) break;
    rest = rest.slice(opening[0].length);
    polite = true;
  }
  return { verb: words(rest.slice(0, 40))[0], polite };
}

/** The intent by the rules, in order: an imperative change or command first, then a question about Skim, then a question or a report about the code. */
export function intentByRules(request: string): RuleRoute {
  const text = request.replace(/\s+/g, ' ').trim();
  if (!text) return { intent: 'meta', why: 'asks nothing' };
  const { verb, polite } = leadingVerb(text);
  // "Can you run …?" asks for the run, not about it; "Why does run fail?" is a question.
  if (verb && EDIT_VERBS.has(verb)) return { intent: 'edit', why: polite ? `a request to ${verb}` : `starts with "${verb}"` };
  if (verb && EXECUTE_VERBS.has(verb)) return { intent: 'execute', why: polite ? `a request to ${verb}` : `starts with "${verb}"` };
  if (ABOUT_YOU.test(text)) return { intent: 'meta', why: 'asks what @skim is' };
  const named = NAMES_SKIM.exec(text);
  const about = ABOUT_SKIM.exec(text);
  if (named && about) return { intent: 'meta', why: `names ${named[0].trim()} and asks about its ${about[0].toLowerCase()}` };
  // A tool or a setting of Skim's, named as such, is a question about Skim whatever it asks.
  if (named && /[._#]/.test(named[0])) return { intent: 'meta', why: `names ${named[0].trim()}` };
  return { intent: 'locate', why: text.endsWith('?') ? 'a question about the code' : 'a report or a question about the code' };
}

/** The options a judge chooses an intent from, in INTENTS' order. */
export const INTENT_OPTIONS: readonly string[] = [
  'a question or a bug report about the code: find where it is and explain',
  'a question about the Skim extension itself: its tools, settings, cache or how it works',
  'a request to change the code: fix, add, rename, refactor, write',
  'a request to run something: tests, a build, a command',
];
