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

/** Format characters (zero-width spaces and joiners, soft hyphens, bidi marks, tags): invisible, and able to split a word a rule looks for. */
const INVISIBLE = /\p{Cf}/gu;

/**
 * A line as the rules read it: without invisible characters, and in compatibility form (a
 * full-width "ｉｇｎｏｒｅ" is "ignore"). Only the line's text is changed, never its number, so each
 * flag still names the raw line it came from.
 */
function readable(line: string): string {
  // eslint-disable-next-line no-control-regex -- any character past ASCII
  return /[^\u0000-\u007f]/.test(line) ? line.replace(INVISIBLE, '').normalize('NFKC') : line;
}

export function flagLines(text: string): ScreenFlag[] {
  const flags: ScreenFlag[] = [];
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const content = readable(raw);
    const seen = new Set<ScreenSignal>();
    for (const [signal, rule] of RULES) {
      if (!seen.has(signal) && rule.test(content)) {
        seen.add(signal);
        flags.push({ signal, line });
      }
    }
  }
  return flags;
}
