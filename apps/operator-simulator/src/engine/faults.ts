import { setTimeout as sleep } from 'node:timers/promises';
import type { Scenario } from '../scenarios/scenarios';

export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answers a misbehaving network gives before it has recorded anything: an unreadable 500, a
 * 503 or a 429 with Retry-After (as API gateways in front of both operators answer).
 */
export function faultFor(scenario: Scenario, retryAfterSeconds: number): FaultAnswer | undefined {
  switch (scenario) {
    case 'http_500':
      return { status: 500, headers: { 'content-type': 'text/html' }, body: '<html><body><h1>500 Internal Server Error</h1></body></html>' };
    case 'http_503':
      return {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
        body: JSON.stringify({ statusCode: 503, message: 'Service Unavailable. Please retry later.' }),
      };
    case 'http_429':
      return {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(retryAfterSeconds) },
        body: JSON.stringify({ statusCode: 429, message: `Rate limit is exceeded. Try again in ${retryAfterSeconds} seconds.` }),
      };
    default:
      return undefined;
  }
}

/** The "slow answer" scenario: the work is done, the answer just takes too long. */
export async function slowIfAsked(scenario: Scenario, delayMs: number): Promise<void> {
  if (scenario === 'slow_answer') await sleep(delayMs);
}
