#!/usr/bin/env node
import { parseArgs, ParseArgsConfig } from 'node:util';
import { SDK_VERSION } from '../http/http-client';
import { Command, contextFor } from './command';
import { accountCommands } from './commands/account';
import { listenCommand } from './commands/listen';
import { loginCommand } from './commands/login';
import { moneyCommands } from './commands/money';
import { settlementCommands } from './commands/settlement';
import { triggerCommand } from './commands/trigger';
import { cliEnvironment, loadConfig } from './config';
import { Output } from './output';

/** `momo`: the developer CLI. Friendly output by default, `--json` for scripts; progress and errors on stderr. */
export const COMMANDS: Command[] = [loginCommand, ...moneyCommands, ...accountCommands, ...settlementCommands, listenCommand, triggerCommand];

const GLOBAL_OPTIONS: ParseArgsConfig['options'] = {
  json: { type: 'boolean' },
  'api-key': { type: 'string' },
  'base-url': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    `momo ${SDK_VERSION}: the mobile-money gateway from your terminal`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  momo ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --json (machine-readable output), --api-key KEY and --base-url URL',
    '(or MOMO_API_KEY and MOMO_BASE_URL); otherwise the keys saved by `momo login` are used.',
    '`momo <command> --help` shows its options.',
  ].join('\n');
}

/** Runs one command line; resolves to the exit code. */
export async function run(argv: string[], signal: AbortSignal = new AbortController().signal): Promise<number> {
  const json = argv.includes('--json');
  const output = new Output(json);
  // The command's words come first: `momo payments create --amount 1500 …`; the longest name wins.
  const command = [...COMMANDS]
    .sort((a, b) => b.name.length - a.name.length)
    .find((c) => c.name.split(' ').every((word, i) => argv[i] === word));
  if (!command) {
    if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
      process.stdout.write(`${help()}\n`);
      return 0;
    }
    if (argv.includes('--version')) {
      process.stdout.write(`${SDK_VERSION}\n`);
      return 0;
    }
    output.error(new Error(`unknown command: momo ${argv.filter((a) => !a.startsWith('-')).slice(0, 2).join(' ')}\n\n${help()}`));
    return 2;
  }
  try {
    const rest = argv.slice(command.name.split(' ').length);
    const parsed = parseArgs({ args: rest, options: { ...GLOBAL_OPTIONS, ...command.options }, allowPositionals: true, strict: true });
    if (parsed.values.help) {
      process.stdout.write(`${command.summary}\n\nUsage: ${command.usage}\n`);
      return 0;
    }
    const environment = cliEnvironment();
    const config = await loadConfig(environment.configFile);
    await command.run(contextFor(command, parsed as never, output, config, environment, signal));
    return 0;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      output.error(new Error(`${(error as Error).message}\nUsage: ${command.usage}`));
      return 2;
    }
    output.error(error);
    return 1;
  }
}

if (require.main === module) {
  const controller = new AbortController();
  let interrupted = false;
  process.on('SIGINT', () => {
    if (interrupted) process.exit(130);
    interrupted = true;
    controller.abort();
  });
  process.on('SIGTERM', () => controller.abort());
  void run(process.argv.slice(2), controller.signal).then((code) => {
    process.exitCode = code;
  });
}
