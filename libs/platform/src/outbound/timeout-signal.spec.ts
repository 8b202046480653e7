import { withTimeoutSignal } from './timeout-signal';

describe('withTimeoutSignal', () => {
  it('aborts work that outlives the limit with a TimeoutError', async () => {
    const aborted = withTimeoutSignal(20, (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))));
    await expect(aborted).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('never aborts the signal of work that finished in time', async () => {
    let seen: AbortSignal | undefined;
    expect(await withTimeoutSignal(20, async (signal) => ((seen = signal), 'done'))).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(seen?.aborted).toBe(false);
  });
});
