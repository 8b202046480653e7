// Tests that start processes: each end-to-end file boots every service; the CLIs' tests run a command per step.
jest.setTimeout(120_000);
