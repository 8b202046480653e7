import { InitialSchema1795314900000 } from './1795314900000-InitialSchema';
import { MerchantApi1795320000000 } from './1795320000000-MerchantApi';
import { WebhookDeliveryLeases1795340000000 } from './1795340000000-WebhookDeliveryLeases';
import { Durability1795350000000 } from './1795350000000-Durability';
import { PerModeWebhookSettings1795360000000 } from './1795360000000-PerModeWebhookSettings';
import { MerchantDashboard1795370000000 } from './1795370000000-MerchantDashboard';
import { RequestTracing1795380000000 } from './1795380000000-RequestTracing';
import { OpsConsole1795381000000 } from './1795381000000-OpsConsole';
import { Settlement1795390000000 } from './1795390000000-Settlement';
import { LedgerAdjustments1795390000001 } from './1795390000001-LedgerAdjustments';
import { OperatorReports1795390000002 } from './1795390000002-OperatorReports';
import { Withdrawals1795390000003 } from './1795390000003-Withdrawals';
import { EventsApi1795400000000 } from './1795400000000-EventsApi';
import { IncrementalInvariants1795410030000 } from './1795410030000-IncrementalInvariants';
import { HotPathStorage1795410050000 } from './1795410050000-HotPathStorage';
import { OutboxPublishedJob1795410060000 } from './1795410060000-OutboxPublishedJob';

/** Every migration, in order. TypeORM runs them from this list, never from a glob. */
export const MIGRATIONS = [
  InitialSchema1795314900000,
  MerchantApi1795320000000,
  WebhookDeliveryLeases1795340000000,
  Durability1795350000000,
  PerModeWebhookSettings1795360000000,
  MerchantDashboard1795370000000,
  RequestTracing1795380000000,
  OpsConsole1795381000000,
  Settlement1795390000000,
  LedgerAdjustments1795390000001,
  OperatorReports1795390000002,
  Withdrawals1795390000003,
  EventsApi1795400000000,
  IncrementalInvariants1795410030000,
  HotPathStorage1795410050000,
  OutboxPublishedJob1795410060000,
];
