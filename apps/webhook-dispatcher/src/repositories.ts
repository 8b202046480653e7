import { RepositoryClass, WebhookDeliveriesRepository } from '@momo/data';

/** The repositories webhook-dispatcher registers: the tables it writes are theirs (TABLE_OWNERSHIP in libs/data). */
export const WEBHOOK_DISPATCHER_REPOSITORIES: RepositoryClass[] = [
  WebhookDeliveriesRepository,
];
