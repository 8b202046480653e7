// Lint runs one rule: Nx module boundaries, which encode the layering below on the project tags
// (project.json). The architecture test (apps/system-e2e) runs it and expects no violation.
import nx from '@nx/eslint-plugin';
import tsParser from '@typescript-eslint/parser';

const SERVICE_LIBS = ['scope:domain', 'scope:contracts', 'scope:platform', 'scope:data', 'scope:feature'];

/** What production code may import. */
const layers = (extra = {}) => [
  // Plain rules: money, msisdn, state machine. Nothing else.
  { sourceTag: 'scope:domain', onlyDependOnLibsWithTags: [] },
  // The shapes services and merchants share: built on the domain only.
  { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: ['scope:domain'] },
  // Config, logging, queues, health, the service foundation: never the database layer.
  { sourceTag: 'scope:platform', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts'] },
  { sourceTag: 'scope:data', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts', 'scope:platform'] },
  // What the gateway and the dashboard share to move money.
  { sourceTag: 'scope:feature', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts', 'scope:platform', 'scope:data'] },
  // The merchant-side packages (webhook receiver, SDK) carry no server code.
  { sourceTag: 'scope:client', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts', 'scope:client', ...(extra.client ?? [])] },
  { sourceTag: 'scope:testing', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts', 'scope:platform', 'scope:data'] },
  // Services depend on libs only (never on each other: Nx forbids importing apps), and not on test code.
  { sourceTag: 'type:app', onlyDependOnLibsWithTags: [...SERVICE_LIBS, ...(extra.app ?? [])] },
  { sourceTag: 'type:web', onlyDependOnLibsWithTags: ['scope:domain', 'scope:contracts'] },
  { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
];

const boundaries = (extra) => ['error', { allow: [], depConstraints: layers(extra) }];

/** Tests and their harnesses may also use libs/testing (and the SDK's end-to-end tests the database). */
const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/src/testing/**/*.ts'];

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', 'tmp/**', 'libs/sdk/src/generated/**', 'libs/sdk/package/**'] },
  {
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'libs/**/*.ts', 'tools/**/*.ts'],
    languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
    plugins: { '@nx': nx },
    rules: { '@nx/enforce-module-boundaries': boundaries() },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: layers({ app: ['scope:testing'], client: ['scope:testing', 'scope:data'] }).map((c) =>
            c.sourceTag.startsWith('scope:') && !['scope:domain', 'scope:client', 'scope:testing'].includes(c.sourceTag)
              ? { ...c, onlyDependOnLibsWithTags: [...c.onlyDependOnLibsWithTags, 'scope:testing'] }
              : c,
          ),
          // A library's integration tests use libs/testing, which is built on that library.
          ignoredCircularDependencies: [
            ['data', 'testing'],
            ['platform', 'testing'],
            ['contracts', 'testing'],
          ],
        },
      ],
    },
  },
];
