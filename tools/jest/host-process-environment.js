// jest's node environment, plus a way for test code to reach the process it really runs in.
//
// Inside a test file `process` is a copy jest makes for that file, with event listeners of its
// own that the real process never calls: no 'exit', no SIGINT or SIGTERM. What must be stopped
// when a test process ends (the private Postgres and Redis, a stack's services:
// libs/testing/src/stop-at-exit.ts) registers on the real one, found under this symbol; without
// it, stopping a test run (Ctrl-C, a cancelled CI job) left them running.
const { TestEnvironment } = require('jest-environment-node');

const HOST_PROCESS = Symbol.for('momo.testing.hostProcess');

class HostProcessEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global[HOST_PROCESS] = process;
  }
}

module.exports = HostProcessEnvironment;
