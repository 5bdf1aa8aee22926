import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['.output/**', '.wxt/**', 'node_modules/**', 'dist/**', 'docs/**/*.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Page data is untrusted: never build markup or code from strings.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Render page data as text.' },
        { property: 'outerHTML', message: 'Render page data as text.' },
        { property: 'insertAdjacentHTML', message: 'Render page data as text.' },
      ],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render page data as text.' },
      ],
    },
  },
  {
    // WXT auto-imports these globals in entrypoints.
    files: ['entrypoints/**'],
    languageOptions: {
      globals: { defineBackground: 'readonly', defineContentScript: 'readonly', browser: 'readonly', defineUnlistedScript: 'readonly' },
    },
  },
);
