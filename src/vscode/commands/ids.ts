/** Every command the extension registers, as package.json's `contributes.commands` lists them (test/unit/package.test.ts holds the two the same). */
export const SKIM_COMMANDS = [
  'skim.summarizeFile',
  'skim.showMap',
  'skim.showSavings',
  'skim.forgetFile',
  'skim.revealInMap',
  'skim.revealLines',
  'skim.installReadHook',
  'skim.removeReadHook',
  'skim.chooseModel',
  'skim.setJudgeKey',
  'skim.setTeamCacheUrl',
  'skim.forgetTeamFile',
  'skim.clearCache',
] as const;

export type SkimCommand = (typeof SKIM_COMMANDS)[number];

/** What runs some of the commands, by id: each part of the extension gives its own, and the table holds them all. */
export type CommandHandlers<K extends SkimCommand = SkimCommand> = { [C in K]: (...args: never[]) => unknown };
