/**
 * How long the reconciler waits before asking the operator again about an unresolved
 * transaction, by how many times it has asked already: quickly at first (most prompts are
 * answered within a minute), then backing off to hourly.
 */
const CHECK_DELAYS_SECONDS = [10, 20, 30, 60, 120, 300, 600, 1_800, 3_600];

export function nextCheckDelaySeconds(checksMade: number): number {
  return CHECK_DELAYS_SECONDS[Math.min(checksMade, CHECK_DELAYS_SECONDS.length - 1)];
}
