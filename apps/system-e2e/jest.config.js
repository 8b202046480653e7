module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'system-e2e',
  rootDir: __dirname,
};
