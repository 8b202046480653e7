import { isTestScenario, scenarioOfNumber, TEST_SCENARIOS, TestScenario } from '@momo/contracts';

/** The catalog lives in libs/contracts (merchants read it too); these names are the simulator's. */
export const SCENARIOS = TEST_SCENARIOS;
export type Scenario = TestScenario;
export { scenarioOfNumber };
export const isScenario = isTestScenario;

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
