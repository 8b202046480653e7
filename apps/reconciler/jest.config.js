module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'reconciler',
  rootDir: __dirname,
};
