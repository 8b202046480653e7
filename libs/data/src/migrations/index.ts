import { InitialSchema1795314900000 } from './1795314900000-InitialSchema';
import { MerchantApi1795320000000 } from './1795320000000-MerchantApi';
import { WebhookDeliveryLeases1795340000000 } from './1795340000000-WebhookDeliveryLeases';
import { Durability1795350000000 } from './1795350000000-Durability';
import { Settlement1795390000000 } from './1795390000000-Settlement';
import { LedgerAdjustments1795390000001 } from './1795390000001-LedgerAdjustments';
import { OperatorReports1795390000002 } from './1795390000002-OperatorReports';
import { Withdrawals1795390000003 } from './1795390000003-Withdrawals';

/** Every migration, in order. TypeORM runs them from this list, never from a glob. */
export const MIGRATIONS = [InitialSchema1795314900000, MerchantApi1795320000000, WebhookDeliveryLeases1795340000000, Durability1795350000000, Settlement1795390000000, LedgerAdjustments1795390000001, OperatorReports1795390000002, Withdrawals1795390000003];
