import { ConfigError, loadConfig } from '@momo/platform';
import { OperatorAdapterConfig } from './operator-adapter.config';

describe('OperatorAdapterConfig', () => {
  const rechecks = (value?: string) => loadConfig(OperatorAdapterConfig, value === undefined ? {} : { CALLBACK_RECHECK_DELAYS_MS: value }).callbackRecheckDelays;

  it("asks again after a callback at 1 s and 3 s unless told otherwise; '0' turns it off", () => {
    expect(rechecks()).toEqual([1_000, 3_000]);
    expect(rechecks('500')).toEqual([500]);
    expect(rechecks('0')).toEqual([]);
  });

  it('refuses delays that are not whole milliseconds', () => {
    for (const bad of ['1000,', '1.5', '-1', '1000,0', 'soon']) expect(() => rechecks(bad)).toThrow(ConfigError);
  });
});
