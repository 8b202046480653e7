module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'admin-cli',
  rootDir: __dirname,
};
