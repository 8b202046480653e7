module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'merchant-dashboard',
  rootDir: __dirname,
};
