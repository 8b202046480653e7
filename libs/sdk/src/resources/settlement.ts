import { PageList } from '../http/pagination';
import type {
  BalanceTransaction,
  CreateWithdrawalParams,
  ListBalanceTransactionsParams,
  ListSettledTransactionsParams,
  ListSettlementsParams,
  SetSettlementWalletParams,
  SettledTransaction,
  Settlement,
  SettlementWallet,
  Statement,
  StatementParams,
  Transaction,
} from '../http/types';
import { RequestOptions, Resource, segment } from './resource';

/** GET /v1/balance-transactions: every movement of the balance, newest first (app or account keys). */
export class BalanceTransactions extends Resource {
  list(params: ListBalanceTransactionsParams = {}, options?: RequestOptions): PageList<BalanceTransaction> {
    return new PageList(this.http, { method: 'GET', path: '/v1/balance-transactions', query: params, options });
  }
}

/** Settlements: each moves the net of succeeded cash ins from pending to available (app or account keys). */
export class Settlements extends Resource {
  /** GET /v1/settlements: newest period first. */
  list(params: ListSettlementsParams = {}, options?: RequestOptions): PageList<Settlement> {
    return new PageList(this.http, { method: 'GET', path: '/v1/settlements', query: params, options });
  }

  get(id: string, options?: RequestOptions): Promise<Settlement> {
    return this.data({ method: 'GET', path: `/v1/settlements/${segment(id)}`, options });
  }

  /** GET /v1/settlements/:id/transactions: the cash ins it covers. */
  transactions(id: string, params: ListSettledTransactionsParams = {}, options?: RequestOptions): PageList<SettledTransaction> {
    return new PageList(this.http, { method: 'GET', path: `/v1/settlements/${segment(id)}/transactions`, query: params, options });
  }
}

/** GET /v1/statements: opening balances, every movement in [from, to), closing balances (app or account keys). */
export class Statements extends Resource {
  get(params: StatementParams, options?: RequestOptions): Promise<Statement> {
    return this.data({ method: 'GET', path: '/v1/statements', query: { ...params, format: 'json' }, options });
  }

  /** The same statement as CSV text (`format=csv`): an opening_balance row, the movements, a closing_balance row. */
  async csv(params: StatementParams, options?: RequestOptions): Promise<string> {
    return (await this.http.request<string>({ method: 'GET', path: '/v1/statements', query: { ...params, format: 'csv' }, textAs: 'text/csv', options })).body;
  }
}

/** The wallet withdrawals of the key's mode go to: account keys. */
export class SettlementWallets extends Resource {
  /** GET /v1/settlement-wallet: 404 (MomoApiError) until one is registered. */
  get(options?: RequestOptions): Promise<SettlementWallet> {
    return this.data({ method: 'GET', path: '/v1/settlement-wallet', options });
  }

  /** PUT /v1/settlement-wallet: sets or replaces it. Setting the same wallet twice changes nothing, so it is retried. */
  set(params: SetSettlementWalletParams, options?: RequestOptions): Promise<SettlementWallet> {
    return this.data({ method: 'PUT', path: '/v1/settlement-wallet', body: params, safety: 'idempotent', options });
  }
}

/** Withdrawals to the settlement wallet: app keys (they move money). */
export class Withdrawals extends Resource {
  /** POST /v1/withdrawals: a payout of `amount` to the registered wallet; amount + fee must be available. Retried safely with one Idempotency-Key. */
  create(params: CreateWithdrawalParams, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'POST', path: '/v1/withdrawals', body: params, idempotent: true, options });
  }
}
