// @ts-check
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettierConfig from 'eslint-config-prettier'
import globals from 'globals'

const platformImports = {
  patterns: [
    {
      group: ['vue', 'vue/*', 'pinia', 'dexie', 'dexie/*', 'electron', 'electron/*', 'vue-router'],
      message: 'shared/ is the pure rules engine: no UI, storage or Electron imports (design.md).',
    },
    {
      group: ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto'],
      message: 'shared/ is pure: pass time, randomness and file contents in (design.md).',
    },
    {
      group: ['**/renderer/**', '**/electron/**'],
      message: 'Arrows point one way: shared/ imports nothing of renderer/ or electron/.',
    },
  ],
}

/** renderer -> shared, and renderer -> electron/ipc-contract for types only (design.md). */
function rendererImports(forbidDexie) {
  return {
    paths: [
      { name: 'electron', message: 'The renderer reaches the OS only through window.rackside.' },
    ],
    patterns: [
      {
        regex: '^electron/',
        message: 'The renderer reaches the OS only through window.rackside.',
      },
      {
        regex: '(^|/)electron/(main|preload|cli|scripts)(/|$)',
        message: 'The renderer reaches the OS only through window.rackside (ipc-contract.ts).',
      },
      {
        regex: '(^|/)electron/ipc-contract$',
        allowTypeImports: true,
        message: 'Only types come from the IPC contract.',
      },
      ...(forbidDexie
        ? [
            {
              regex: '^dexie(/|$)',
              message: 'Dexie lives only in renderer/src/db/, behind the repository.',
            },
          ]
        : []),
    ],
  }
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'dist-web/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] },
    },
  },
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'SwitchStatement > SwitchCase[test=null]',
          message:
            'No default in a switch over a domain union: a new case must break every switch that misses it.',
        },
      ],
    },
  },
  {
    // A switch over a union that misses a member fails the lint (house rule 2): the rule needs the
    // types, so TypeScript and Vue files are linted with their own tsconfig projects.
    files: ['**/*.ts', '**/*.vue'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts', 'shared/**/*.bench.ts', 'shared/**/test-support/**'],
    rules: {
      'no-restricted-imports': ['error', platformImports],
      'no-restricted-globals': [
        'error',
        { name: 'Date', message: 'Pass `now` in: shared/ must be deterministic.' },
        { name: 'window', message: 'shared/ has no DOM.' },
        { name: 'document', message: 'shared/ has no DOM.' },
        { name: 'process', message: 'shared/ has no Node.' },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'Use the seeded RNG from shared/random.ts.',
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', rendererImports(false)],
    },
  },
  {
    files: ['renderer/src/**/*.{ts,vue}'],
    ignores: ['renderer/src/db/**'],
    rules: {
      'no-restricted-imports': ['error', rendererImports(true)],
    },
  },
  {
    files: ['electron/**/*.{ts,mjs,cjs}', 'e2e/**/*.ts', '*.config.{ts,js}', '.ci/**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Issue 27: the authority's server had grown into one 560-line closure; each concern is a
    // module of its own, and no function there grows past what a reader holds in view.
    files: ['electron/venue/**/*.ts'],
    ignores: ['electron/venue/**/*.test.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.bench.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The main process and the CLI reach what the app also does through shared/ (a use-case both
    // call), never through the renderer: the renderer's code may hold the DOM, Vue or Dexie, and
    // what the CLI bundles must not. A test may still read a page with the results site's own
    // reader (renderer/results-site), which is what it checks against.
    files: ['electron/**/*.{ts,mjs,cjs}'],
    ignores: ['electron/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/renderer/**', '**/renderer'],
              message:
                'electron/ imports nothing of renderer/: move what both need into shared/ (docs/architecture.md, "Layers").',
            },
          ],
        },
      ],
      // A later setting of a rule replaces the earlier one for these files, so the switch rule
      // above is said again beside the check of `import('…')`, which no-restricted-imports skips.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'SwitchStatement > SwitchCase[test=null]',
          message:
            'No default in a switch over a domain union: a new case must break every switch that misses it.',
        },
        {
          selector: 'ImportExpression[source.value=/(^|\\/)renderer(\\/|$)/]',
          message:
            'electron/ imports nothing of renderer/: move what both need into shared/ (docs/architecture.md, "Layers").',
        },
      ],
    },
  },
  prettierConfig,
)
