module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'data',
  rootDir: __dirname,
};
