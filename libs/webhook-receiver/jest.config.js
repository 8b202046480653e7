module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'webhook-receiver',
  rootDir: __dirname,
};
