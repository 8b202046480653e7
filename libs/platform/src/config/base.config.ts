import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Matches, Max, Min } from 'class-validator';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A Postgres to connect to: by host, or by socket directory with `?host=/path` (pg reads it). */
export const IsPostgresUrl = () => Matches(/^postgres(ql)?:\/\/.+/, { message: 'must be a postgres:// connection URL' });

/** A Redis to connect to: redis:// or rediss:// by host, or unix:// by socket file (redis-connection.ts). */
export const IsRedisUrl = () => Matches(/^(rediss?:\/\/.+|unix:\/\/\/.+)/, { message: 'must be a redis://, rediss:// or unix:// URL' });

/** Idle pooled Postgres connections close after ten minutes (node-postgres' own default is ten seconds). */
export const DEFAULT_POOL_IDLE_TIMEOUT_MS = 600_000;

/** Settings every service has. Each service's config class extends one of these. */
export class ServiceConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsIn(LOG_LEVELS)
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /** Pretty, human-readable logs (development); JSON lines otherwise. */
  @IsIn(['true', 'false'])
  LOG_PRETTY: 'true' | 'false' = 'false';

  @IsString() @IsNotEmpty()
  HOST: string = '0.0.0.0';

  @IsInt() @Min(0) @Max(65535)
  PORT: number = 3000;

  /**
   * The operator surface (`/health/live`, `/health/ready`, `/metrics`) listens here, never on
   * PORT. Defaults: api-gateway 9100, payments-core 9101, operator-adapter 9102, reconciler 9103,
   * webhook-dispatcher 9104, operator-simulator 9105, merchant-dashboard 9106, ops-console 9107.
   */
  @IsInt() @Min(0) @Max(65535)
  MANAGEMENT_PORT: number = 9100;

  /**
   * Peers whose X-Forwarded-For is believed (the ingress, load balancer): comma-separated
   * addresses, CIDR ranges or the names loopback, linklocal, uniquelocal (private ranges); `none`
   * believes nobody. The client address (per-source limits, the callback log) is the nearest
   * address in the chain that is not a trusted proxy, so a client cannot choose its own.
   */
  @Matches(/^(none|[0-9a-zA-Z:./, ]+)$/, { message: 'must be none or a comma-separated list of addresses, CIDR ranges, loopback, linklocal, uniquelocal' })
  TRUSTED_PROXIES: string = 'loopback,linklocal,uniquelocal';

  /**
   * On SIGTERM, how long in-flight requests and jobs get to finish before their connections are
   * cut (the process exits at the latest after twice this). Keep it under the orchestrator's
   * kill timeout (Kubernetes: terminationGracePeriodSeconds).
   */
  @IsInt() @Min(100) @Max(120_000)
  SHUTDOWN_GRACE_MS: number = 10_000;

  /**
   * OTLP/HTTP collector base URL (e.g. http://otel-collector:4318). Set: traces of every request
   * and job are exported there. Unset: tracing is off and costs nothing.
   */
  @IsOptional() @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}

/** Services that use Postgres and the BullMQ queues on Redis. */
export class InfraConfig extends ServiceConfig {
  @IsPostgresUrl()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/momo';

  @IsInt() @Min(1) @Max(200)
  DATABASE_POOL_SIZE: number = 10;

  /**
   * How long a pooled connection may sit idle before it is closed. A new Postgres connection costs
   * the server a process and tens of milliseconds of CPU, and its first statements are planned
   * again on cold caches: pools that shrink after every burst pay that on the next one
   * (docs/performance.md, step 31). 0 keeps them open for the life of the process.
   */
  @IsInt() @Min(0) @Max(86_400_000)
  DATABASE_POOL_IDLE_TIMEOUT_MS: number = DEFAULT_POOL_IDLE_TIMEOUT_MS;

  @IsRedisUrl()
  REDIS_URL: string = 'redis://127.0.0.1:6379/0';

  /** Namespace of every BullMQ key; lets several environments share one Redis. */
  @Matches(/^[a-zA-Z0-9_-]{1,32}$/, { message: 'must be 1-32 letters, digits, _ or -' })
  QUEUE_PREFIX: string = 'momo';

  /** Longest wait for Redis to take a job before the caller treats the queue as unavailable. */
  @IsInt() @Min(100) @Max(60_000)
  QUEUE_COMMAND_TIMEOUT_MS: number = 5_000;

  /**
   * Request/reply calls (gateway -> payments-core -> operator-adapter): how many batch jobs of one
   * kind a process keeps in flight before newer calls wait to leave together in the next one, and
   * the most calls in one batch. Fewer in flight = bigger batches under load = less Redis work per
   * call, at the price of a wait of up to one call's duration.
   */
  @IsInt() @Min(1) @Max(64)
  RPC_BATCHES_IN_FLIGHT: number = 4;

  @IsInt() @Min(1) @Max(500)
  RPC_MAX_BATCH: number = 50;

  /**
   * Fire-and-forget jobs sent in batches (JobBatches: the operator results): how long an item
   * waits for others to leave with it. Under steady load they arrive one by one; 10 ms gathers
   * about three at 300/s for a tenth of a second of nobody's waiting, and one job instead of three.
   */
  @IsInt() @Min(0) @Max(1_000)
  JOB_BATCH_LINGER_MS: number = 10;
}
