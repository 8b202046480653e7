// One jest run over every project, so `npm test` prints one set of totals.
module.exports = {
  projects: ['<rootDir>/apps/*/jest.config.js', '<rootDir>/libs/*/jest.config.js'],
};
