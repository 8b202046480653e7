import 'reflect-metadata';
import { Command } from 'commander';
import { ConfigError } from '@momo/platform';
import { AdminError } from './admin-session';
import { consoleOperatorCommands } from './commands/console-operator.commands';
import { databaseCommands } from './commands/database.commands';
import { exceptionsCommands } from './commands/exceptions.commands';
import { invariantsCommand } from './commands/invariants.command';
import { keyCommands } from './commands/key.commands';
import { ledgerCommands } from './commands/ledger.commands';
import { merchantCommands } from './commands/merchant.commands';
import { queueCommands } from './commands/queue.commands';
import { reconcileCommands } from './commands/reconcile.commands';
import { seedDemoCommand } from './commands/seed-demo.command';
import { userCommands } from './commands/user.commands';

/** Platform-operator commands: schema, merchants, keys. `admin-cli --help` lists them (docs/admin-cli.md). */
const program = new Command('admin-cli').description('Administration of the mobile-money gateway.');
databaseCommands(program);
merchantCommands(program);
keyCommands(program);
userCommands(program);
queueCommands(program);
seedDemoCommand(program);
invariantsCommand(program);
exceptionsCommands(program);
consoleOperatorCommands(program);
ledgerCommands(program);
reconcileCommands(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof AdminError;
  process.stderr.write(`admin-cli: ${known ? (error as Error).message : `unexpected error: ${(error as Error).message}`}\n`);
  process.exit(1);
});
