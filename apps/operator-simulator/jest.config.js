module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'operator-simulator',
  rootDir: __dirname,
};
