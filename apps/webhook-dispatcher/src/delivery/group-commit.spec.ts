import { GroupCommit } from './group-commit';

describe('group commit', () => {
  it('sends a lone write at once, and groups the writes that arrive while the line is busy', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const group = new GroupCommit<number, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await busy;
      return items.map((n) => `done ${n}`);
    }, 1);
    const first = group.submit(1);
    const rest = [2, 3, 4].map((n) => group.submit(n));
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('done 1');
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails every write of a batch whose statement failed, and carries on', async () => {
    let calls = 0;
    const group = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('connection lost');
      return items;
    });
    await expect(group.submit(1)).rejects.toThrow('connection lost');
    expect(await group.submit(2)).toBe(2);
  });

  it('keeps batches within the size limit', async () => {
    const sizes: number[] = [];
    const group = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return items;
    }, 1, 3);
    await Promise.all(Array.from({ length: 10 }, (_, i) => group.submit(i)));
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(10);
  });
});
