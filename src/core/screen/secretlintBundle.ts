/**
 * secretlint and its recommended rules, the one module that imports them: the build makes it a
 * bundle of its own (dist/secretlint.js) that secretlintRules.ts loads on demand, so a process
 * that never needs the rules never parses them.
 */
export { lintSource } from '@secretlint/core';
export { rules as recommended } from '@secretlint/secretlint-rule-preset-recommend';
