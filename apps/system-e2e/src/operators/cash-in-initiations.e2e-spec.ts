import { randomUUID } from 'node:crypto';
import { InitiateTransactionJob } from '@momo/contracts';
import { AdapterHarness } from './support/adapter-harness';

type Network = 'mtn' | 'airtel';

/**
 * A cash in's initiation as payments-core sends it: the request to pay rides in the job
 * (InitiateTransactionJob), so the adapter sends it without reading the transaction back, and
 * the send window (no send once the transaction could be failed NOT_RECEIVED) still holds.
 */
describe('operator-adapter cash-in initiations that carry their request to pay', () => {
  let h: AdapterHarness;

  beforeAll(async () => {
    h = await AdapterHarness.start('operators-cash-in-initiations', {
      '*': { DATABASE_POOL_SIZE: '3' },
      'operator-simulator': { SIMULATOR_DATABASE_POOL_SIZE: '3', APPROVAL_DELAY_MS: '200' },
      'operator-adapter': { UNRECEIVED_GIVE_UP_SECONDS: '8' },
    });
  });
  afterAll(() => h?.stop());

  const cashIn = (network: Network, overrides: Partial<InitiateTransactionJob> = {}): Required<InitiateTransactionJob> => ({
    transactionId: randomUUID(),
    mode: 'test',
    network,
    amount: 2_500,
    msisdn: network === 'mtn' ? '250788500001' : '250728500001',
    description: 'Order 12',
    reference: 'INV-12',
    createdAtMs: Date.now(),
    ...overrides,
  });

  it.each(['mtn', 'airtel'] as const)('%s: sends the cash in as its job carries it, reading nothing of its row', async (network) => {
    // No row is written for it: there is nothing to read, and it goes to the operator all the same.
    const carried = cashIn(network);
    expect(await h.ask(carried)).toMatchObject({ status: 'completed', value: { kind: 'accepted' } });
    expect(await h.sim.record(carried.transactionId)).toMatchObject({ kind: 'collection', amount: 2_500, msisdn: carried.msisdn });
    const [logged] = await h.db.dataSource.query(`SELECT request_body FROM operator_requests WHERE transaction_id = $1`, [carried.transactionId]);
    expect(logged.request_body).toContain('INV-12');

    // Named by its id alone, a cash in is read first: with no row, nothing is sent.
    const named = randomUUID();
    expect(await h.ask({ transactionId: named })).toMatchObject({ status: 'failed', reason: expect.stringContaining('does not exist') });
    expect(await h.sim.record(named)).toBeUndefined();
  });

  it('does not send a carried cash in past its send window', async () => {
    const late = cashIn('mtn', { createdAtMs: Date.now() - 30_000 });
    expect(await h.ask(late)).toMatchObject({ status: 'completed', value: { kind: 'unknown', detail: expect.stringContaining('past the re-send window') } });
    expect(await h.sim.record(late.transactionId)).toBeUndefined();
  });
});
