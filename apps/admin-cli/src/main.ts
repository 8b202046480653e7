import 'reflect-metadata';
import { Command } from 'commander';
import { ConfigError } from '@momo/platform';
import { databaseCommands } from './commands/database.commands';
import { seedDemoCommand } from './commands/seed-demo.command';

/** Platform-operator commands: schema, merchants, keys. `admin-cli --help` lists them. */
const program = new Command('admin-cli').description('Administration of the mobile-money gateway.');
databaseCommands(program);
seedDemoCommand(program);

program.parseAsync(process.argv).catch((error: unknown) => {
  process.stderr.write(`admin-cli: ${error instanceof ConfigError ? error.message : (error as Error).message}\n`);
  process.exit(1);
});
