module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'sdk',
  rootDir: __dirname,
  setupFilesAfterEnv: [require.resolve('../../tools/jest/timeout-120s.js')],
};
