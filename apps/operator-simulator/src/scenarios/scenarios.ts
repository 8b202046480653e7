/**
 * What the simulated network does with a transaction, chosen by the customer's number, like the
 * operators' own sandboxes. Magic numbers are `07X 0000 CCC` on either network (X: 8 or 9 for
 * MTN, 2 or 3 for Airtel; CCC the code below); every other valid number approves at once.
 * The control API can pin a scenario to any number (tests of numbers that are not magic).
 */
export const SCENARIOS = {
  approve: { code: '100', what: 'approved at once (every number that is not magic)' },
  approve_delayed: { code: '101', what: 'approved after DELAYED_APPROVAL_MS' },
  stay_pending: { code: '102', what: 'never answered: stays pending, no callback' },
  expire: { code: '103', what: 'prompt expires: no answer within PROMPT_WINDOW_MS, then failed' },
  decline: { code: '110', what: 'the customer declines (payouts: the payee may not receive)' },
  wrong_pin: { code: '111', what: 'the customer enters a wrong PIN' },
  insufficient_funds: { code: '112', what: 'not enough money in the paying wallet' },
  no_callback: { code: '120', what: 'approved, but no callback is ever sent' },
  duplicate_callbacks: { code: '121', what: 'approved, and the callback is sent three times' },
  early_callback: { code: '122', what: 'a callback claiming success arrives EARLY_CALLBACK_LEAD_MS before the status is final' },
  http_500: { code: '130', what: 'initiation answered HTTP 500 with a body nobody can read; nothing is created' },
  http_503: { code: '131', what: 'initiation answered HTTP 503 with Retry-After; nothing is created' },
  http_429: { code: '132', what: 'initiation answered HTTP 429 with Retry-After; nothing is created' },
  slow_answer: { code: '133', what: 'the transaction is created, but the answer comes after SLOW_ANSWER_MS; approved after that' },
} as const;

export type Scenario = keyof typeof SCENARIOS;

const BY_CODE = new Map<string, Scenario>(Object.entries(SCENARIOS).map(([name, { code }]) => [code, name as Scenario]));
const MAGIC = /^(?:250|0)?(7[8923])0000(\d{3})$/;

/** The scenario a number's digits choose (any form: 07…, 2507…, or Airtel's 7… without country code). */
export function scenarioOfNumber(msisdn: string): Scenario {
  const match = MAGIC.exec(msisdn);
  return (match && BY_CODE.get(match[2])) || 'approve';
}

export function isScenario(name: unknown): name is Scenario {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(SCENARIOS, name);
}

/** 2507XXXXXXXX, whatever form the operator's wire format uses. */
export function canonicalMsisdn(msisdn: string): string {
  const digits = msisdn.replace(/^\+/, '');
  if (/^7\d{8}$/.test(digits)) return `250${digits}`;
  if (/^07\d{8}$/.test(digits)) return `25${digits}`;
  return digits;
}

/** Why a transaction failed, in the simulator's own words; each operator dialect names it its way. */
export type FailureReason =
  | 'declined'
  | 'wrong_pin'
  | 'insufficient_funds'
  | 'expired'
  | 'payee_not_allowed';

/** What the network will do with a newly created transaction, given its scenario. */
export interface Plan {
  /** null: it never resolves. */
  outcome: { status: 'SUCCESSFUL' | 'FAILED'; reason?: FailureReason; afterMs: number } | null;
  callbacks: number;
  earlyCallbackAfterMs?: number;
}

export interface Timings {
  APPROVAL_DELAY_MS: number;
  DELAYED_APPROVAL_MS: number;
  PROMPT_WINDOW_MS: number;
  EARLY_CALLBACK_LEAD_MS: number;
  SLOW_ANSWER_MS: number;
}

export function planFor(scenario: Scenario, kind: 'collection' | 'transfer' | 'refund', t: Timings): Plan {
  const quick = t.APPROVAL_DELAY_MS;
  const fail = (reason: FailureReason, afterMs = quick): Plan => ({ outcome: { status: 'FAILED', reason, afterMs }, callbacks: 1 });
  switch (scenario) {
    case 'approve_delayed':
      return { outcome: { status: 'SUCCESSFUL', afterMs: t.DELAYED_APPROVAL_MS }, callbacks: 1 };
    case 'stay_pending':
      return { outcome: null, callbacks: 0 };
    case 'expire':
      return fail('expired', t.PROMPT_WINDOW_MS);
    case 'decline':
      return fail(kind === 'collection' ? 'declined' : 'payee_not_allowed');
    case 'wrong_pin':
      return kind === 'collection' ? fail('wrong_pin') : { outcome: { status: 'SUCCESSFUL', afterMs: quick }, callbacks: 1 };
    case 'insufficient_funds':
      return fail('insufficient_funds');
    case 'no_callback':
      return { outcome: { status: 'SUCCESSFUL', afterMs: quick }, callbacks: 0 };
    case 'duplicate_callbacks':
      return { outcome: { status: 'SUCCESSFUL', afterMs: quick }, callbacks: 3 };
    case 'slow_answer':
      // A slow network is slow all the way: the customer's answer comes after the late reply.
      return { outcome: { status: 'SUCCESSFUL', afterMs: t.SLOW_ANSWER_MS + quick }, callbacks: 1 };
    case 'early_callback':
      return { outcome: { status: 'SUCCESSFUL', afterMs: quick + t.EARLY_CALLBACK_LEAD_MS }, callbacks: 1, earlyCallbackAfterMs: quick };
    default:
      return { outcome: { status: 'SUCCESSFUL', afterMs: quick }, callbacks: 1 };
  }
}
