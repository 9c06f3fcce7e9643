// ESLint: typescript-eslint's recommended rules (syntax only, no type information: it keeps `npm run lint` to
// seconds on two cores) and a 120-character line limit that Prettier cannot keep for comments and strings.
// Formatting itself is Prettier's (npm run format); nothing here argues with it.
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'libs/codecs/src/generated/',
      'dist/',
      'coverage/',
      'bench-results/',
      'test-output/',
      '.cache/',
      '.device-bundle/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@stylistic': stylistic },
    rules: {
      '@stylistic/max-len': ['error', { code: 120, comments: 120, ignoreUrls: true }],
      // A leading underscore names what is there to be left out (a destructured field, a callback's argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Terminal output is this project's to read: ANSI escapes and control characters are matched on purpose.
      'no-control-regex': 'off',
      // `let x;` assigned once after a closure that reads it is declared (a server's handler, an abort listener).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A ternary or && chosen for its side effects reads as the branch it is.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // The plain-CommonJS scripts under scripts/ load as they are, before anything is built.
      '@typescript-eslint/no-require-imports': ['error', { allow: ['\\.js$'], allowAsImport: true }],
    },
  },
  {
    // The scripts npm runs before anything is built: plain CommonJS on Node.
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // What screenshots.js hands to the browser (page.evaluate) runs there.
    files: ['scripts/screenshots.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests poke at parsed JSON and private seams, where `any` says "whatever the app wrote" more plainly than casts.
    files: [
      '**/*.spec.ts',
      '**/*.e2e-spec.ts',
      '**/*.bench-spec.ts',
      '**/*.fixtures.ts',
      '**/fixtures/**',
      'test/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
