import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * Web boundaries (as bulletproof-react draws them): a feature imports shared pieces (api/,
 * components/, hooks/, lib/), the app's state and theme (app/slices, app/theme) and the contract,
 * never another feature; app/ and layout/ compose features; shared folders import no feature.
 * Import paths are matched as written (relative), one block per feature folder.
 */
const WEB = 'apps/web/src';
const FEATURES = readdirSync(new URL(`./${WEB}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const UP = String.raw`^(?:\.\./)+`;
const TESTS = ['**/*.test.{ts,tsx}'];

function restrictImports(patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

function otherFeatures(feature) {
  const others = FEATURES.filter((f) => f !== feature).join('|');
  return {
    regex: String.raw`${UP}(?:features/)?(?:${others})(?:/|$)`,
    message:
      'Features never import from each other: move the shared piece to api/, components/, hooks/ or lib/.',
  };
}

const APP_INTERNALS = {
  regex: String.raw`${UP}(?:app/(?!slices/|theme/)|layout/)`,
  message:
    'A feature uses app/slices and app/theme only; app/ and layout/ compose features, not the other way.',
};

const webBoundaries = FEATURES.flatMap((feature) => [
  {
    files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictImports([otherFeatures(feature), APP_INTERNALS]),
  },
  {
    // A test builds the app around its feature (store, start-up load) but still uses no other feature.
    files: TESTS.map((t) => `${WEB}/features/${feature}/${t}`),
    rules: restrictImports([otherFeatures(feature)]),
  },
]).concat({
  files: ['api', 'components', 'hooks', 'lib'].map((dir) => `${WEB}/${dir}/**/*.{ts,tsx}`),
  ignores: TESTS,
  rules: restrictImports([
    {
      regex: String.raw`${UP}(?:features|layout)/`,
      message: 'Shared folders are feature-free: features import them, never the other way.',
    },
  ]),
});

/**
 * API boundaries (issue 22): a feature imports another only through that feature's index.ts, its
 * public face (what it offers the others); never one of its files, its repository least of all.
 * lib/, plugins/ and db/ are shared; app.ts composes. Tests may reach into any feature for fixtures.
 */
const API = 'apps/api/src';
const API_FEATURES = readdirSync(new URL(`./${API}/features`, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const throughIndex = (feature) => ({
  regex: String.raw`^\.\./(?!${feature}/)[a-z-]+/(?!index\.ts$)`,
  message:
    "A feature imports another only through its index.ts: export what you need there (never reach into another feature's files or repository).",
});

/**
 * No feature hands out its repository (issue 22): an index offers named loaders and services
 * (`usersReads`, `taskTallies`, ...), so importing a `*Repo` from any feature's index is an error,
 * and so is an index that exports one (below).
 */
const NO_REPO_FROM_INDEX = {
  regex: String.raw`(?:^\.\./|/features/)[a-z-]+/index\.ts$`,
  importNamePattern: 'Repo$',
  message:
    "Features offer loaders, not repositories: use (or add) a named loader in the feature's <feature>.loaders.ts, exported from its index.ts.",
};

/** Handlers never touch the database client: data access lives in *.repo.ts. */
const NO_DB_IN_ROUTES = {
  group: ['**/db/client*', 'drizzle-orm*'],
  message: 'Routes call repositories or services, never the db.',
};

const apiBoundaries = API_FEATURES.flatMap((feature) => [
  {
    files: [`${API}/features/${feature}/**/*.ts`],
    ignores: TESTS,
    rules: restrictImports([throughIndex(feature), NO_REPO_FROM_INDEX]),
  },
  {
    files: [`${API}/features/${feature}/**/*.routes.ts`],
    rules: restrictImports([throughIndex(feature), NO_REPO_FROM_INDEX, NO_DB_IN_ROUTES]),
  },
])
  .concat({
    // What composes the features (app.ts, change-subscribers.ts, jobs, the seed) takes no repository either.
    files: [`${API}/**/*.ts`],
    ignores: [...TESTS, `${API}/features/**`],
    rules: restrictImports([NO_REPO_FROM_INDEX]),
  })
  .concat({
    files: [`${API}/features/*/index.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ExportSpecifier:matches([local.name=/Repo$/], [exported.name=/Repo$/])',
          'ExportNamedDeclaration VariableDeclarator[id.name=/Repo$/]',
          'ExportAllDeclaration',
        ].map((selector) => ({
          selector,
          message:
            "A feature's index.ts exports no repository (and no `export *`): offer a named loader from <feature>.loaders.ts.",
        })),
      ],
    },
  });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      'apps/api/src/db/migrations/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...webBoundaries,
  ...apiBoundaries,
);
