import { join } from 'node:path';
import * as momo from 'mtn-momo';
import {
  createTestDatabase,
  LocalStack,
  TestDatabase,
  testStackOptions,
  uniqueQueuePrefix,
  waitFor,
  WORKSPACE_ROOT,
} from '@momo/testing';
import { magicNumber, SimulatorControl } from './support/simulator-control';

/**
 * The public npm client of MTN's API (mtn-momo 2.0.0), unchanged, against the simulated MTN: if a
 * client written for the real API works against it, the simulator speaks MTN's protocol.
 */
describe('the public mtn-momo client against the simulator', () => {
  let db: TestDatabase;
  let stack: LocalStack;
  let sim: SimulatorControl;
  let client: momo.MomoClient;
  const credentials = { userId: '0b8b5a52-4a4e-4d3f-9c43-7f1a2d6e8b10', userSecret: 'sandbox-api-key' };

  beforeAll(async () => {
    db = await createTestDatabase();
    const prefix = uniqueQueuePrefix('momo');
    stack = await LocalStack.start({
      ...testStackOptions(db.url, prefix, join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `mtn-momo-${prefix}`)),
      services: ['operator-simulator'],
      env: { 'operator-simulator': { APPROVAL_DELAY_MS: '200', SIMULATOR_DATABASE_POOL_SIZE: '3' } },
    });
    sim = new SimulatorControl(stack.url('operator-simulator'));
    client = momo.create({ callbackHost: 'http://127.0.0.1', baseUrl: `${stack.url('operator-simulator')}/mtn`, environment: momo.Environment.SANDBOX });
  });
  afterAll(async () => {
    await stack?.stop();
    await db?.drop();
  });

  it('collects: token, requestToPay, getTransaction, getBalance, isPayerActive', async () => {
    const collections = client.Collections({ ...credentials, primaryKey: 'sandbox-collection-key' });
    const referenceId = await collections.requestToPay({
      amount: '1500',
      currency: 'RWF',
      externalId: 'order-42',
      payer: { partyIdType: momo.PayerType.MSISDN, partyId: '250788123456' },
      payerMessage: 'Order 42',
      payeeNote: 'Thanks',
    });
    expect(referenceId).toMatch(/^[0-9a-f-]{36}$/);
    const payment = await waitFor(
      async () => {
        const p = await collections.getTransaction(referenceId);
        return p.status === momo.Status.SUCCESSFUL ? p : undefined;
      },
      { what: 'the payment to succeed' },
    );
    expect(payment).toMatchObject({ amount: '1500', currency: 'RWF', externalId: 'order-42', payer: { partyId: '250788123456' } });
    expect(payment.financialTransactionId).toEqual(expect.any(String));
    const balance = await collections.getBalance();
    expect(balance.currency).toBe('RWF');
    expect(Number(balance.availableBalance)).toBe((await sim.accounts('mtn')).collection);
    expect(await collections.isPayerActive('250788123456')).toEqual({ result: true });
    expect((await sim.counts(referenceId)).movements).toBe(1);
  });

  it("surfaces MTN's failure reasons through the client's own error types", async () => {
    const collections = client.Collections({ ...credentials, primaryKey: 'sandbox-collection-key' });
    const referenceId = await collections.requestToPay({
      amount: '500',
      currency: 'RWF',
      payer: { partyIdType: momo.PayerType.MSISDN, partyId: `250${magicNumber('mtn', 'decline').slice(1)}` },
    });
    const error = await waitFor(
      async () => {
        const outcome = await collections.getTransaction(referenceId).then(() => undefined, (e: Error) => e);
        return outcome;
      },
      { what: 'the payment to fail' },
    );
    expect(error).toBeInstanceOf(momo.ApprovalRejectedError);
  });

  it('pays out: transfer, getTransaction, getBalance', async () => {
    const disbursements = client.Disbursements({ ...credentials, primaryKey: 'sandbox-disbursement-key' });
    const before = Number((await disbursements.getBalance()).availableBalance);
    const referenceId = await disbursements.transfer({
      amount: '2500',
      currency: 'RWF',
      externalId: 'payout-7',
      payee: { partyIdType: momo.PayerType.MSISDN, partyId: '250788765432' },
      payerMessage: 'Payout 7',
      payeeNote: 'Enjoy',
    });
    const transfer = await waitFor(
      async () => {
        const t = await disbursements.getTransaction(referenceId);
        return t.status === momo.Status.SUCCESSFUL ? t : undefined;
      },
      { what: 'the transfer to succeed' },
    );
    expect(transfer).toMatchObject({ amount: '2500', externalId: 'payout-7', payee: { partyId: '250788765432' } });
    expect(Number((await disbursements.getBalance()).availableBalance)).toBe(before - 2_500);
  });

  it('refuses the wrong credentials as MTN does', async () => {
    const collections = client.Collections({ ...credentials, userSecret: 'wrong', primaryKey: 'sandbox-collection-key' });
    await expect(collections.getBalance()).rejects.toBeInstanceOf(Error);
  });
});
