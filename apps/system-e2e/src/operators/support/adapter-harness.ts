import { join } from 'node:path';
import { Queue } from 'bullmq';
import { InitiateTransactionJob, InitiationOutcome, JobIds, OperatorResultJob, QueueName } from '@momo/contracts';
import { NewTransaction, TransactionEntity, TransactionsRepository } from '@momo/data';
import { InfraConfig, JobProducer, JobRpc, loadConfig, QueueRegistry, redisOptionsFromUrl, RpcResult } from '@momo/platform';
import {
  createTestDatabase,
  deleteQueueKeys,
  insertTransaction,
  LocalStack,
  LocalStackOptions,
  newTransaction,
  queuedItems,
  SeededMerchant,
  seedMerchant,
  TEST_REDIS_URL,
  TestDatabase,
  testStackOptions,
  uniqueQueuePrefix,
  waitFor,
  WORKSPACE_ROOT,
} from '@momo/testing';
import { SimulatorControl } from './simulator-control';

/**
 * operator-adapter and operator-simulator as real processes over a real Postgres and Redis, with
 * nothing else: the test plays payments-core (asks for initiations over JobRpc, queues status
 * checks) and reads the results the adapter reports on the operator-results queue.
 */
export class AdapterHarness {
  private constructor(
    readonly db: TestDatabase,
    readonly merchant: SeededMerchant,
    readonly stack: LocalStack,
    readonly sim: SimulatorControl,
    private readonly prefix: string,
    private readonly requests: Queue,
    private readonly statusChecks: Queue,
    private readonly results: Queue,
    private readonly producer: JobProducer,
    private readonly rpc: JobRpc,
  ) {}

  static async start(name: string, env: LocalStackOptions['env'] = {}): Promise<AdapterHarness> {
    const db = await createTestDatabase();
    const merchant = await seedMerchant(db.dataSource);
    const prefix = uniqueQueuePrefix('adapter');
    const stack = await LocalStack.start({
      ...testStackOptions(db.url, prefix, join(WORKSPACE_ROOT, 'tmp', 'e2e-logs', `${name}-${prefix}`)),
      services: ['operator-simulator', 'operator-adapter'],
      env,
    });
    const connection = redisOptionsFromUrl(TEST_REDIS_URL);
    const requests = new Queue(QueueName.OperatorInitiations, { connection, prefix });
    const statusChecks = new Queue(QueueName.OperatorStatusChecks, { connection, prefix });
    const results = new Queue(QueueName.OperatorResults, { connection, prefix });
    const producer = new JobProducer(new QueueRegistry([requests, statusChecks, results]));
    const rpc = new JobRpc(producer, loadConfig(InfraConfig, { REDIS_URL: TEST_REDIS_URL, QUEUE_PREFIX: prefix }));
    return new AdapterHarness(db, merchant, stack, new SimulatorControl(stack.url('operator-simulator')), prefix, requests, statusChecks, results, producer, rpc);
  }

  async insert(overrides: Partial<NewTransaction>): Promise<TransactionEntity> {
    const network = overrides.network ?? 'mtn';
    return insertTransaction(
      this.db.dataSource,
      newTransaction(this.merchant, { network, provider: network === 'mtn' ? 'mtn_momo' : 'airtel_money', ...overrides }),
    );
  }

  /** What payments-core does: ask the adapter to initiate and wait for its answer. */
  async initiate(transactionId: string, attempt = 0): Promise<InitiationOutcome> {
    const reply = await this.ask({ transactionId }, attempt);
    if (reply.status !== 'completed') throw new Error(`initiation of ${transactionId}: ${JSON.stringify(reply)}`);
    return reply.value;
  }

  /** The adapter's reply to an initiation job as given (a cash in's carries its request to pay). */
  ask(job: InitiateTransactionJob, attempt = 0): Promise<RpcResult<InitiationOutcome>> {
    return this.rpc.call('initiate-transaction', job, { jobId: JobIds.initiate(job.transactionId, attempt), timeoutMs: 20_000 });
  }

  /** What the reconciler does: queue a status check. */
  async checkStatus(transactionId: string, slot: string): Promise<void> {
    await this.producer.add('check-transaction-status', { transactionId, reason: 'reconcile' }, { jobId: JobIds.statusCheck(transactionId, slot) });
  }

  /** The final result the adapter reported for a transaction. */
  result(transactionId: string, timeoutMs = 15_000): Promise<OperatorResultJob> {
    return waitFor(async () => (await this.resultsOf(transactionId))[0], { timeoutMs, what: `an operator result for ${transactionId}` });
  }

  /** How many different final statuses the adapter reported for a transaction. */
  async resultCount(transactionId: string): Promise<number> {
    return new Set((await this.resultsOf(transactionId)).map((result) => result.status)).size;
  }

  private async resultsOf(transactionId: string): Promise<OperatorResultJob[]> {
    return (await queuedItems<OperatorResultJob>(this.results))
      .filter((item) => item.name === 'apply-operator-result' && item.data.transactionId === transactionId)
      .map((item) => item.data);
  }

  /** What payments-core does with a succeeded result (the refund tests need settled payments). */
  async markSucceeded(transactionId: string, providerRef: string): Promise<void> {
    await this.db.dataSource.transaction((em) =>
      new TransactionsRepository(this.db.dataSource).finalize(transactionId, { status: 'succeeded', failureCode: null, failureMessage: null, providerRef }, em),
    );
  }

  async markFailed(transactionId: string, failureCode: string): Promise<void> {
    await this.db.dataSource.transaction((em) =>
      new TransactionsRepository(this.db.dataSource).finalize(transactionId, { status: 'failed', failureCode, failureMessage: failureCode }, em),
    );
  }

  async stop(): Promise<void> {
    await this.stack.stop();
    await this.rpc.onApplicationShutdown();
    await this.requests.close();
    await this.statusChecks.close();
    await this.results.close();
    await deleteQueueKeys(this.prefix);
    await this.db.drop();
  }
}
