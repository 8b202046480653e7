import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccountRef, accountKey, JournalDraft, mustStayNonNegative } from '@momo/domain';
import { queryRows } from './hydrate';
import { keyedRows, preparedRows } from './keyed-statements';
import type { Table } from '../ownership';

/** Thrown when a posting would take a merchant account below zero. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountKey: string) {
    super(`posting would overdraw ${accountKey}`);
    this.name = 'InsufficientFundsError';
  }
}

/** New journals of a posting with their entries; returns the journals that were new (the others were posted before). */
export const POST_JOURNALS_SQL = `WITH journals AS (
    INSERT INTO ledger_journals (transaction_id, kind)
    SELECT * FROM unnest($1::uuid[], $2::text[])
    ON CONFLICT (transaction_id, kind) DO NOTHING RETURNING id, transaction_id, kind
  ), entries AS (
    INSERT INTO ledger_entries (journal_id, account_id, amount)
    SELECT j.id, l.account_id, l.amount
      FROM journals j
      JOIN unnest($3::uuid[], $4::text[], $5::bigint[], $6::bigint[]) AS l(transaction_id, kind, account_id, amount)
        ON l.transaction_id = j.transaction_id AND l.kind = j.kind
  )
  SELECT transaction_id, kind FROM journals`;

/** The summed deltas added to the cached balances, the rows locked in account-key order first (moveBalances). */
export const MOVE_BALANCES_SQL = `UPDATE ledger_accounts a SET balance = a.balance + locked.delta, updated_at = now()
    FROM (SELECT l.id, d.delta
            FROM ledger_accounts l JOIN unnest($1::text[], $2::bigint[]) AS d(k, delta) ON l.account_key = d.k
           ORDER BY l.account_key
             FOR NO KEY UPDATE OF l) AS locked
   WHERE a.id = locked.id AND locked.delta <> 0`;

/**
 * The double-entry ledger. A posting is idempotent per (transaction, journal kind); merchant
 * balances are cached beside the entries and can never go negative (a CHECK constraint, hit by
 * a single conditional UPDATE, so concurrent postings cannot overdraw).
 */
@Injectable()
export class LedgerRepository {
  static readonly writes: readonly Table[] = ['ledger_accounts', 'ledger_journals', 'ledger_entries'];

  /** Ledger account ids by account key, for accounts committed before this process asked: ids never change. */
  private readonly committedAccountIds = new Map<string, string>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Returns false when this journal was already posted (a replayed result). Must run inside a transaction. */
  async post(em: EntityManager, transactionId: string, journal: JournalDraft): Promise<boolean> {
    return (await this.postMany(em, [{ transactionId, journal }])) === 1;
  }

  /**
   * Posts many journals with a handful of statements whatever their number (settlement batches):
   * journals already posted are skipped (idempotent per transaction and kind), the deltas of each
   * merchant account are summed and applied in one update, with the rows locked in account-key
   * order so concurrent postings never deadlock. Returns how many journals were new.
   * Once this process knows the accounts (the usual case): two statements, the journals with
   * their entries, then the balances. Must run inside a transaction.
   * Both are named in a keyedTransaction (a settlement batch): planned once per connection, the
   * plans and the foreign-key checks of the inserts probing keys whatever the tables' statistics.
   * In an ordinary transaction the first is prepared on its connection and the second planned per
   * call (Postgres picks a plan for each posting's accounts).
   */
  async postMany(em: EntityManager, postings: { transactionId: string; journal: JournalDraft }[]): Promise<number> {
    if (postings.length === 0) return 0;
    const legs = postings.flatMap(({ transactionId, journal }) => journal.legs.map((leg) => ({ transactionId, kind: journal.kind, key: accountKey(leg.account), account: leg.account, amount: leg.amount })));
    const accounts = new Map(legs.map((leg) => [leg.key, leg.account]));
    const accountIds = await this.accountIds(em, accounts);
    const inserted = await preparedRows(
      em,
      'ledger_journals_post_many',
      POST_JOURNALS_SQL,
      [
        postings.map((p) => p.transactionId),
        postings.map((p) => p.journal.kind),
        legs.map((l) => l.transactionId),
        legs.map((l) => l.kind),
        legs.map((l) => accountIds.get(l.key)),
        legs.map((l) => l.amount),
      ],
    );
    const isNew = new Set(inserted.map((row) => `${row.transaction_id}:${row.kind}`));
    await this.moveBalances(em, accounts, legs.filter((leg) => isNew.has(`${leg.transactionId}:${leg.kind}`)));
    return inserted.length;
  }

  /** Posts an approved adjustment's journal; false if it was already posted. Must run inside a transaction. */
  async postAdjustment(em: EntityManager, adjustmentId: string, journal: JournalDraft): Promise<boolean> {
    const [row] = await queryRows(
      em,
      `INSERT INTO ledger_journals (adjustment_id, kind) VALUES ($1, $2) ON CONFLICT (adjustment_id) DO NOTHING RETURNING id`,
      [adjustmentId, journal.kind],
    );
    if (!row) return false;
    const legs = journal.legs.map((leg) => ({ key: accountKey(leg.account), account: leg.account, amount: leg.amount }));
    const accounts = new Map(legs.map((leg) => [leg.key, leg.account]));
    const accountIds = await this.accountIds(em, accounts);
    await em.query(
      `INSERT INTO ledger_entries (journal_id, account_id, amount) SELECT $1::bigint, * FROM unnest($2::bigint[], $3::bigint[])`,
      [String(row.id), legs.map((l) => accountIds.get(l.key)), legs.map((l) => l.amount)],
    );
    await this.moveBalances(em, accounts, legs);
    return true;
  }

  /** Every account's id, creating the missing accounts; no statement at all once this process knows them. */
  private async accountIds(em: EntityManager, accounts: Map<string, AccountRef>): Promise<Map<string, string>> {
    return this.knownIds(accounts.keys()) ?? (await this.ensureAccounts(em, accounts));
  }

  /**
   * Adds the summed deltas of `legs` to the cached balances (merchant accounts, never below
   * zero), in one statement that first locks the rows in account-key order, so concurrent
   * postings never deadlock. The lock is the one an UPDATE takes (NO KEY UPDATE): a FOR UPDATE
   * would also wait on the key-share locks that inserting entries takes on the same accounts
   * (their foreign key), and two postings would deadlock.
   */
  private async moveBalances(em: EntityManager, accounts: Map<string, AccountRef>, legs: { key: string; amount: number }[]): Promise<void> {
    const deltas = new Map<string, number>();
    for (const leg of legs) if (mustStayNonNegative(accounts.get(leg.key)!)) deltas.set(leg.key, (deltas.get(leg.key) ?? 0) + leg.amount);
    const cachedKeys = [...deltas.keys()];
    if (cachedKeys.length === 0) return;
    try {
      await keyedRows(
        em,
        'ledger_move_balances',
        MOVE_BALANCES_SQL,
        [cachedKeys, cachedKeys.map((key) => deltas.get(key))],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'ledger_accounts_no_overdraft') {
        const detail = String((error as { detail?: string }).detail ?? '');
        throw new InsufficientFundsError(cachedKeys.find((key) => detail.includes(key)) ?? cachedKeys.join(', '));
      }
      throw error;
    }
  }

  /** The ids of `keys` if this process knows them all, else null. */
  private knownIds(keys: Iterable<string>): Map<string, string> | null {
    const ids = new Map<string, string>();
    for (const key of keys) {
      const id = this.committedAccountIds.get(key);
      if (id === undefined) return null;
      ids.set(key, id);
    }
    return ids;
  }

  /** Creates the accounts that do not exist yet and returns every account's id. */
  private async ensureAccounts(em: EntityManager, accounts: Map<string, AccountRef>): Promise<Map<string, string>> {
    const refs = [...accounts.entries()];
    await em.query(
      `INSERT INTO ledger_accounts (account_key, kind, mode, merchant_id, network, balance)
       SELECT k, kind, mode, merchant_id, network, CASE WHEN cached THEN 0 END
         FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::boolean[])
              AS a(k, kind, mode, merchant_id, network, cached)
       ON CONFLICT (account_key) DO NOTHING`,
      [
        refs.map(([key]) => key),
        refs.map(([, a]) => a.kind),
        refs.map(([, a]) => a.mode),
        refs.map(([, a]) => ('merchantId' in a ? a.merchantId : null)),
        refs.map(([, a]) => ('network' in a ? a.network : null)),
        refs.map(([, a]) => mustStayNonNegative(a)),
      ],
    );
    // Only accounts committed by someone else are remembered: one this transaction created (now,
    // or in an earlier statement) is gone if it rolls back. A row last written before this
    // transaction began (updated_at < now(), the transaction's start) was not written by it.
    const rows: { id: string; account_key: string; committed: boolean }[] = await em.query(
      `SELECT id, account_key, updated_at < now() AS committed FROM ledger_accounts WHERE account_key = ANY($1::text[])`,
      [refs.map(([key]) => key)],
    );
    for (const row of rows) if (row.committed) this.committedAccountIds.set(row.account_key, String(row.id));
    return new Map(rows.map((row) => [row.account_key, String(row.id)]));
  }
}
