module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'platform',
  rootDir: __dirname,
};
