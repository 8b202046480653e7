import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ConsoleAccountsRepository, ConsoleOperator, ConsoleRole } from '@momo/data';
import { hashPassword } from '@momo/platform';

export interface SeededConsoleOperator {
  account: ConsoleOperator;
  email: string;
  password: string;
}

/** An on-call console account (as `admin-cli operator create` makes one), with its password. */
export async function seedConsoleOperator(dataSource: DataSource, options: { email: string; role?: ConsoleRole; name?: string }): Promise<SeededConsoleOperator> {
  const password = randomBytes(12).toString('base64url');
  const account = await new ConsoleAccountsRepository(dataSource).upsertOperator({
    id: randomUUID(),
    email: options.email,
    name: options.name ?? options.email.split('@')[0],
    role: options.role ?? 'operator',
    passwordHash: await hashPassword(password),
  });
  return { account, email: account.email, password };
}
