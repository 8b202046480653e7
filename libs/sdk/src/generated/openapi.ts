/**
 * Generated from the gateway's /openapi.json by libs/sdk/scripts/generate-types.js
 * (openapi-typescript). Do not edit: regenerate. A test fails when this differs from what the
 * running gateway serves.
 */
/* eslint-disable */
export interface paths {
    "/v1/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the merchant's apps
         * @description Oldest first, in pages, each with its webhook settings and keys in the key's mode. Secrets are never listed; keys only by hint.
         */
        get: operations["AppsController_list"];
        put?: never;
        /**
         * Create an app
         * @description Account key. `webhook_url` becomes the app's webhook URL in the key's mode (test and live have separate settings; the other mode starts without a URL). Answers with the app, the signing secret of the key's mode (`webhook_secret`) and its first app keys (`keys.test`; `keys.live` too when a live account key of a verified business asks), each shown only in this response. A replay of the same Idempotency-Key shows them again within 24 hours.
         */
        post: operations["AppsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/apps/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one app
         * @description With its webhook settings and keys in the key's mode.
         */
        get: operations["AppsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update, disable or re-enable an app
         * @description `webhook_url` changes the URL of the key's mode only: a test key sets the test URL, a live key the live URL. Renaming, disabling and re-enabling affect live traffic and need a live account key (403 LIVE_KEY_REQUIRED otherwise). A disabled app's keys get 403 APP_DISABLED at once and its webhook deliveries are held, not dropped; re-enabling restores the keys and sends what was held.
         */
        patch: operations["AppsController_update"];
        trace?: never;
    };
    "/v1/apps/{id}/webhook-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate an app's webhook signing secret
         * @description Account key. Rotates the secret of the key's mode only (a test key the test secret, a live key the live secret). The new secret signs at once; the old one keeps signing beside it until previous_secret_expires_at.
         */
        post: operations["WebhookSecretsController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the merchant's balance
         * @description The merchant's balance in the calling key's mode, from the ledger (docs/settlement.md). `available` can be spent by payouts and refunds; `pending` is collected but not yet settled (succeeded cash ins less fees, until a settlement run); `reserved` is held for payouts and refunds still in flight. Account and app keys may read it.
         */
        get: operations["BalanceController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/balance-transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List balance transactions
         * @description Every ledger movement of the merchant’s pending, available and reserved balances in the key’s mode, newest first: its type, the source transaction’s amount and fee, the change of each balance and of the total (`net`), the balances after it, and the transaction or settlement it came from. Filter by `type` and by date; cursor paging.
         */
        get: operations["BalanceTransactionsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description App key: the app's events; account key: every app's (or `app_id`'s). Newest first, in the key's mode; each is exactly the body of its webhook.
         */
        get: operations["EventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One event
         * @description Exactly the body of its webhook. Another app's (or mode's) event is 404, like one that does not exist.
         */
        get: operations["EventsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the app's transactions
         * @description Newest first, in pages; filters combine. `status=pending` lists everything still unresolved (for reconciliation).
         */
        get: operations["PaymentsController_list"];
        put?: never;
        /**
         * Create a cash in
         * @description Sends a payment prompt to the customer's wallet. 201 with the pending transaction; the final status arrives by webhook or polling.
         */
        post: operations["PaymentsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one transaction
         * @description Any transaction of the calling app and mode (payments, payouts, refunds). Another app’s transaction is 404, exactly like a nonexistent one.
         */
        get: operations["PaymentsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payments/{id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund a payment
         * @description Creates a refund: a payout of `amount` (default: the whole payment) to the payer, with `reverses_payment_id` set. The balance must cover amount + fee. One refund per payment while it is pending or succeeded; after a failed refund, the payment can be refunded again. Airtel Money refunds whole payments only: a partial refund of an Airtel payment is 400 `REFUND_NOT_SUPPORTED`.
         */
        post: operations["PaymentsController_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a cash out
         * @description Sends money from the merchant's balance (this key's mode) to a wallet. Amount + fee is reserved at once; 409 INSUFFICIENT_BALANCE when the available balance does not cover it. If the payout fails, the reservation returns to the balance.
         */
        post: operations["PayoutsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlement-wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the settlement wallet
         * @description Account key. The wallet withdrawals of the key's mode go to; 404 until one is registered.
         */
        get: operations["SettlementWalletController_get"];
        /**
         * Register the settlement wallet
         * @description Account key. Sets (or replaces) the wallet withdrawals of the key's mode go to. Each mode has its own; a live wallet needs a live account key.
         */
        put: operations["SettlementWalletController_set"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List settlements
         * @description Newest period first, in the key’s mode, with cursor paging. A settlement moves the net of succeeded cash ins from pending to available balance.
         */
        get: operations["SettlementsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a settlement
         * @description Its period, count, gross, fees and net. The cash ins it covers: GET /v1/settlements/:id/transactions.
         */
        get: operations["SettlementsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/settlements/{id}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the cash ins a settlement covers
         * @description By id, with cursor paging.
         */
        get: operations["SettlementsController_transactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export a statement
         * @description The balances at `from`, every movement in [from, to) oldest first, and the balances at `to`, read in one snapshot: opening + the movements' net = closing, for each balance and in total. `format=csv` answers the same as text/csv (an opening_balance row, the movements, a closing_balance row). At most 93 days.
         */
        get: operations["StatementsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's webhook deliveries
         * @description Account key. Newest first, in the key's mode, with filters and cursor paging.
         */
        get: operations["WebhookDeliveriesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery with every attempt
         * @description Account key. Includes the exact body sent.
         */
        get: operations["WebhookDeliveriesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-deliveries/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replay a delivery now
         * @description Account key. Same body and X-Service-Delivery; a new round of attempts if it fails.
         */
        post: operations["WebhookDeliveriesController_replay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/withdrawals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Withdraw to the settlement wallet
         * @description App key. Sends `amount` of the available balance (this key's mode) to the settlement wallet registered for the mode, as a payout (direction payout) with the payout fee; 409 SETTLEMENT_WALLET_MISSING without one, 409 INSUFFICIENT_BALANCE when available does not cover amount + fee. Read it back like any payout; balance transactions show it as withdrawal_hold / withdrawal / withdrawal_release.
         */
        post: operations["WithdrawalsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiKeySchema: {
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Set while a rotated key is in its grace period.
             * @example 2026-01-01T00:00:00.000Z
             */
            expires_at: string | null;
            /**
             * @description Prefix and last four characters.
             * @example sk_test_…a1B2
             */
            hint: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            mode: "live" | "test";
        };
        AppCreatedEnvelope: {
            data: components["schemas"]["AppCreatedSchema"];
            /** @enum {boolean} */
            success: true;
        };
        AppCreatedSchema: {
            /** @description The app keys of the calling key's mode that work now (hints only). */
            api_keys: components["schemas"]["ApiKeySchema"][];
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            keys: components["schemas"]["IssuedKeysSchema"];
            /** Format: uuid */
            merchant_id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * @description Signs the webhook deliveries of the calling key's mode; shown only in this response. The other mode has its own secret (a key of that mode rotates it to learn it).
             * @example whsec_…
             */
            webhook_secret: string;
            /**
             * Format: uri
             * @description The webhook URL in the calling key's mode (test and live each have their own).
             */
            webhook_url: string | null;
            /** @description Webhook settings per mode; only the calling key's mode is ever present. */
            webhooks: components["schemas"]["WebhookSettingsByModeSchema"];
        };
        AppEnvelope: {
            data: components["schemas"]["AppSchema"];
            /** @enum {boolean} */
            success: true;
        };
        AppListEnvelope: {
            data: components["schemas"]["AppSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        AppSchema: {
            /** @description The app keys of the calling key's mode that work now (hints only). */
            api_keys: components["schemas"]["ApiKeySchema"][];
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            merchant_id: string;
            name: string;
            /** @enum {string} */
            status: "active" | "disabled";
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: uri
             * @description The webhook URL in the calling key's mode (test and live each have their own).
             */
            webhook_url: string | null;
            /** @description Webhook settings per mode; only the calling key's mode is ever present. */
            webhooks: components["schemas"]["WebhookSettingsByModeSchema"];
        };
        BalanceEnvelope: {
            data: components["schemas"]["BalanceSchema"];
            /** @enum {boolean} */
            success: true;
        };
        BalanceSchema: {
            /** @description What payouts and refunds can spend now (minor units). */
            available: number;
            /** @enum {string} */
            currency: "RWF";
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Collected but not yet settled: succeeded cash ins less fees, until a settlement run (or a refund of the payment) moves them to available. */
            pending: number;
            /** @description Held for payouts and refunds still in flight (amount + fee); leaves on success, returns to available on failure. */
            reserved: number;
        };
        BalancesSchema: {
            available: number;
            pending: number;
            reserved: number;
            /** @description available + pending + reserved. */
            total: number;
        };
        BalanceTransactionListEnvelope: {
            data: components["schemas"]["BalanceTransactionSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        BalanceTransactionSchema: {
            /** @description The ledger adjustment it came from (type adjustment). */
            adjustment_id: string | null;
            /** @description The source transaction's amount. */
            amount: number;
            /** @description Balances right after this movement. */
            balance_after: components["schemas"]["BalancesSchema"];
            /** @description Change of each balance. */
            change: components["schemas"]["BalancesSchema"];
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "RWF";
            /** @description The source transaction's fee. */
            fee: number;
            /** @description The ledger journal id (ordering: ledger order). */
            id: string;
            /** @description Change of the total balance. */
            net: number;
            /**
             * Format: uuid
             * @description The settlement it came from (type settlement).
             */
            settlement_id: string | null;
            /**
             * Format: uuid
             * @description The cash in, payout or refund it came from; null for an adjustment.
             */
            transaction_id: string | null;
            /** @enum {string} */
            type: "payment" | "settlement" | "early_settlement" | "payout_hold" | "payout" | "payout_release" | "refund_hold" | "refund" | "refund_release" | "withdrawal_hold" | "withdrawal" | "withdrawal_release" | "adjustment";
        };
        CreateAppDto: {
            /** @example Web shop */
            name: string;
            /**
             * Format: uri
             * @description Public https URL that receives signed webhook deliveries; its host must resolve only to public addresses. The URL of the calling key's mode (test and live each have their own); the other mode starts without one. Without one, poll GET /v1/payments.
             * @example https://shop.example.com/webhooks/momo
             */
            webhook_url?: string;
        };
        CreatePaymentDto: {
            /**
             * @description Whole RWF (minor units), at least 100.
             * @example 2500
             */
            amount: number;
            /**
             * @description Always RWF; may be omitted.
             * @enum {string}
             */
            currency?: "RWF";
            /**
             * @description Free text; the start of it is shown to the customer by the network.
             * @example Order 1001
             */
            description?: string;
            /**
             * @description Up to 20 string keys (1-40 characters) to string values (up to 500); returned as given.
             * @example {
             *       "cart": "77"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description Wallet number as 0788123456, 250788123456 or +250788123456; MTN (078, 079) or Airtel (072, 073). Returned as 250788123456.
             * @example 0788123456
             */
            msisdn: string;
            /**
             * @description Your own reference; GET /v1/payments can filter on it.
             * @example order-1001
             */
            reference?: string;
        };
        CreatePayoutDto: {
            /**
             * @description Whole RWF (minor units), at least 100.
             * @example 2500
             */
            amount: number;
            /**
             * @description Always RWF; may be omitted.
             * @enum {string}
             */
            currency?: "RWF";
            /**
             * @description Free text; the start of it is shown to the customer by the network.
             * @example Order 1001
             */
            description?: string;
            /**
             * @description Up to 20 string keys (1-40 characters) to string values (up to 500); returned as given.
             * @example {
             *       "cart": "77"
             *     }
             */
            metadata?: {
                [key: string]: string;
            };
            /**
             * @description Wallet number as 0788123456, 250788123456 or +250788123456; MTN (078, 079) or Airtel (072, 073). Returned as 250788123456.
             * @example 0788123456
             */
            msisdn: string;
            /**
             * @description Your own reference; GET /v1/payments can filter on it.
             * @example order-1001
             */
            reference?: string;
        };
        CreateWithdrawalDto: {
            /**
             * @description Whole RWF to send to the settlement wallet; amount + the payout fee must be available.
             * @example 50000
             */
            amount: number;
            /** @default Withdrawal to the settlement wallet */
            description?: string;
            reference?: string;
        };
        ErrorEnvelopeSchema: {
            /**
             * @description Stable; see docs/errors.md for the table.
             * @example VALIDATION_FAILED
             */
            code: string;
            /** @description Where useful: `fields` (field -> problems) on validation errors, `transaction_id` when a transaction is concerned. */
            details?: {
                [key: string]: unknown;
            };
            /** @description Says what was actually wrong. */
            message: string;
            /** @enum {string} */
            status: "error";
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            timestamp: string;
        };
        EventEnvelope: {
            data: components["schemas"]["EventSchema"];
            /** @enum {boolean} */
            success: true;
        };
        EventListEnvelope: {
            data: components["schemas"]["EventSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        EventSchema: {
            /**
             * Format: date-time
             * @description When the status changed.
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** @description The Transaction as it was when the event happened. */
            data: components["schemas"]["TransactionSchema"];
            /**
             * Format: uuid
             * @description The event id: the `id` of the webhook body.
             */
            id: string;
            /**
             * @description New types may be added within /v1: ignore the ones you do not know.
             * @enum {string}
             */
            type: "payment.succeeded" | "payment.failed" | "payout.succeeded" | "payout.failed";
        };
        IssuedKeysSchema: {
            /**
             * @description Present when the business is verified and a live account key created the app.
             * @example sk_live_…
             */
            live?: string;
            /**
             * @description Shown only in this response.
             * @example sk_test_…
             */
            test: string;
        };
        PaginationSchema: {
            has_more: boolean;
            limit: number;
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        RefundDto: {
            /**
             * @description Whole RWF to refund; defaults to the whole payment, may not exceed it.
             * @example 2500
             */
            amount?: number;
            /**
             * @description Why; becomes the refund's description.
             * @example Customer returned the item
             */
            reason?: string;
        };
        RotatedSecretEnvelope: {
            data: components["schemas"]["RotatedSecretSchema"];
            /** @enum {boolean} */
            success: true;
        };
        RotatedSecretSchema: {
            /** Format: uuid */
            app_id: string;
            /**
             * @description The mode whose secret was rotated: the calling key's. The other mode's secret is unchanged.
             * @enum {string}
             */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description Until then deliveries carry two v1 signatures, one per secret.
             * @example 2026-01-01T00:00:00.000Z
             */
            previous_secret_expires_at: string;
            /**
             * @description The new secret; shown only in this response.
             * @example whsec_…
             */
            webhook_secret: string;
        };
        RotateWebhookSecretDto: {
            /**
             * @description Seconds the old secret keeps signing beside the new one. 0 retires it at once (a leaked secret).
             * @default 86400
             */
            previous_secret_expires_in?: number;
        };
        SetSettlementWalletDto: {
            /**
             * @description The wallet withdrawals go to, as 0788123456, 250788123456 or +250788123456; MTN (078, 079) or Airtel (072, 073).
             * @example 0788123456
             */
            msisdn: string;
        };
        SettledTransactionListEnvelope: {
            data: components["schemas"]["SettledTransactionSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        SettledTransactionSchema: {
            amount: number;
            /** Format: date-time */
            completed_at: string;
            fee: number;
            /** Format: uuid */
            id: string;
            net: number;
            /** @enum {string} */
            network: "mtn" | "airtel";
            reference: string;
            /** Format: date-time */
            settled_at: string;
        };
        SettlementEnvelope: {
            data: components["schemas"]["SettlementSchema"];
            /** @enum {boolean} */
            success: true;
        };
        SettlementListEnvelope: {
            data: components["schemas"]["SettlementSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        SettlementSchema: {
            /** Format: date-time */
            completed_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "RWF";
            /** @description Sum of their fees. */
            fees: number;
            /** @description Sum of the covered cash ins’ amounts. */
            gross: number;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description gross - fees: moved from pending to available. */
            net: number;
            /**
             * Format: date-time
             * @description Every succeeded, unsettled cash in completed before this instant is covered.
             */
            period_end: string;
            /**
             * Format: date-time
             * @description The previous settlement's period end; null for the first.
             */
            period_start: string | null;
            /**
             * @description `running` only while a run is settling it (or was interrupted and will be resumed).
             * @enum {string}
             */
            status: "running" | "completed";
            transaction_count: number;
        };
        SettlementWalletEnvelope: {
            data: components["schemas"]["SettlementWalletSchema"];
            /** @enum {boolean} */
            success: true;
        };
        SettlementWalletSchema: {
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @example 250788123456 */
            msisdn: string;
            /** @enum {string} */
            network: "mtn" | "airtel";
            /** Format: date-time */
            updated_at: string;
        };
        StatementEnvelope: {
            data: components["schemas"]["StatementSchema"];
            /** @enum {boolean} */
            success: true;
        };
        StatementSchema: {
            closing_balance: components["schemas"]["BalancesSchema"];
            /** @enum {string} */
            currency: "RWF";
            /** Format: date-time */
            from: string;
            /** @enum {string} */
            mode: "live" | "test";
            /** @description Oldest first. */
            movements: components["schemas"]["BalanceTransactionSchema"][];
            opening_balance: components["schemas"]["BalancesSchema"];
            /** Format: date-time */
            to: string;
            totals: components["schemas"]["StatementTotalsSchema"];
        };
        StatementTotalsSchema: {
            /** @description Count and net per movement type. */
            by_type: {
                [key: string]: {
                    count: number;
                    net: number;
                };
            };
            movements: number;
            /** @description closing total - opening total = the sum of the movements’ net. */
            net: number;
        };
        TransactionEnvelope: {
            data: components["schemas"]["TransactionSchema"];
            /** @enum {boolean} */
            success: true;
        };
        TransactionListEnvelope: {
            data: components["schemas"]["TransactionSchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        TransactionSchema: {
            /** @example 2500 */
            amount: number;
            /** Format: uuid */
            app_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            completed_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /** @enum {string} */
            currency: "RWF";
            description: string;
            /**
             * @description collect: cash in; payout: cash out (refunds included).
             * @enum {string}
             */
            direction: "collect" | "payout";
            /** @description Why it failed (see docs/errors.md); null otherwise. */
            failure_code: string | null;
            failure_message: string | null;
            /** @example 50 */
            fee: number;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            initiated_by: "api" | "dashboard" | "system";
            /** Format: uuid */
            merchant_id: string;
            metadata: {
                [key: string]: string;
            };
            /** @enum {string} */
            mode: "live" | "test";
            /** @example 250788123456 */
            msisdn: string;
            /** @enum {string} */
            network: "mtn" | "airtel";
            /** @enum {string} */
            provider: "mtn_momo" | "airtel_money";
            /** @description The operator's reference; empty until it gives one. */
            provider_ref: string;
            reference: string;
            /**
             * Format: uuid
             * @description On a refund: the payment it reverses.
             */
            reverses_payment_id: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            settled_at: string | null;
            /**
             * @description pending -> succeeded | failed; never moves back.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
        };
        UpdateAppDto: {
            /** @description Live account key only (403 LIVE_KEY_REQUIRED otherwise). */
            name?: string;
            /**
             * @description Live account key only (403 LIVE_KEY_REQUIRED otherwise). A disabled app's keys are refused with 403 APP_DISABLED and its webhook deliveries are held until it is active again.
             * @enum {string}
             */
            status?: "active" | "disabled";
            /**
             * Format: uri
             * @description Public https URL that receives signed webhook deliveries; its host must resolve only to public addresses. Changes the URL of the calling key's mode only; null removes it.
             */
            webhook_url?: string | null;
        };
        WebhookAttemptSchema: {
            duration_ms: number;
            /** @example timeout */
            error: string | null;
            number: number;
            /** @description The first 4096 bytes of the answer. */
            response_body: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            started_at: string;
            /** @description null when no HTTP answer came back. */
            status_code: number | null;
            /** @enum {string} */
            trigger: "schedule" | "replay";
            url: string | null;
        };
        WebhookDeliveryDetailEnvelope: {
            data: components["schemas"]["WebhookDeliveryDetailSchema"];
            /** @enum {boolean} */
            success: true;
        };
        WebhookDeliveryDetailSchema: {
            /** Format: uuid */
            app_id: string;
            attempt_count: number;
            attempts: components["schemas"]["WebhookAttemptSchema"][];
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            delivered_at: string | null;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "payment.succeeded" | "payment.failed" | "payout.succeeded" | "payout.failed";
            /**
             * Format: uuid
             * @description Sent as X-Service-Delivery; the same on every attempt and replay.
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            last_attempt_at: string | null;
            last_error: string | null;
            last_status_code: number | null;
            /** @enum {string} */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description When the next attempt is due; null unless pending.
             * @example 2026-01-01T00:00:00.000Z
             */
            next_attempt_at: string | null;
            /** @description The exact body sent (and signed). */
            request_body: string;
            /** @enum {string} */
            status: "pending" | "delivered" | "abandoned";
            /** Format: uuid */
            transaction_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /** @description The URL of the latest attempt. */
            url: string;
        };
        WebhookDeliveryEnvelope: {
            data: components["schemas"]["WebhookDeliverySchema"];
            /** @enum {boolean} */
            success: true;
        };
        WebhookDeliveryListEnvelope: {
            data: components["schemas"]["WebhookDeliverySchema"][];
            pagination: components["schemas"]["PaginationSchema"];
            /** @enum {boolean} */
            success: true;
        };
        WebhookDeliverySchema: {
            /** Format: uuid */
            app_id: string;
            attempt_count: number;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            delivered_at: string | null;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "payment.succeeded" | "payment.failed" | "payout.succeeded" | "payout.failed";
            /**
             * Format: uuid
             * @description Sent as X-Service-Delivery; the same on every attempt and replay.
             */
            id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            last_attempt_at: string | null;
            last_error: string | null;
            last_status_code: number | null;
            /** @enum {string} */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description When the next attempt is due; null unless pending.
             * @example 2026-01-01T00:00:00.000Z
             */
            next_attempt_at: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "abandoned";
            /** Format: uuid */
            transaction_id: string;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /** @description The URL of the latest attempt. */
            url: string;
        };
        WebhookSettingsByModeSchema: {
            /** @description Present only for a live key. */
            live?: components["schemas"]["WebhookSettingsSchema"];
            /** @description Present only for a test key. */
            test?: components["schemas"]["WebhookSettingsSchema"];
        };
        WebhookSettingsSchema: {
            /** @enum {string} */
            mode: "live" | "test";
            /**
             * Format: date-time
             * @description While a rotation window is open: until then deliveries carry a second signature made with the previous secret.
             * @example 2026-01-01T00:00:00.000Z
             */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @example 2026-01-01T00:00:00.000Z
             */
            updated_at: string;
            /**
             * Format: uri
             * @description Where this mode's events go; null: none are sent (poll instead).
             */
            url: string | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AppsController_list: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                /** @description Items per page. */
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of apps. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    AppsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours). */
                "Idempotency-Key"?: string;
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAppDto"];
            };
        };
        responses: {
            /** @description The new app with its secret and keys. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppCreatedEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind. */
            409: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    AppsController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The app. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    AppsController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateAppDto"];
            };
        };
        responses: {
            /** @description The app as it is now. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    WebhookSecretsController_rotate: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretDto"];
            };
        };
        responses: {
            /** @description The new secret, shown only here. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedSecretEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    BalanceController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The balance. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    BalanceTransactionsController_list: {
        parameters: {
            query?: {
                /** @description Created at or after this instant (ISO 8601 with time zone). */
                created_from?: string;
                /** @description Created before this instant. */
                created_to?: string;
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                /** @description Items per page. */
                limit?: number;
                type?: "payment" | "settlement" | "early_settlement" | "payout_hold" | "payout" | "payout_release" | "refund_hold" | "refund" | "refund_release" | "withdrawal_hold" | "withdrawal" | "withdrawal_release" | "adjustment";
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of movements. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceTransactionListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    EventsController_list: {
        parameters: {
            query?: {
                /** @description Account keys: one app's events (app keys always see only their own app's). */
                app_id?: string;
                /** @description Created at or after this instant (ISO 8601 with time zone). */
                created_from?: string;
                /** @description Created before this instant. */
                created_to?: string;
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                /** @description Items per page. */
                limit?: number;
                /** @description Only these event types, comma-separated (payment.succeeded, payment.failed, payout.succeeded, payout.failed). */
                type?: string;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    EventsController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    PaymentsController_list: {
        parameters: {
            query?: {
                /** @description Created at or after this instant (ISO 8601 with time zone). */
                created_from?: string;
                /** @description Created before this instant (ISO 8601 with time zone). */
                created_to?: string;
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                direction?: "collect" | "payout";
                /** @description Items per page. */
                limit?: number;
                /** @description Wallet number in any accepted spelling. */
                msisdn?: string;
                /** @description Exact match on your reference. */
                reference?: string;
                status?: "pending" | "succeeded" | "failed";
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of transactions. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    PaymentsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours). */
                "Idempotency-Key"?: string;
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePaymentDto"];
            };
        };
        responses: {
            /** @description The transaction, usually pending. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind. */
            409: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description The network gave an answer we could not interpret; retry with the same Idempotency-Key or read the transaction. */
            502: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    PaymentsController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transaction. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    PaymentsController_refund: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours). */
                "Idempotency-Key"?: string;
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                /** @description The payment to refund. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundDto"];
            };
        };
        responses: {
            /** @description The refund transaction, usually pending. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind. */
            409: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description The network gave an answer we could not interpret; retry with the same Idempotency-Key or read the transaction. */
            502: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    PayoutsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours). */
                "Idempotency-Key"?: string;
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePayoutDto"];
            };
        };
        responses: {
            /** @description The payout transaction (direction payout), usually pending. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind. */
            409: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description The network gave an answer we could not interpret; retry with the same Idempotency-Key or read the transaction. */
            502: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    SettlementWalletController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settlement wallet. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementWalletEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    SettlementWalletController_set: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetSettlementWalletDto"];
            };
        };
        responses: {
            /** @description The settlement wallet as registered. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementWalletEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    SettlementsController_list: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                /** @description Items per page. */
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of settlements. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    SettlementsController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settlement. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettlementEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    SettlementsController_transactions: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                /** @description Items per page. */
                limit?: number;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of covered cash ins. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettledTransactionListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    StatementsController_get: {
        parameters: {
            query: {
                format?: "json" | "csv";
                /** @description Start of the range, inclusive (ISO 8601 with time zone). */
                from: string;
                /** @description End of the range, exclusive. */
                to: string;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement (JSON), or the same as CSV. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementEnvelope"];
                    "text/csv": components["schemas"]["StatementEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                    "text/csv": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    WebhookDeliveriesController_list: {
        parameters: {
            query?: {
                /** @description One app's deliveries. */
                app_id?: string;
                /** @description Created at or after this instant (ISO 8601 with time zone). */
                created_from?: string;
                /** @description Created before this instant. */
                created_to?: string;
                /** @description The `next_cursor` of the previous page; opaque. */
                cursor?: string;
                event_type?: "payment.succeeded" | "payment.failed" | "payout.succeeded" | "payout.failed";
                /** @description Items per page. */
                limit?: number;
                status?: "pending" | "delivered" | "abandoned";
                /** @description The deliveries of one transaction. */
                transaction_id?: string;
            };
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryListEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    WebhookDeliveriesController_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery and its attempts. */
            200: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryDetailEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    WebhookDeliveriesController_replay: {
        parameters: {
            query?: never;
            header?: {
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded; the attempt follows within moments. */
            202: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description No such resource, or one that belongs to another app. */
            404: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
    WithdrawalsController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any 1-255 visible ASCII characters, unique per operation; reuse it to retry the same operation (kept 24 hours). */
                "Idempotency-Key"?: string;
                /** @description Your id for this request (8-128 of A-Z a-z 0-9 . _ : @ -); answered back, logged by every service, and sent with the webhooks of a transaction it creates. */
                "X-Request-Id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWithdrawalDto"];
            };
        };
        responses: {
            /** @description The withdrawal (a payout transaction), usually pending. */
            201: {
                headers: {
                    /** @description `true` when this is the stored answer to an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionEnvelope"];
                };
            };
            /** @description Bad request: invalid fields (details.fields; text with NUL, control characters or unpaired surrogates in any field, query or path parameter is invalid), unparseable JSON, unsupported network, or a refusal by the network of the 400 kind. */
            400: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Key missing, malformed, unknown, revoked or of the wrong mode (always the same answer). */
            401: {
                headers: {
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Valid key, forbidden action (wrong key kind, live key of an unverified business, disabled app, suspended account, a change that affects live traffic asked with a test key). */
            403: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Conflict: insufficient balance, already refunded, Idempotency-Key in use, or a refusal by the network of the 409 kind. */
            409: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body too large. */
            413: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description Request body is not JSON. */
            415: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description RATE_LIMITED: over the key's per-minute budget (details.limited_by "api_key") or the mobile network is rate-limiting (details.limited_by "network", details.reason); see Retry-After. */
            429: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description The network gave an answer we could not interpret; retry with the same Idempotency-Key or read the transaction. */
            502: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
            /** @description A dependency (Postgres, Redis, payments-core) is briefly unavailable, for reads as for writes; retry after Retry-After (with the same Idempotency-Key). */
            503: {
                headers: {
                    /** @description The key's budget per minute for this kind of request. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in the current minute. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the budget is full again. */
                    "RateLimit-Reset"?: number;
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    /** @description The X-Request-Id you sent when well formed (8-128 of A-Z a-z 0-9 . _ : @ -), else one we made. Quote it to support. */
                    "X-Request-Id"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelopeSchema"];
                };
            };
        };
    };
}
