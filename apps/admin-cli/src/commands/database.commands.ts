import { Command } from 'commander';
import { ensureDatabase, runMigrations } from '@momo/data';
import { loadConfig } from '@momo/platform';
import { DatabaseCliConfig } from '../admin-cli.config';

export function databaseCommands(program: Command): void {
  program
    .command('migrate')
    .description('Apply pending migrations (safe to run from several replicas at once).')
    .option('--create', 'create the database first if it does not exist')
    .action(async (options: { create?: boolean }) => {
      const { DATABASE_URL } = loadConfig(DatabaseCliConfig);
      if (options.create && (await ensureDatabase(DATABASE_URL))) console.log('created database');
      const applied = await runMigrations(DATABASE_URL, (line) => console.log(line));
      console.log(applied.length ? `${applied.length} migration(s) applied` : 'schema is up to date');
    });
}
