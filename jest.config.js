// One jest run over every project, so `npm test` prints one set of totals.
module.exports = {
  projects: ['<rootDir>/apps/*/jest.config.js', '<rootDir>/libs/*/jest.config.js', '<rootDir>/tools/*/jest.config.js'],
  // Two test files at a time even on a 2-core machine (jest's default there is one): most of a
  // file's time is spent waiting on the processes, Postgres and Redis it talks to, and every
  // file has its own database, queue prefix and ports. Serially the suite took about 20 minutes
  // on the CI machine; two at a time, 7 to 15 depending on the VM.
  maxWorkers: 2,
};
