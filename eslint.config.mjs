// Lint rules for Skim's TypeScript: typescript-eslint's recommended set, plus the rules that keep
// the code plain (no unused code, no stray console output from the engine).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '.bench/**', 'test/fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    // Modules loaded only when needed (the hook's cheap start: V8's flags, node:crypto, node:net; pg only with a team cache) are
    // required lazily on purpose.
    files: [
      'src/cli/cliMain.ts',
      'src/cli/codeCache.ts',
      'src/core/files/sha256.ts',
      'src/core/hook/remoteMaps.ts',
      'src/core/cache/teamCache.ts',
      'src/core/screen/secretlintRules.ts',
      'test/reporter.js',
      'test/unit/hookInstall.test.ts',
    ],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', require: 'readonly', module: 'writable', __dirname: 'readonly' } },
  },
);
