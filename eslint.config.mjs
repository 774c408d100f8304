// ESLint: the recommended rules of ESLint and typescript-eslint, and the rules of hooks for the
// components. `npm run lint` runs it with --max-warnings 0, and `npm test` runs `npm run lint`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/',
      // The build without the performance layer (npm run build:stock).
      'build-stock/',
      // The builds of the scale harness (npm run bench:scale).
      'build-scale/',
      // The builds of the ledger bench, one per unit switched off (npm run bench:ledger).
      'build-ledger/',
      // The deploy tool bundled for its own install (npm run deploy:bundle).
      'dist/',
      '.docusaurus/',
      '.generated/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'playwright-report-stock/',
      // Generated from the OpenAPI files before every build.
      'docs/api/',
      'versioned_docs/version-1.0.0/api/',
      'versioned_sidebars/',
      'static/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {...globals.browser, ...globals.node},
    },
    rules: {
      // A parameter a signature needs but the body does not is named with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_'}],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    // The rules of hooks. The plugin's other recommended rules check code for the React Compiler,
    // which this site does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // CommonJS files (the bundler's loaders) can only load what they use with require().
    files: ['**/*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
);
