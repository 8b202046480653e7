/**
 * Test mode's magic numbers (contract: Test mode): what the simulated network does with a
 * transaction, chosen by the customer's number, like the operators' own sandboxes. Merchants use
 * them with test keys; the simulator, our tests and the fault-injection run read them from here.
 * Magic numbers are `07X 0000 CCC` on either network (X: 8 or 9 for
 * MTN, 2 or 3 for Airtel; CCC the code below); every other valid number approves at once.
 * The control API can pin a scenario to any number (tests of numbers that are not magic).
 */
export const TEST_SCENARIOS = {
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

export type TestScenario = keyof typeof TEST_SCENARIOS;

/** Scenario codes by name. */
export const TEST_SCENARIO_CODES = Object.fromEntries(
  Object.entries(TEST_SCENARIOS).map(([name, { code }]) => [name, code]),
) as Record<TestScenario, string>;

const BY_CODE = new Map<string, TestScenario>(Object.entries(TEST_SCENARIOS).map(([name, { code }]) => [code, name as TestScenario]));
const MAGIC = /^(?:250|0)?(7[8923])0000(\d{3})$/;

/** The scenario a number's digits choose (any form: 07…, 2507…, or Airtel's 7… without country code). */
export function scenarioOfNumber(msisdn: string): TestScenario {
  const match = MAGIC.exec(msisdn);
  return (match && BY_CODE.get(match[2])) || 'approve';
}

export function isTestScenario(name: unknown): name is TestScenario {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(TEST_SCENARIOS, name);
}

/** The magic number of a scenario in local form: 07X0000CCC (X: 8 MTN, 2 Airtel). */
export function magicNumber(network: 'mtn' | 'airtel', scenario: TestScenario): string {
  return `07${network === 'mtn' ? '8' : '2'}0000${TEST_SCENARIOS[scenario].code}`;
}
