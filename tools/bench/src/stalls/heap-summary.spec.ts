import { SamplingHeapProfile, summariseHeapProfile } from './heap-summary';

type ProfileNode = SamplingHeapProfile['head'];

const node = (functionName: string, url: string, selfSize: number, children: ProfileNode[] = []): ProfileNode => ({
  callFrame: { functionName, url, lineNumber: 9 },
  selfSize,
  children,
});

describe('summariseHeapProfile', () => {
  it('adds the bytes by package and by the innermost frame of our own code on the stack', () => {
    const profile = {
      head: node('(root)', '', 0, [
        node('processJob', 'file:///work/dist/libs/platform/src/queue/job-handler-host.js', 100, [
          node('validateSync', 'file:///work/node_modules/class-validator/cjs/validation/Validator.js', 400, [node('filter', '', 50)]),
          node('query', 'file:///work/node_modules/@scope/pg-thing/lib/client.js', 200),
        ]),
        node('readFile', 'node:fs', 30),
        node('(garbage collector)', '', 20),
      ]),
    };

    const summary = summariseHeapProfile(profile);

    expect(summary.totalBytes).toBe(800);
    expect(summary.byPackage).toEqual([
      ['class-validator', 400],
      ['@scope/pg-thing', 200],
      ['ours', 100],
      ['(native)', 70],
      ['node', 30],
    ]);
    expect(summary.byOwnFrame).toEqual([
      ['processJob libs/platform/src/queue/job-handler-host.js:10', 750],
      ['(none)', 50],
    ]);
  });
});
