import { PageList } from '../http/pagination';
import type { CreatePaymentParams, CreatePayoutParams, ListPaymentsParams, RefundParams, Transaction } from '../http/types';
import { RequestOptions, Resource, segment } from './resource';

/** Cash ins (and reads of every transaction of the app): app keys. */
export class Payments extends Resource {
  /** POST /v1/payments: prompts the customer; usually answers `pending`. Retried safely with one Idempotency-Key. */
  create(params: CreatePaymentParams, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'POST', path: '/v1/payments', body: params, idempotent: true, options });
  }

  /** GET /v1/payments/:id: any transaction of the app (cash in, payout or refund). */
  get(id: string, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'GET', path: `/v1/payments/${segment(id)}`, options });
  }

  /** GET /v1/payments: newest first; await for a page, `for await` for every transaction. */
  list(params: ListPaymentsParams = {}, options?: RequestOptions): PageList<Transaction> {
    return new PageList(this.http, { method: 'GET', path: '/v1/payments', query: params, options });
  }

  /** POST /v1/payments/:id/refund: the refund, its own transaction (`direction: payout`). */
  refund(id: string, params: RefundParams = {}, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'POST', path: `/v1/payments/${segment(id)}/refund`, body: params, idempotent: true, options });
  }
}

/** Cash outs: app keys. */
export class Payouts extends Resource {
  /** POST /v1/payouts: reserves amount + fee from the balance; 409 INSUFFICIENT_BALANCE when it does not cover it. */
  create(params: CreatePayoutParams, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'POST', path: '/v1/payouts', body: params, idempotent: true, options });
  }
}

/** Refunds by the payment they reverse (the same call as `payments.refund`). */
export class Refunds extends Resource {
  create(paymentId: string, params: RefundParams = {}, options?: RequestOptions): Promise<Transaction> {
    return this.data({ method: 'POST', path: `/v1/payments/${segment(paymentId)}/refund`, body: params, idempotent: true, options });
  }
}
