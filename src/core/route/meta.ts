import { OPTION_NAMES, OPTIONS } from '../config/options';

/**
 * A question about Skim itself, answered from Skim's own tables and state with no model call:
 * which of them it asks after, and the settings it names.
 */
export type MetaTopic = 'tools' | 'settings' | 'cache' | 'about';

export interface SettingRow {
  setting: string;
  description: string;
  default: string;
}

export interface MetaAnswer {
  topic: MetaTopic;
  /** The settings the question names (`skim.judge.mode`, "judge"), or every setting when it names none. */
  settings: SettingRow[];
}

const TOPICS: [MetaTopic, RegExp][] = [
  ['cache', /\b(?:cache[sd]?|caching|stored|storage)\b/i],
  ['settings', /\b(?:settings?|options?|config(?:ure|uration)?|skim\.[a-z][\w.]*|turn\s+(?:on|off)|enabled?|disabled?)\b/i],
  ['tools', /\b(?:tools?|commands?|mcp|skim_[a-z_]+|#skim[A-Z]\w*)\b/i],
];

const settingRows = (): SettingRow[] =>
  OPTION_NAMES.flatMap((name) => {
    const spec = OPTIONS[name];
    return spec.setting ? [{ setting: spec.setting, description: spec.description, default: String(spec.default) }] : [];
  });

/** The settings a question names: by their key (`skim.judge.mode`), else by a word of the key after `skim.` ("judge", "team"); none named, all. */
function namedSettings(question: string, rows: SettingRow[]): SettingRow[] {
  const text = question.toLowerCase();
  const byKey = rows.filter((r) => text.includes(r.setting.toLowerCase()));
  if (byKey.length) return byKey;
  const words = new Set(text.match(/[a-z]+/g) ?? []);
  words.delete('skim');
  const byWord = rows.filter((r) =>
    r.setting
      .toLowerCase()
      .split(/[.]/)
      .slice(1, 2)
      .some((part) => words.has(part)),
  );
  return byWord.length ? byWord : rows;
}

export function metaAnswer(question: string): MetaAnswer {
  const topic = TOPICS.find(([, pattern]) => pattern.test(question))?.[0] ?? 'about';
  return { topic, settings: topic === 'settings' ? namedSettings(question, settingRows()) : [] };
}
