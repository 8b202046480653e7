import { InitiationOutcome } from '@momo/contracts';
import { LedgerRepository, OutboxRepository, ReconciliationExceptionsRepository, ReconciliationRepository, TransactionsRepository } from '@momo/data';
import { DEFAULT_DEADLINE_SECONDS } from '@momo/domain';
import { JobRpc, loadConfig, RpcResult } from '@momo/platform';
import { createTestDatabase, insertTransaction, newTransaction, seedMerchant, SeededMerchant, TestDatabase } from '@momo/testing';
import { Contradictions } from '../exceptions/contradictions.service';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OperatorResults } from '../settlement/operator-results';
import { SettlementService } from '../settlement/settlement.service';
import { InitiationService } from './initiation.service';
import { PendingTransactions } from './pending-transactions';

/**
 * What payments-core makes of operator-adapter's reply to an initiation, against a real Postgres:
 * codes only in its own reply (the gateway decides statuses), and a final answer given at once
 * applied here, the reply being its only carrier (a lost reply leaves the transaction to the
 * reconciler).
 */
describe('InitiationService (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let initiation: InitiationService;
  let adapterAnswer: RpcResult<InitiationOutcome>;
  /** What each initiation asked the adapter to send. */
  const asked: object[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    const config = loadConfig(PaymentsCoreConfig, {});
    const transactions = new TransactionsRepository(db.dataSource);
    const relay = { kick: () => undefined } as unknown as OutboxRelay;
    const settlement = new SettlementService(db.dataSource, transactions, new LedgerRepository(db.dataSource), new OutboxRepository(db.dataSource), relay, config);
    const results = new OperatorResults(settlement, new Contradictions(transactions, new ReconciliationExceptionsRepository(db.dataSource)), transactions);
    // operator-adapter, answering what each test sets.
    const adapter = {
      call: async (_name: string, payload: object) => {
        asked.push(payload);
        return adapterAnswer;
      },
    } as unknown as JobRpc;
    initiation = new InitiationService(transactions, new PendingTransactions(transactions), settlement, adapter, config, results);
  });
  afterAll(() => db.drop());

  const row = async (id: string) => (await db.dataSource.query(`SELECT status, initiation_state, provider_ref, failure_code FROM transactions WHERE id = $1`, [id]))[0];
  const events = async (id: string) => (await db.dataSource.query(`SELECT event_type FROM outbox_events WHERE transaction_id = $1`, [id])).map((e: { event_type: string }) => e.event_type);
  const journals = async (id: string) => Number((await db.dataSource.query(`SELECT count(*) AS n FROM ledger_journals WHERE transaction_id = $1`, [id]))[0].n);

  it('applies a final answer given at once: the transaction is final, posted and announced once', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant, { network: 'airtel', provider: 'airtel_money' }));
    adapterAnswer = { status: 'completed', value: { kind: 'accepted', providerRef: 'MP7', confirmed: { status: 'succeeded', providerRef: 'MP7' } } };
    const reply = await initiation.initiate(t);
    expect(reply).toMatchObject({ outcome: 'created', transaction: { id: t.id, status: 'succeeded', provider_ref: 'MP7' } });
    expect(await row(t.id)).toEqual({ status: 'succeeded', initiation_state: 'accepted', provider_ref: 'MP7', failure_code: null });
    expect(await events(t.id)).toEqual(['payment.succeeded']);
    expect(await journals(t.id)).toBe(1);
  });

  it('leaves an accepted transaction pending, and a lost reply to the reconciler', async () => {
    const accepted = await insertTransaction(db.dataSource, newTransaction(merchant));
    adapterAnswer = { status: 'completed', value: { kind: 'accepted', providerRef: 'M1' } };
    expect(await initiation.initiate(accepted)).toMatchObject({ outcome: 'created', transaction: { status: 'pending' } });

    // The adapter may have had a final answer in that reply: nothing but the reconciler's check can know.
    const lost = await insertTransaction(db.dataSource, newTransaction(merchant));
    adapterAnswer = { status: 'timeout' };
    expect(await initiation.initiate(lost)).toMatchObject({ outcome: 'created', transaction: { status: 'pending' } });
    expect(await row(lost.id)).toMatchObject({ status: 'pending', initiation_state: 'unknown' });
    const due = await new ReconciliationRepository(db.dataSource).duePending(0, DEFAULT_DEADLINE_SECONDS, 1_000);
    expect(due.map((d) => d.transactionId)).toEqual(expect.arrayContaining([accepted.id, lost.id]));
    expect(await events(lost.id)).toEqual([]);
  });

  it('answers a refusal with its code and no HTTP status, also when an older adapter sent one', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant));
    const fromOlderAdapter = { kind: 'refused', failureCode: 'DECLINED', failureMessage: 'The customer declined the payment.', httpStatus: 409 };
    adapterAnswer = { status: 'completed', value: fromOlderAdapter as InitiationOutcome };
    const reply = await initiation.initiate(t);
    expect(reply).toEqual({
      outcome: 'rejected',
      error: { code: 'DECLINED', message: 'The customer declined the payment.', details: { transaction_id: t.id } },
      transaction: expect.objectContaining({ id: t.id, status: 'failed', failure_code: 'DECLINED' }),
    });
    expect(await events(t.id)).toEqual(['payment.failed']);
  });

  it('answers an unreadable operator answer OPERATOR_ERROR, leaving the transaction pending', async () => {
    const t = await insertTransaction(db.dataSource, newTransaction(merchant));
    adapterAnswer = { status: 'completed', value: { kind: 'unknown', reason: 'uninterpretable', detail: 'HTTP 500' } };
    const reply = await initiation.initiate(t);
    expect(reply).toMatchObject({ outcome: 'rejected', error: { code: 'OPERATOR_ERROR' }, transaction: { status: 'pending' } });
    expect(reply.outcome === 'rejected' && 'httpStatus' in reply.error).toBe(false);
  });

  it('hands a cash in to the adapter as committed, and money leaving by its id only', async () => {
    adapterAnswer = { status: 'completed', value: { kind: 'accepted', providerRef: 'M2' } };
    const cashIn = await insertTransaction(db.dataSource, newTransaction(merchant, { amount: 4_321, msisdn: '250788123456', description: 'Order 7', reference: 'INV-7' }));
    asked.length = 0;
    await initiation.initiate(cashIn);
    const [created] = await db.dataSource.query(`SELECT floor(extract(epoch FROM created_at) * 1000) AS ms FROM transactions WHERE id = $1`, [cashIn.id]);
    // The adapter sends exactly this, without reading the row back.
    expect(asked).toEqual([
      {
        transactionId: cashIn.id,
        mode: 'test',
        network: 'mtn',
        amount: 4_321,
        msisdn: '250788123456',
        description: 'Order 7',
        reference: 'INV-7',
        createdAtMs: Number(created.ms),
      },
    ]);

    const payout = await insertTransaction(db.dataSource, newTransaction(merchant, { direction: 'payout' }));
    asked.length = 0;
    await initiation.initiate(payout);
    expect(asked).toEqual([{ transactionId: payout.id }]);
  });
});
