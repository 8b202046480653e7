// Shared jest settings for every project: TypeScript through swc (same settings as the build,
// minus the build's exclusion of test files), path aliases from tsconfig.base.json.
const fs = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
delete swcrc.exclude;
delete swcrc.$schema;
swcrc.swcrc = false;
swcrc.jsc.baseUrl = __dirname;

module.exports = {
  // jest's node environment, plus the real process for what must stop with it (the file says why).
  testEnvironment: require.resolve('./tools/jest/host-process-environment.js'),
  transform: { '^.+\\.ts$': ['@swc/jest', swcrc] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.int-spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
  setupFiles: ['reflect-metadata'],
  // Integration tests talk to the real Postgres and Redis on this machine (testTimeout is a
  // global-only option, so the per-project timeout is set from a setup file).
  setupFilesAfterEnv: [require.resolve('./tools/jest/timeout-30s.js')],
};
