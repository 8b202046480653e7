/**
 * What money requests need from the hosting service's config (the gateway's and the dashboard's
 * config classes both carry these settings). Provided in a service module as
 * `{ provide: MoneyRequestSettings, useExisting: <ServiceConfig> }`.
 */
export abstract class MoneyRequestSettings {
  /** How long a money request waits for payments-core before answering 503 (retry with the same key). */
  abstract COMMAND_WAIT_MS: number;
  /** How long an Idempotency-Key and its first answer are kept (contract: at least 24 hours). */
  abstract IDEMPOTENCY_RETENTION_HOURS: number;
  /** Seals stored answers that carry secrets shown once. */
  abstract SECRETS_ENCRYPTION_KEY: string;
}
