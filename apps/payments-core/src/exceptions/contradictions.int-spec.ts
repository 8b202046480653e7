import { Job } from 'bullmq';
import { ERROR_CODES, OperatorResultJob, UnresolvedAnswerJob } from '@momo/contracts';
import { ExceptionCountsRepository, LedgerRepository, OutboxRepository, ReconciliationExceptionsRepository, TransactionsRepository } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { payoutReserved } from '@momo/domain';
import { ageTransaction, createTestDatabase, insertTransaction, newTransaction, SeededMerchant, seedMerchant, seedSucceededPayment, TestDatabase } from '@momo/testing';
import { OutboxRelay } from '../outbox/outbox-relay.service';
import { PaymentsCoreConfig } from '../payments-core.config';
import { OperatorResults } from '../settlement/operator-results';
import { OperatorResultsProcessor } from '../settlement/operator-results.processor';
import { SettlementService } from '../settlement/settlement.service';
import { Contradictions } from './contradictions.service';

/** Operator results that contradict a final status: kept as recorded, raised once as an exception. */
describe('reconciliation exceptions from operator results (Postgres)', () => {
  let db: TestDatabase;
  let merchant: SeededMerchant;
  let results: OperatorResultsProcessor;
  let exceptions: ReconciliationExceptionsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    merchant = await seedMerchant(db.dataSource);
    const config = loadConfig(PaymentsCoreConfig, {});
    const relay = { kick: () => undefined } as unknown as OutboxRelay;
    const transactions = new TransactionsRepository(db.dataSource);
    const settlement = new SettlementService(db.dataSource, transactions, new LedgerRepository(db.dataSource), new OutboxRepository(db.dataSource), relay, config);
    exceptions = new ReconciliationExceptionsRepository(db.dataSource);
    results = new OperatorResultsProcessor(new OperatorResults(settlement, new Contradictions(transactions, exceptions), transactions), config);
  });
  afterAll(() => db.drop());

  const apply = (data: OperatorResultJob) => results.process({ name: 'apply-operator-result', data } as Job);
  const unresolved = (data: UnresolvedAnswerJob) => results.process({ name: 'apply-unresolved-answer', data } as Job);
  const age = (id: string, seconds: number) => ageTransaction(db.dataSource, id, seconds);
  const row = async (id: string) => (await db.dataSource.query(`SELECT status, failure_code FROM transactions WHERE id = $1`, [id]))[0];
  const exceptionsOf = (id: string) =>
    db.dataSource.query(`SELECT kind, recorded_status, reported_status, reported_provider_ref, source, occurrences, resolved_at FROM reconciliation_exceptions WHERE transaction_id = $1`, [id]);

  it('keeps a deadline failure when the operator completes the payment later, and raises one missed_success', async () => {
    const payment = await insertTransaction(db.dataSource, newTransaction(merchant, { amount: 5_000 }));
    await unresolved({ transactionId: payment.id, answer: 'pending', source: 'deadline', unreceivedGiveUpSeconds: 900 });
    expect(await row(payment.id)).toEqual({ status: 'failed', failure_code: 'DEADLINE_EXCEEDED' });
    await apply({ transactionId: payment.id, status: 'succeeded', providerRef: 'MTN-LATE-1', source: 'watch' });
    await apply({ transactionId: payment.id, status: 'succeeded', providerRef: 'MTN-LATE-1', source: 'watch' });

    expect(await row(payment.id)).toEqual({ status: 'failed', failure_code: 'DEADLINE_EXCEEDED' });
    expect(await db.dataSource.query(`SELECT * FROM ledger_journals WHERE transaction_id = $1`, [payment.id])).toEqual([]);
    expect(await exceptionsOf(payment.id)).toEqual([
      { kind: 'missed_success', recorded_status: 'failed', reported_status: 'succeeded', reported_provider_ref: 'MTN-LATE-1', source: 'watch', occurrences: 2, resolved_at: null },
    ]);
    const [listed] = await exceptions.list({ limit: 10 });
    expect(listed).toMatchObject({ transactionId: payment.id, kind: 'missed_success', direction: 'collect', amount: 5_000, recordedFailureCode: 'DEADLINE_EXCEEDED' });
  });

  it('keeps a succeeded payout when the operator later says it failed, and raises a phantom_success', async () => {
    await seedSucceededPayment(db.dataSource, merchant, { amount: 50_000 });
    const payout = await db.dataSource.transaction(async (em) => {
      const { transaction } = await new TransactionsRepository(db.dataSource).insertPending(newTransaction(merchant, { direction: 'payout' }), em);
      await new LedgerRepository(db.dataSource).post(em, transaction.id, payoutReserved({ ...transaction, merchantId: merchant.merchantId }));
      return transaction;
    });
    await apply({ transactionId: payout.id, status: 'succeeded', providerRef: 'T-1', source: 'callback' });
    await apply({ transactionId: payout.id, status: 'failed', failureCode: 'OPERATOR_FAILED', source: 'reconcile' });
    expect((await row(payout.id)).status).toBe('succeeded');
    expect(await exceptionsOf(payout.id)).toMatchObject([{ kind: 'phantom_success', recorded_status: 'succeeded', reported_status: 'failed', source: 'reconcile' }]);
  });

  it('applies the deadline and not-received policy to answers short of a final status', async () => {
    const message = async (id: string) => (await db.dataSource.query(`SELECT failure_message FROM transactions WHERE id = $1`, [id]))[0].failure_message;
    const young = await insertTransaction(db.dataSource, newTransaction(merchant));
    await unresolved({ transactionId: young.id, answer: 'not_found', source: 'reconcile', unreceivedGiveUpSeconds: 900 });
    await unresolved({ transactionId: young.id, answer: 'pending', source: 'reconcile', unreceivedGiveUpSeconds: 900 });
    await unresolved({ transactionId: young.id, answer: 'not_found', source: 'callback', unreceivedGiveUpSeconds: 1 });
    expect(await row(young.id)).toEqual({ status: 'pending', failure_code: null });

    // The asker's give-up age decides: this one sends nothing past 450 s.
    await age(young.id, 1_000);
    await unresolved({ transactionId: young.id, answer: 'not_found', source: 'reconcile', unreceivedGiveUpSeconds: 900 });
    expect(await row(young.id)).toEqual({ status: 'failed', failure_code: 'NOT_RECEIVED' });
    expect(await message(young.id)).toBe(ERROR_CODES.NOT_RECEIVED.message);

    const stuck = await insertTransaction(db.dataSource, newTransaction(merchant));
    await unresolved({ transactionId: stuck.id, answer: 'unknown', source: 'deadline', unreceivedGiveUpSeconds: 900, detail: 'timeout' });
    expect(await row(stuck.id)).toEqual({ status: 'failed', failure_code: 'DEADLINE_EXCEEDED' });
    expect(await message(stuck.id)).toBe(`${ERROR_CODES.DEADLINE_EXCEEDED.message} (the network could not be asked or gave no readable answer)`);
    // Already final: a later answer changes nothing and raises nothing.
    await unresolved({ transactionId: stuck.id, answer: 'not_found', source: 'deadline', unreceivedGiveUpSeconds: 1 });
    expect(await row(stuck.id)).toEqual({ status: 'failed', failure_code: 'DEADLINE_EXCEEDED' });
    expect(await exceptionsOf(stuck.id)).toEqual([]);
  });

  it('raises nothing for repeats, or for a failure of our own deciding that lost the race to the operator', async () => {
    // (An adapter of an earlier release reported its own deadline and not-received failures as results.)
    const payment = await insertTransaction(db.dataSource, newTransaction(merchant));
    await apply({ transactionId: payment.id, status: 'succeeded', source: 'callback' });
    await apply({ transactionId: payment.id, status: 'succeeded', source: 'reconcile' });
    await apply({ transactionId: payment.id, status: 'failed', failureCode: 'DEADLINE_EXCEEDED', source: 'deadline' });
    await apply({ transactionId: payment.id, status: 'failed', failureCode: 'NOT_RECEIVED', source: 'reconcile' });
    expect((await row(payment.id)).status).toBe('succeeded');
    expect(await exceptionsOf(payment.id)).toEqual([]);

    // A watched failure of our own deciding that the operator agrees with.
    const expired = await insertTransaction(db.dataSource, newTransaction(merchant));
    await unresolved({ transactionId: expired.id, answer: 'pending', source: 'deadline', unreceivedGiveUpSeconds: 900 });
    await apply({ transactionId: expired.id, status: 'failed', failureCode: 'EXPIRED', source: 'watch' });
    expect(await row(expired.id)).toEqual({ status: 'failed', failure_code: 'DEADLINE_EXCEEDED' });
    expect(await exceptionsOf(expired.id)).toEqual([]);
  });

  it('is resolved with a note and stays resolved when the operator repeats itself', async () => {
    const [open] = await exceptions.list({ limit: 1 });
    expect(await exceptions.resolve(open.id, 'customer refunded by hand, MTN ref R-77')).toBe(true);
    expect(await exceptions.resolve(open.id, 'again')).toBe(false);
    await apply({ transactionId: open.transactionId!, status: open.reportedStatus!, source: 'watch' });
    const again = await exceptions.find(open.id);
    expect(again).toMatchObject({ resolution: 'customer refunded by hand, MTN ref R-77' });
    expect(again?.resolvedAt).not.toBeNull();
    expect((await exceptions.list({ limit: 10 })).map((x) => x.id)).not.toContain(open.id);
    expect(await new ExceptionCountsRepository(db.dataSource).openCounts()).toEqual({ missed_success: 1, phantom_success: 0, missing_at_operator: 0, missing_here: 0, amount_differs: 0 });
  });
});
