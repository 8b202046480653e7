module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'system-e2e',
  rootDir: __dirname,
  setupFilesAfterEnv: [require.resolve('../../tools/jest/timeout-120s.js')],
};
