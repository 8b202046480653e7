module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'ops-console',
  rootDir: __dirname,
};
