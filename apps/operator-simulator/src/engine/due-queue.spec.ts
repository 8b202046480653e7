import { DueQueue } from './due-queue';

describe('DueQueue', () => {
  it('gives back what is due, earliest first, and keeps the rest', () => {
    const queue = new DueQueue<string>();
    for (const [at, item] of [[50, 'c'], [10, 'a'], [90, 'e'], [30, 'b'], [70, 'd']] as const) queue.push(at, item);
    expect(queue.takeDue(60, 10)).toEqual(['a', 'b', 'c']);
    expect(queue.takeDue(60, 10)).toEqual([]);
    expect(queue.takeDue(100, 1)).toEqual(['d']);
    expect(queue.size).toBe(1);
    expect(queue.takeDue(100, 10)).toEqual(['e']);
  });

  it('orders many items', () => {
    const queue = new DueQueue<number>();
    const times = Array.from({ length: 500 }, (_, i) => (i * 7919) % 1000);
    for (const t of times) queue.push(t, t);
    expect(queue.takeDue(Infinity, 1000)).toEqual([...times].sort((a, b) => a - b));
  });
});
