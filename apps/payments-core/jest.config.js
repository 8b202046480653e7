module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'payments-core',
  rootDir: __dirname,
};
