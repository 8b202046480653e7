import { wholeOrEachAlone } from './whole-or-each-alone';

describe('wholeOrEachAlone', () => {
  it('writes the batch once when it is accepted', async () => {
    const writes: number[][] = [];
    const results = await wholeOrEachAlone([1, 2, 3], async (items) => (writes.push(items), items.map((n) => n * 10)));
    expect(results).toEqual([10, 20, 30]);
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('writes each item alone, in arrival order, once the batch is refused, so a bad one fails alone', async () => {
    const writes: number[][] = [];
    const splits: unknown[] = [];
    const results = await wholeOrEachAlone(
      [1, 2, 3],
      async (items) => {
        writes.push(items);
        if (items.includes(2)) throw new Error('refused');
        return items.map((n) => n * 10);
      },
      (error) => splits.push(error),
    );
    expect(results).toEqual([10, new Error('refused'), 30]);
    expect(writes).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(splits).toHaveLength(1);
  });
});
