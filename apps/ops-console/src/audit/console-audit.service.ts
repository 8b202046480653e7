import { Injectable, Logger } from '@nestjs/common';
import { AuditEntry, ConsoleAccountsRepository } from '@momo/data';
import { SignedInRequest } from '../auth/signed-in';

/** Every console action, written to Postgres: who, what, on what, with which outcome, when and from where. */
@Injectable()
export class ConsoleAudit {
  private readonly logger = new Logger(ConsoleAudit.name);

  constructor(private readonly accounts: ConsoleAccountsRepository) {}

  async record(by: SignedInRequest, action: string, target: string | null, outcome: AuditEntry['outcome'], details: Record<string, unknown> = {}): Promise<void> {
    const { operator } = by.session;
    await this.write({ operatorId: operator.id, operatorEmail: operator.email, action, target, details, outcome, ip: by.ip, userAgent: by.userAgent });
  }

  /** Before anyone is signed in (sign-in attempts): only the e-mail that was typed. */
  async recordAnonymous(email: string, operatorId: string | null, action: string, outcome: AuditEntry['outcome'], from: { ip: string | null; userAgent: string | null }, details: Record<string, unknown> = {}): Promise<void> {
    await this.write({ operatorId, operatorEmail: email.slice(0, 200), action, target: null, details, outcome, ...from });
  }

  private async write(entry: AuditEntry): Promise<void> {
    // An action whose audit row cannot be written is refused by the caller's error: the log must be complete.
    await this.accounts.audit(entry);
    this.logger.log({ action: entry.action, target: entry.target, outcome: entry.outcome, operator: entry.operatorEmail }, 'console action');
  }
}
