import type { ParseArgsConfig } from 'node:util';
import { Momo } from '../client';
import type { MomoClientOptions } from '../http/http-client';
import { CliConfig, CliEnvironment, saveConfig } from './config';
import { Output } from './output';

export type KeyNeed = 'app' | 'account' | 'any' | 'none';

export interface CommandContext {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  output: Output;
  config: CliConfig;
  environment: CliEnvironment;
  /** The client for the key this command needs (from --api-key, MOMO_API_KEY or the config). */
  client(): Momo;
  saveConfig(config: CliConfig): Promise<void>;
  /** Ends long-running commands (listen) on Ctrl-C or when the CLI is stopped. */
  signal: AbortSignal;
}

export interface Command {
  /** `payments create`, `balance`… */
  name: string;
  summary: string;
  usage: string;
  options?: ParseArgsConfig['options'];
  key: KeyNeed;
  run(context: CommandContext): Promise<void>;
}

export function contextFor(
  command: Command,
  parsed: { values: CommandContext['values']; positionals: string[] },
  output: Output,
  config: CliConfig,
  environment: CliEnvironment,
  signal: AbortSignal,
  clientOptions: Partial<MomoClientOptions> = {},
): CommandContext {
  let client: Momo | undefined;
  return {
    ...parsed,
    output,
    config,
    environment,
    signal,
    saveConfig: (next) => saveConfig(environment.configFile, next),
    client() {
      client ??= new Momo({
        ...clientOptions,
        apiKey: keyFor(command, parsed.values['api-key'] as string | undefined, config, environment),
        baseUrl: (parsed.values['base-url'] as string | undefined) ?? environment.baseUrl ?? config.baseUrl,
        onRetry: (info) =>
          output.progress(
            `… ${info.method} ${info.path} ${info.status ? `answered ${info.status}${info.code ? ` ${info.code}` : ''}` : info.timedOut ? 'timed out' : 'got no answer'}; retrying in ${(info.delayMs / 1000).toFixed(1)} s` +
              (info.idempotencyKey ? ` with the same Idempotency-Key ${info.idempotencyKey}` : ''),
          ),
      });
      return client;
    },
  };
}

function keyFor(command: Command, flag: string | undefined, config: CliConfig, environment: CliEnvironment): string {
  const key =
    flag ??
    environment.apiKey ??
    (command.key === 'account' ? config.accountKey : command.key === 'app' ? config.appKey : (config.appKey ?? config.accountKey));
  if (!key) {
    const kind = command.key === 'account' ? 'an account key (ak_test_…)' : 'an app key (sk_test_…)';
    throw new Error(`\`momo ${command.name}\` needs ${kind}: run \`momo login --key <key>\`, or pass --api-key`);
  }
  return key;
}
