import { MicroBatcher } from './micro-batcher';

describe('MicroBatcher', () => {
  it('flushes a lone item at once, and items arriving during a flush together in the next', async () => {
    const flushed: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = new MicroBatcher<number, number>(async (items) => {
      flushed.push(items);
      if (flushed.length === 1) await gate;
      return items.map((n) => n * 10);
    });
    const first = batcher.submit(1);
    const rest = [2, 3, 4].map((n) => batcher.submit(n));
    expect(flushed).toEqual([[1]]);
    release();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(flushed).toEqual([[1], [2, 3, 4]]);
  });

  it('with gatherTurn, sends everything submitted in one turn of the event loop as one flush', async () => {
    const flushed: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        flushed.push(items);
        return items;
      },
      { maxBatch: 100, maxConcurrentFlushes: 1, gatherTurn: true },
    );
    const results = await Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    expect(results).toEqual([1, 2, 3]);
    expect(flushed).toEqual([[1, 2, 3]]);
  });

  it('fails every item of a flush that throws before returning a promise', async () => {
    const batcher = new MicroBatcher<number, number>(() => {
      throw new Error('thrown synchronously');
    });
    await expect(batcher.submit(1)).rejects.toThrow('thrown synchronously');
  });

  it('fails only the items the flush says failed, and every item when the flush throws', async () => {
    const perItem = new MicroBatcher<number, number>(async (items) => items.map((n) => (n === 2 ? new Error('bad 2') : n)));
    const results = await Promise.allSettled([1, 2, 3].map((n) => perItem.submit(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    let flushes = 0;
    const broken = new MicroBatcher<number, number>(async (items) => {
      if (++flushes === 1) throw new Error('database down');
      return items;
    });
    await expect(broken.submit(1)).rejects.toThrow('database down');
    // and carries on: the next flush is not held by the failed one
    expect(await broken.submit(2)).toBe(2);
  });

  it('never puts more than maxBatch items in one flush', async () => {
    const sizes: number[] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        sizes.push(items.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return items;
      },
      { maxBatch: 3, maxConcurrentFlushes: 1 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, i) => batcher.submit(i)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
  });

  it('with lingerMs, holds items arriving one by one so that they leave together', async () => {
    const flushed: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        flushed.push(items);
        return items;
      },
      { maxBatch: 100, maxConcurrentFlushes: 1, lingerMs: 40 },
    );
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const first = batcher.submit(1);
    await sleep(5);
    const second = batcher.submit(2);
    await sleep(5);
    const third = batcher.submit(3);
    expect(flushed).toEqual([]);
    expect(await Promise.all([first, second, third])).toEqual([1, 2, 3]);
    expect(flushed).toEqual([[1, 2, 3]]);
  });

  it('with lingerMs, sends a full batch at once', async () => {
    const flushed: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => {
        flushed.push(items);
        return items;
      },
      { maxBatch: 2, maxConcurrentFlushes: 1, lingerMs: 60_000 },
    );
    expect(await Promise.all([1, 2].map((n) => batcher.submit(n)))).toEqual([1, 2]);
    expect(flushed).toEqual([[1, 2]]);
  });

  describe('with lingerWhenBusyMs', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const recording = () => {
      const flushed: number[][] = [];
      const batcher = new MicroBatcher<number, number>(
        async (items) => {
          flushed.push(items);
          return items;
        },
        { maxBatch: 100, maxConcurrentFlushes: 1, lingerWhenBusyMs: 5 },
      );
      return { flushed, batcher };
    };

    it('sends each item at once while items come seldom', async () => {
      const { flushed, batcher } = recording();
      for (let n = 1; n <= 30; n++) {
        void batcher.submit(n);
        expect(flushed.at(-1)).toEqual([n]);
        await jest.advanceTimersByTimeAsync(50);
      }
    });

    it('holds items for others while they come often, and sends at once again when they come seldom', async () => {
      const { flushed, batcher } = recording();
      const results: Promise<number>[] = [];
      for (let n = 1; n <= 60; n++) {
        results.push(batcher.submit(n));
        await jest.advanceTimersByTimeAsync(1);
      }
      await jest.advanceTimersByTimeAsync(10);
      expect(await Promise.all(results)).toEqual(results.map((_, i) => i + 1));
      expect(flushed.flat()).toEqual(results.map((_, i) => i + 1));
      // The first items, after a quiet start, left alone; once one came every millisecond, five or so left together.
      expect(flushed[0]).toEqual([1]);
      expect(flushed.at(-2)!.length).toBeGreaterThanOrEqual(4);

      await jest.advanceTimersByTimeAsync(2_000);
      void batcher.submit(61);
      expect(flushed.at(-1)).toEqual([61]);
    });
  });
});
