import { BalanceTransactionsController } from './balance-transactions.controller';
import { SettlementsController } from './settlements.controller';
import { StatementsController } from './statements.controller';
import { SettlementWalletController } from '../withdrawals/settlement-wallet.controller';
import { WithdrawalsController } from '../withdrawals/withdrawals.controller';

/** The merchant's settlement, statement and withdrawal endpoints (docs/settlement.md), in the gateway's root module like the other /v1 controllers. */
export const SETTLEMENT_CONTROLLERS = [SettlementsController, BalanceTransactionsController, StatementsController, SettlementWalletController, WithdrawalsController];
