/** The value at quantile `q` (0-1) of ascending `sorted` (the nearest rank below), NaN when empty. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? NaN;
}
