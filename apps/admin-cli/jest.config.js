module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'admin-cli',
  rootDir: __dirname,
  // Its tests run the CLI as processes, several per test, each 1.5-3.5 s to start on a busy 2-core machine.
  setupFilesAfterEnv: [require.resolve('../../tools/jest/timeout-120s.js')],
};
