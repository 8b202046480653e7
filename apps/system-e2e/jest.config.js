module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'system-e2e',
  rootDir: __dirname,
  // Each file boots every service as a process; give them room.
  testTimeout: 120_000,
};
