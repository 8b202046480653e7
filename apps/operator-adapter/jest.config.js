module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'operator-adapter',
  rootDir: __dirname,
};
