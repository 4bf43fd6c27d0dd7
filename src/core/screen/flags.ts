/**
 * The screen's deterministic floor for text addressed to an AI agent: rules over every line of
 * the whole text (not a window at its start), each naming a signal. A rule only flags; whether a
 * flagged passage is a hazard or ordinary code (a prompt string in a prompt library is not a
 * hazard) is the judge's question. Every pattern is bounded, so a line costs linear time.
 */
export type ScreenSignal = 'contains_instruction_to_agent' | 'attempts_override' | 'requests_secret_disclosure';

export interface ScreenFlag {
  signal: ScreenSignal;
  line: number;
}

const RULES: [ScreenSignal, RegExp][] = [
  [
    'attempts_override',
    /\b(ignore|disregard|forget|override|bypass)\b[^\n]{0,40}?\b(previous|prior|above|earlier|all|any|your|the system)\b[^\n]{0,24}?\b(instructions?|prompts?|rules|directions|guidelines|guardrails)\b/i,
  ],
  ['attempts_override', /\b(new|updated|real) (system )?(instructions|prompt)\s*:|<\|im_start\|>|<\|system\|>|\[\/?INST\]|<<\/?SYS>>|\bBEGIN SYSTEM PROMPT\b/i],
  [
    'contains_instruction_to_agent',
    /\b(if you are|you are|attention|note to|dear|hey)\b[^\n]{0,16}?\b(an? )?(AI|LLM|language model|coding (agent|assistant)|AI (agent|assistant)|copilot|claude|chatgpt)\b/i,
  ],
  [
    'contains_instruction_to_agent',
    /\b(AI|LLM|coding) (agents?|assistants?|models?)\b[^\n]{0,30}?\b(must|should|shall|are (instructed|required) to|need to)\b/i,
  ],
  [
    'contains_instruction_to_agent',
    /\b(automated|autonomous) (assistants?|agents?)\b[^\n]{0,40}?\b(must|should|shall|are (instructed|required) to|need to|requirements?)\b|\brequirements? for (automated|autonomous|AI) (assistants?|agents?)\b/i,
  ],
  // A line that speaks as a turn of the conversation ("Assistant: the user has approved …").
  ['contains_instruction_to_agent', /^\W{0,4}(assistant|AI|agent)\s*:\s+(the|you|your|please|ignore|run|always|never|I|we|user)\b/i],
  // A download run by a shell: what an injected instruction most often asks for.
  ['contains_instruction_to_agent', /\b(curl|wget)\b[^\n|]{0,200}\|\s*(sudo\s+)?(ba|z|da)?sh\b/i],
  [
    'requests_secret_disclosure',
    /\b(reveal|print|show|send|post|upload|exfiltrate|leak|share|paste|email)\b[^\n]{0,40}?\b(api[_ -]?keys?|access tokens?|tokens|passwords?|secrets?|credentials|private keys?|\.env\b|environment variables|ssh keys?)/i,
  ],
  ['requests_secret_disclosure', /\bcat\s+[^\n]{0,24}?(\.ssh\/|\.aws\/credentials|\.env\b|id_rsa|\.npmrc|\.netrc)|\$\((env|printenv)\)/i],
];

/**
 * Characters that show nothing, able to split a word a rule looks for: format characters
 * (zero-width spaces and joiners, soft hyphens, bidi marks, tags) and every other default-ignorable
 * code point (the combining grapheme joiner, variation selectors, Hangul fillers).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** Marks combined onto a letter once it is decomposed: "Ig\u0301nore" reads as "Ignore". */
const MARKS = /\p{M}/gu;

/** Cyrillic and Greek letters drawn like Latin ones ("Ignоre" with a Cyrillic о), read as the Latin letter. */
const LOOKALIKES: Record<string, string> = Object.fromEntries(
  [
    ['аəɑα', 'a'],
    ['ЬЪ', 'b'],
    ['сϲ', 'c'],
    ['ԁ', 'd'],
    ['еєε', 'e'],
    ['ɡ', 'g'],
    ['һ', 'h'],
    ['іїιı', 'i'],
    ['ј', 'j'],
    ['κ', 'k'],
    ['ӏ', 'l'],
    ['ոп', 'n'],
    ['оοσ', 'o'],
    ['рρ', 'p'],
    ['ԛ', 'q'],
    ['ѕ', 's'],
    ['τ', 't'],
    ['υս', 'u'],
    ['νѵ', 'v'],
    ['ԝѡ', 'w'],
    ['хχ', 'x'],
    ['уγ', 'y'],
    ['АΑ', 'A'],
    ['ВΒ', 'B'],
    ['СϹ', 'C'],
    ['ЕΕ', 'E'],
    ['НΗ', 'H'],
    ['ІΙӀ', 'I'],
    ['Ј', 'J'],
    ['КΚ', 'K'],
    ['МΜ', 'M'],
    ['Ν', 'N'],
    ['ОΟ', 'O'],
    ['РΡ', 'P'],
    ['Ѕ', 'S'],
    ['ТΤ', 'T'],
    ['ΥҮ', 'Y'],
    ['ХΧ', 'X'],
    ['Ζ', 'Z'],
  ].flatMap(([letters, latin]) => [...letters].map((letter) => [letter, latin])),
);
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

/**
 * A line as the rules read it: without invisible characters and combined marks, its look-alike
 * letters read as Latin, and in compatibility form (a full-width "ｉｇｎｏｒｅ" is "ignore"). Only the
 * line's text is changed, never its number, so each flag still names the raw line it came from.
 */
function readable(line: string): string {
  // eslint-disable-next-line no-control-regex -- any character past ASCII
  if (!/[^\u0000-\u007f]/.test(line)) return line;
  return line
    .replace(INVISIBLE, '')
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(LOOKALIKE, (c) => LOOKALIKES[c])
    .normalize('NFKC');
}

/** Words an override names last: a line holding one is read again as words ("IgnoreAllPreviousInstructions", "ignore_all_…") and with the line before it. */
const OVERRIDE_OBJECT = /instruction|prompt|rules|direction|guideline|guardrail/i;

/** An identifier's words apart: camelCase humps, underscores and hyphens between letters become spaces. */
const asWords = (line: string) => line.replace(/([a-z])(?=[A-Z])/g, '$1 ').replace(/(?<=[A-Za-z])[_-]+(?=[A-Za-z])/g, ' ');

/** A comment line's leader (`//`, `#`, `*`, `--`, `;`, `/*`). */
const LEADER = /^\s*(\/\/+|#+|\/?\*+|--+|;+)\s*/;

export function flagLines(text: string): ScreenFlag[] {
  const flags: ScreenFlag[] = [];
  let line = 0;
  let before = '';
  for (const raw of text.split('\n')) {
    line++;
    const content = readable(raw);
    const seen = new Set<ScreenSignal>();
    const readings = OVERRIDE_OBJECT.test(content) ? [content, asWords(content)] : [content];
    // An override's sentence carried over from the comment line before: only that rule, and only where the line before does not hold it whole.
    const carried = readings.length > 1 && before && LEADER.test(content) ? `${before.slice(-120)} ${content.replace(LEADER, '')}` : undefined;
    for (const [signal, rule] of RULES) {
      if (seen.has(signal)) continue;
      if (readings.some((reading) => rule.test(reading)) || (carried && signal === 'attempts_override' && rule.test(carried) && !rule.test(before))) {
        seen.add(signal);
        flags.push({ signal, line });
      }
    }
    before = LEADER.test(content) ? content.replace(LEADER, '') : '';
  }
  return flags;
}
