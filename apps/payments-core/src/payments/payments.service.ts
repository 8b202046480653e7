import { Injectable, Logger } from '@nestjs/common';
import { CommandReply, CreateCashInCommand } from '@momo/contracts';
import { ClaimRequest, IdempotencyRepository, IdempotencyScope } from '@momo/data';
import { InitiationService } from '../initiation/initiation.service';
import { newTransactionFrom } from '../initiation/new-transaction';
import { PendingTransactions } from '../initiation/pending-transactions';

type KeyClaim = Omit<ClaimRequest, 'transactionId'>;

/**
 * Cash in. The pending row (priced as it is written) is committed before anything is sent
 * anywhere, so a crash at any point leaves a transaction the reconciler can finish; the
 * operator's first answer decides what the merchant hears.
 *
 * With an Idempotency-Key (CreateCashInCommand), the key is claimed in the commit that inserts the
 * row, as the gateway would claim it (lib money-requests, IdempotentRequests): a new key makes the
 * command's transaction; a repeat gets the stored answer, another body or a key still at work a
 * refusal, and a retry of a request that never answered takes over with the first transaction's id.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly pending: PendingTransactions,
    private readonly initiation: InitiationService,
    private readonly idempotency: IdempotencyRepository,
  ) {}

  async createPayment(command: CreateCashInCommand): Promise<CommandReply> {
    const claim = keyClaimOf(command);
    if (!claim) {
      const { transaction } = await this.pending.insert(newTransactionFrom(command, 'collect'));
      return this.initiation.initiate(transaction, command.requestAttempt);
    }
    const inserted = await this.pending.insertClaiming(newTransactionFrom(command, 'collect'), claim);
    if (inserted) return this.initiation.initiate(inserted.transaction, 1, claim);
    return this.createUnderHeldKey(command, claim);
  }

  /**
   * The key was held already: what the gateway's claim does, statement by statement (retries and
   * races only). Another request's transaction is taken over only while this command's request
   * still waits for the answer: a command that runs after that, with nobody to hear what it
   * creates, goes on with its own transaction or with nothing.
   */
  private async createUnderHeldKey(command: CreateCashInCommand, claim: KeyClaim): Promise<CommandReply> {
    const takeOverBefore = new Date(command.idempotencyTakeOverBefore ?? 0);
    const held = await this.idempotency.claim({ ...claim, transactionId: command.transactionId, takeOverBefore });
    if (held.kind === 'in_progress' && takeOverBefore.getTime() <= Date.now()) {
      // Support's clue when a retried payment has no second transaction: the command came too late to take the key over.
      this.logger.warn({ transactionId: command.transactionId, requestWaitedUntil: takeOverBefore.toISOString() }, 'cash-in command ran after its request stopped waiting; its key was left as it stood');
    }
    if (held.kind !== 'claimed') return { outcome: 'idempotent', claim: held };
    const transactionId = held.transactionId ?? command.transactionId;
    const { transaction } = await this.pending.insert(newTransactionFrom({ ...command, transactionId }, 'collect'));
    return this.initiation.initiate(transaction, held.attempt, claim);
  }
}

/** The command's Idempotency-Key claim, or none; a command with some of its fields is refused. */
function keyClaimOf(command: CreateCashInCommand): (KeyClaim & IdempotencyScope) | undefined {
  const { idempotencyScopeId, idempotencyKey, requestHash, idempotencyLeaseMs, idempotencyRetentionHours } = command;
  const fields = [idempotencyScopeId, idempotencyKey, requestHash, idempotencyLeaseMs, idempotencyRetentionHours];
  if (fields.every((f) => f === undefined)) return undefined;
  if (fields.some((f) => f === undefined)) throw new Error('a cash in command carries only some of its Idempotency-Key fields');
  return {
    apiKeyId: idempotencyScopeId!,
    key: idempotencyKey!,
    requestHash: requestHash!,
    leaseMs: idempotencyLeaseMs!,
    retentionHours: idempotencyRetentionHours!,
  };
}
