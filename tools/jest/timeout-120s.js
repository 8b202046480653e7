// Each end-to-end file boots every service as a process.
jest.setTimeout(120_000);
