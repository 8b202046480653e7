/**
 * Items by the time they fall due (a binary min-heap): the simulated customers' answers the timer
 * knows about, so it asks the database only when one is due.
 */
export class DueQueue<T> {
  private readonly heap: { at: number; item: T }[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(at: number, item: T): void {
    const heap = this.heap;
    heap.push({ at, item });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent].at <= heap[i].at) break;
      [heap[parent], heap[i]] = [heap[i], heap[parent]];
      i = parent;
    }
  }

  /** Removes and returns up to `limit` items due at `now` or before, earliest first. */
  takeDue(now: number, limit: number): T[] {
    const out: T[] = [];
    while (out.length < limit && this.heap.length > 0 && this.heap[0].at <= now) out.push(this.pop());
    return out;
  }

  private pop(): T {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const [l, r] = [2 * i + 1, 2 * i + 2];
        let smallest = i;
        if (l < heap.length && heap[l].at < heap[smallest].at) smallest = l;
        if (r < heap.length && heap[r].at < heap[smallest].at) smallest = r;
        if (smallest === i) break;
        [heap[smallest], heap[i]] = [heap[i], heap[smallest]];
        i = smallest;
      }
    }
    return top.item;
  }
}
