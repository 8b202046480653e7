import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentSettings } from './experiment-settings';

describe('experimentSettings (BENCH_SERVICE_SETTINGS)', () => {
  let root: string;
  let serviceSrc: string;
  let libSrc: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'experiment-settings-'));
    serviceSrc = join(root, 'apps', 'payments-core', 'src');
    libSrc = join(root, 'libs', 'platform', 'src', 'config');
    mkdirSync(serviceSrc, { recursive: true });
    mkdirSync(libSrc, { recursive: true });
    writeFileSync(join(serviceSrc, 'payments-core.config.ts'), 'export class PaymentsCoreConfig {\n  @IsInt() RPC_BATCHES_IN_FLIGHT: number = 4;\n}\n');
    writeFileSync(join(libSrc, 'base.config.ts'), 'export class BaseConfig {\n  @IsIn(["info", "warn"]) LOG_LEVEL = "info";\n}\n');
    // A name seen only in a test is not a setting any service reads.
    writeFileSync(join(serviceSrc, 'payments-core.config.spec.ts'), 'process.env.ONLY_IN_A_SPEC = "1";\n');
    writeFileSync(join(serviceSrc, 'batches.int-spec.ts'), 'process.env.ONLY_IN_AN_INT_SPEC = "1";\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const roots = () => [join(root, 'apps', 'payments-core', 'src'), join(root, 'libs', 'platform', 'src')];

  it('gives none when it is unset', () => {
    expect(experimentSettings('', roots())).toEqual({});
  });

  it('passes settings a service declares, from its own sources or a library nested below its src', () => {
    expect(experimentSettings('{"RPC_BATCHES_IN_FLIGHT":"1","LOG_LEVEL":"warn"}', roots())).toEqual({ RPC_BATCHES_IN_FLIGHT: '1', LOG_LEVEL: 'warn' });
  });

  it('refuses a misspelt setting, naming it, rather than run the stack as built under an experiment label', () => {
    expect(() => experimentSettings('{"RPC_BATCHES_IN_FLIGHT":"1","RPC_BATCHES_IN_FLGHT":"2"}', roots())).toThrow(
      'BENCH_SERVICE_SETTINGS names settings no service declares: RPC_BATCHES_IN_FLGHT',
    );
  });

  it('does not count a part of a longer name, or a name that only tests mention', () => {
    expect(() => experimentSettings('{"RPC_BATCHES":"1"}', roots())).toThrow('no service declares: RPC_BATCHES');
    expect(() => experimentSettings('{"ONLY_IN_A_SPEC":"1","ONLY_IN_AN_INT_SPEC":"1"}', roots())).toThrow('no service declares: ONLY_IN_A_SPEC, ONLY_IN_AN_INT_SPEC');
  });

  it('refuses what is not a JSON object of strings, or a name no environment variable can have', () => {
    expect(() => experimentSettings('RPC_BATCHES_IN_FLIGHT=1', roots())).toThrow('must be a JSON object of strings');
    expect(() => experimentSettings('{"RPC_BATCHES_IN_FLIGHT":1}', roots())).toThrow('must be a JSON object of strings');
    expect(() => experimentSettings('["RPC_BATCHES_IN_FLIGHT"]', roots())).toThrow('must be a JSON object of strings');
    expect(() => experimentSettings('{"RPC.*":"1"}', roots())).toThrow('not a setting\'s name: "RPC.*"');
  });
});
