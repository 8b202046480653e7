import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';
import { IsPostgresUrl, ServiceConfig } from '@momo/platform';

const URL_OPTIONS = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * The simulated operators' own settings: the credentials they accept, their limits, how fast
 * simulated customers answer, and where the simulator keeps its own books (a separate system
 * from ours, so a separate schema or database).
 */
export class SimulatorConfig extends ServiceConfig {
  override PORT: number = 3005;
  override MANAGEMENT_PORT: number = 9105;

  /**
   * The simulator's own record of wallets and transactions (schema operator_simulator). Unset, it
   * shares DATABASE_URL's database (in its own schema), then the local development database.
   */
  @IsOptional() @IsPostgresUrl()
  SIMULATOR_DATABASE_URL?: string;

  @IsOptional() @IsPostgresUrl()
  DATABASE_URL?: string;

  @IsInt() @Min(1) @Max(100)
  SIMULATOR_DATABASE_POOL_SIZE: number = 5;

  /**
   * 'off': the simulator's commits do not wait for the disk. Safe while it shares our Postgres
   * server, whose next waiting commit of ours flushes them (docs/simulator.md); 'on' for a
   * simulator on a server of its own that may crash.
   */
  @IsIn(['on', 'off']) SIMULATOR_SYNCHRONOUS_COMMIT: 'on' | 'off' = 'off';

  // MTN MoMo: API user (a UUID v4, as MTN issues them), API key, one subscription key per product.
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, { message: 'must be a UUID v4' })
  MTN_API_USER: string = '0b8b5a52-4a4e-4d3f-9c43-7f1a2d6e8b10';
  @IsString() MTN_API_KEY: string = 'sandbox-api-key';
  @IsString() MTN_COLLECTION_SUBSCRIPTION_KEY: string = 'sandbox-collection-key';
  @IsString() MTN_DISBURSEMENT_SUBSCRIPTION_KEY: string = 'sandbox-disbursement-key';
  @IsString() MTN_TARGET_ENVIRONMENT: string = 'sandbox';

  // Airtel Money: OAuth client, the disbursement PIN, and the RSA key pair the PIN is encrypted
  // with (the public half is what Airtel's portal hands to integrators). Simulator-only values.
  @IsString() AIRTEL_CLIENT_ID: string = 'sandbox-airtel-client';
  @IsString() AIRTEL_CLIENT_SECRET: string = 'sandbox-airtel-secret';
  @Matches(/^\d{4}$/) AIRTEL_DISBURSEMENT_PIN: string = '1234';
  @IsString() AIRTEL_PIN_PRIVATE_KEY: string = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC/nn6RtTc9mQiK5MHeclPoFDxHGmBdvilkHb13/8Pwi9D4zAT+UpJt2tBrcKm+5W+SoyNIKdavIEDxPLgmfKkVU43h1jeL2lGdZtWsmqLcYhVEpAAqRmof9+fM0hDIS8U4nz9Uo/9I4Nrw4XJCRMygm8d7xqNmzytNe9XwWJi5LKRRLoSa/Ar1RAP8J7Yj0m0vMPzfiDQmwS74XCMnxEjF1XRjBLp6JerFNmzDBXEh2vwuQTeOrXkqxjsqVZlBIqgfsntrjVS+NThZuukXK3RVwIyjmoHk8xFfoJtll1RVwSf6CzKor5KitMRCBLhmANSb4MGj3VY7YVHCn2SgQEfhAgMBAAECggEAWKPsX+Ho4mVC5uFob0sK1n5Z3fhtIKBBjG8XgQW/Mayz6AuUucMfupKwvCq7UzPWd4pg3VaBWbS9ZfrVIvSi0Ns8dH6AZoEBJSN3b6d+9BypQv3sl6HIIO6we3anTciDPKyqArD0fFWL4kcf8FjcIeW+E1txpjLqkKba8hpB19JpPXpk6LA0+2iwqDOetmqVbaeJgxakuFSTOV08nsQLmeeZXQksQteZYYQHcqn2QKOKndDuQgf12rpeVCHVKEmcD2vta4oDirBSXGKZR8wJkxTuDTm/luqd+kFi+4kM2t/lNc/axcJT+ol8lNVAhfTMPcqm1fmCPHK2ZQv8cZcVMwKBgQD2oDy4wXD9U7NcuL4P+uB6X056OxMNgaf0JCv6bEOP5KSIwb+iZsejnSQP6JmFBj5nsubZAPOiKCf4KIfL/2kdJI/+YHGomEMdkUEwVS7thGSLw82ChFmKKAaUnQ7hYgX9L+r5iImyw9X+kxT+2LKmdKWV4jRfJE4sRsC7DH7LdwKBgQDG5wU00uAegHH8zwX3KCcvwaKroCDt/iDC+MPDwZB8B+TDg7GQ+vHIzeaN5DwLS7ugmb0+DmbYuQqm0FYOQnC2aekh2rB42QP8Igoq51ukyib1sms6OD0bV9A6ZS1/OfbKj7dqqsFTrAGvFotlTU3Bo8N4/8kgpzBfj6sW2WutZwKBgAtaexEiTppK5SHqm01PBlB73LgByjG/+0Rg+elQXJfeNbjZ+oF2a9BbZpKY6aBXFj5d3QS2Z4DaimSBMScx/dvKmBpkxDa3s7dDvZWFBmEGzD4m6GoOv7R9fTgQNuQnSBFMyGtuXrBtFYffq4LD5Q2GpyzMOg77M+IT68FwpNGnAoGAYhon0zn/GIw5rHtfcdv4F/HljcjY9QlWl1OjGrYp0UMDbftSZTOgdW44vNtJUjj0Pe4WDLmFuHbr7gLrrvTOKupp9iyqxbAj6wPPCAI8jTa3qI9rm7eJTCcvqN2mZw3rz1S7Hn1CBUbdPcJc1oYeR9fB3bgrN1O+5CM0O3zZQxkCgYEAwmccpsMvU+li/ZTBGFWD0M/sfNIUGo7YaI+pvqCviEpe4D0tziDqgklvf4yTAR8rqpbL/ZbacG9Oxic7zICDD8lQW+d4WwqufHcn2sFYgzyRuTcHKKzfT4sbCL+xrqhnTig1721+PkEjOYW1/JyhseuHmrFR5x3XjCVbl9PYvC0=';
  @IsString() AIRTEL_PIN_PUBLIC_KEY: string = 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv55+kbU3PZkIiuTB3nJT6BQ8RxpgXb4pZB29d//D8IvQ+MwE/lKSbdrQa3CpvuVvkqMjSCnWryBA8Ty4JnypFVON4dY3i9pRnWbVrJqi3GIVRKQAKkZqH/fnzNIQyEvFOJ8/VKP/SODa8OFyQkTMoJvHe8ajZs8rTXvV8FiYuSykUS6EmvwK9UQD/Ce2I9JtLzD834g0JsEu+FwjJ8RIxdV0YwS6eiXqxTZswwVxIdr8LkE3jq15KsY7KlWZQSKoH7J7a41UvjU4WbrpFyt0VcCMo5qB5PMRX6CbZZdUVcEn+gsyqK+SorTEQgS4ZgDUm+DBo91WO2FRwp9koEBH4QIDAQAB';
  /** Airtel calls back on one URL registered in its portal, not one sent per request. */
  @IsUrl(URL_OPTIONS) AIRTEL_CALLBACK_URL: string = 'http://127.0.0.1:3002/callbacks/airtel';
  /** Token lifetime Airtel announces (180 s), sent as a string as Airtel sometimes does. */
  @IsInt() @Min(1) @Max(86_400) AIRTEL_TOKEN_TTL_SECONDS: number = 180;

  /** Lifetime of issued MTN access tokens, in seconds (MTN: 3600). */
  @IsInt() @Min(1) @Max(86_400)
  TOKEN_TTL_SECONDS: number = 3600;

  /** How long the simulated customer takes to approve a prompt (or a transfer to complete). */
  @IsInt() @Min(0) @Max(600_000)
  APPROVAL_DELAY_MS: number = 300;

  /** The "approve after a delay" scenario. */
  @IsInt() @Min(0) @Max(3_600_000)
  DELAYED_APPROVAL_MS: number = 5_000;

  /** How long a prompt waits for the customer before it expires (MTN: about 5 minutes). */
  @IsInt() @Min(0) @Max(3_600_000)
  PROMPT_WINDOW_MS: number = 5_000;

  /** "Callback before the status is final": how long the status stays pending after that callback. */
  @IsInt() @Min(0) @Max(600_000)
  EARLY_CALLBACK_LEAD_MS: number = 2_000;

  /** "Slow answers": how long the operator sits on a request before answering. */
  @IsInt() @Min(0) @Max(600_000)
  SLOW_ANSWER_MS: number = 15_000;

  /** Retry-After the operator sends with 429 and 503 answers. */
  @IsInt() @Min(1) @Max(3_600)
  RETRY_AFTER_SECONDS: number = 7;

  /** Per-transaction and per-customer daily limits, in RWF (refusals name the limit). */
  @IsInt() @Min(1) PER_TRANSACTION_LIMIT: number = 2_000_000;
  @IsInt() @Min(1) DAILY_LIMIT: number = 5_000_000;

  /** Opening balance of every customer wallet, and of our collection and disbursement accounts. */
  @IsInt() @Min(0) WALLET_OPENING_BALANCE: number = 10_000_000;
  @IsInt() @Min(0) ACCOUNT_OPENING_BALANCE: number = 1_000_000_000;

  /** How often due customer answers are looked for (they survive restarts in the database). */
  @IsInt() @Min(10) @Max(10_000)
  RESOLVE_INTERVAL_MS: number = 100;

  @IsIn(['true', 'false'])
  CALLBACKS_ENABLED: 'true' | 'false' = 'true';
}

export function simulatorDatabaseUrl(config: SimulatorConfig): string {
  return config.SIMULATOR_DATABASE_URL ?? config.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/momo';
}
