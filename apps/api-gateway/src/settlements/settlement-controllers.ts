import { BalanceTransactionsController } from './balance-transactions.controller';
import { SettlementsController } from './settlements.controller';
import { StatementsController } from './statements.controller';

/** The merchant's settlement and statement endpoints (docs/settlement.md), in the gateway's root module like the other /v1 controllers. */
export const SETTLEMENT_CONTROLLERS = [SettlementsController, BalanceTransactionsController, StatementsController];
