module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'money-requests',
  rootDir: __dirname,
};
