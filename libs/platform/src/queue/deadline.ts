/**
 * Settles like `work`, or rejects with `onLate()` once `ms` have passed. `work` keeps running: a
 * late success must be harmless to the caller (job ids dedupe, consumers are idempotent).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, onLate: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onLate()), ms);
  });
  work.catch(() => undefined); // a late failure is not news
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
