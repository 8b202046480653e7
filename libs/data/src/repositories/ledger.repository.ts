import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { AccountRef, accountKey, JournalDraft, mustStayNonNegative } from '@momo/domain';
import { queryRows } from './hydrate';

/** Thrown when a posting would take a merchant account below zero. */
export class InsufficientFundsError extends Error {
  constructor(readonly accountKey: string) {
    super(`posting would overdraw ${accountKey}`);
    this.name = 'InsufficientFundsError';
  }
}

export interface MerchantBalance {
  available: number;
  reserved: number;
}

/**
 * The double-entry ledger. A posting is idempotent per (transaction, journal kind); merchant
 * balances are cached beside the entries and can never go negative (a CHECK constraint, hit by
 * a single conditional UPDATE, so concurrent postings cannot overdraw).
 */
@Injectable()
export class LedgerRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Returns false when this journal was already posted (a replayed result). Must run inside a transaction. */
  async post(em: EntityManager, transactionId: string, journal: JournalDraft): Promise<boolean> {
    const inserted = await queryRows(
      em,
      `INSERT INTO ledger_journals (transaction_id, kind) VALUES ($1, $2)
       ON CONFLICT (transaction_id, kind) DO NOTHING RETURNING id`,
      [transactionId, journal.kind],
    );
    if (inserted.length === 0) return false;
    const journalId = inserted[0].id as string;

    // Same lock order in every posting (by account key), so two postings never deadlock.
    const legs = [...journal.legs].sort((a, b) => accountKey(a.account).localeCompare(accountKey(b.account)));
    for (const leg of legs) {
      const accountId = await this.applyToAccount(em, leg.account, leg.amount);
      await em.query(`INSERT INTO ledger_entries (journal_id, account_id, amount) VALUES ($1, $2, $3)`, [
        journalId,
        accountId,
        leg.amount,
      ]);
    }
    return true;
  }

  async merchantBalance(merchantId: string, mode: string, em: EntityManager = this.dataSource.manager): Promise<MerchantBalance> {
    const rows: { kind: string; balance: string }[] = await em.query(
      `SELECT kind, balance FROM ledger_accounts WHERE merchant_id = $1 AND mode = $2`,
      [merchantId, mode],
    );
    const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
    return { available: of('merchant_available'), reserved: of('merchant_reserved') };
  }

  private async applyToAccount(em: EntityManager, account: AccountRef, amount: number): Promise<string> {
    const key = accountKey(account);
    const cached = mustStayNonNegative(account);
    const merchantId = 'merchantId' in account ? account.merchantId : null;
    const network = 'network' in account ? account.network : null;
    await em.query(
      `INSERT INTO ledger_accounts (account_key, kind, mode, merchant_id, network, balance)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (account_key) DO NOTHING`,
      [key, account.kind, account.mode, merchantId, network, cached ? 0 : null],
    );
    try {
      const rows = await queryRows(
        em,
        cached
          ? `UPDATE ledger_accounts SET balance = balance + $2, updated_at = now() WHERE account_key = $1 RETURNING id`
          : `SELECT id FROM ledger_accounts WHERE account_key = $1`,
        cached ? [key, amount] : [key],
      );
      return rows[0].id as string;
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'ledger_accounts_no_overdraft') {
        throw new InsufficientFundsError(key);
      }
      throw error;
    }
  }
}
