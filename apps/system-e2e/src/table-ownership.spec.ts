import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as data from '@momo/data';
import { DATABASE_SERVICES, DatabaseModule, LedgerRepository, ownershipViolations, TABLE_OWNERSHIP, TABLES, WebhookDeliveriesRepository } from '@momo/data';
import { WORKSPACE_ROOT } from '@momo/testing';
import {
  dataRepositoriesImported,
  declaredRepositories,
  entityTablesIn,
  productionFiles,
  repositoryFilesIn,
  sqlBuildersImportedIn,
  tablesWrittenIn,
  withoutComments,
  writesOfRepositories,
} from './architecture/source-scan';

const DATA = join(WORKSPACE_ROOT, 'libs/data/src');
const entityTables = entityTablesIn(join(DATA, 'entities'));
const repositoryFiles = repositoryFilesIn(join(DATA, 'repositories'));
const found = writesOfRepositories(repositoryFiles, entityTables);
const sorted = (items: Iterable<string>) => [...items].sort();

/** A repository class exported by @momo/data, by name. */
function repository(name: string): data.RepositoryClass | undefined {
  const value = (data as Record<string, unknown>)[name];
  return typeof value === 'function' && Array.isArray((value as { writes?: unknown }).writes) ? (value as data.RepositoryClass) : undefined;
}

/**
 * Each table is written only by the services TABLE_OWNERSHIP names: every repository declares
 * the tables it writes (checked here against its SQL), every service declares its repositories
 * (src/repositories.ts, which is all its DatabaseModule registers), and no service writes SQL of
 * its own.
 */
describe('table ownership', () => {
  it('names every table the migrations create, and nothing else', () => {
    const migrations = join(DATA, 'migrations');
    const created = readdirSync(migrations)
      .filter((f) => f.endsWith('.ts') && !f.includes('spec'))
      .flatMap((f) => [...readFileSync(join(migrations, f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_]+)/g)].map((m) => m[1]));
    expect(sorted(new Set(created))).toEqual(sorted(TABLES));
    expect(sorted(Object.keys(TABLE_OWNERSHIP))).toEqual(sorted(TABLES));
  });

  it('has each repository declare exactly the tables its statements write', () => {
    expect(repositoryFiles.size).toBeGreaterThan(20);
    const mismatches = [...repositoryFiles.keys()].flatMap((name) => {
      const declared = repository(name)?.writes;
      if (!declared) return [`${name} declares no writes (static readonly writes)`];
      const actual = sorted(found.get(name) ?? []);
      return JSON.stringify(sorted(declared)) === JSON.stringify(actual) ? [] : [`${name} declares [${sorted(declared)}] but writes [${actual}]`];
    });
    expect(mismatches).toEqual([]);
  });

  it('keeps SQL writes inside repositories in libs/data', () => {
    const helpers = readdirSync(join(DATA, 'repositories')).filter((f) => f.endsWith('.ts') && !f.endsWith('.repository.ts') && !/spec\.ts$/.test(f));
    for (const file of helpers) expect([file, sorted(tablesWrittenIn(readFileSync(join(DATA, 'repositories', file), 'utf8'), entityTables))]).toEqual([file, []]);
    for (const service of DATABASE_SERVICES) {
      const writing = productionFiles(join(WORKSPACE_ROOT, 'apps', service, 'src')).filter((file) => tablesWrittenIn(readFileSync(file, 'utf8'), entityTables).size > 0);
      expect([service, writing]).toEqual([service, []]);
    }
  });

  for (const service of DATABASE_SERVICES) {
    describe(service, () => {
      const file = join(WORKSPACE_ROOT, 'apps', service, 'src', 'repositories.ts');
      const declared = existsSync(file) ? declaredRepositories(readFileSync(file, 'utf8')) : null;

      it('declares its repositories in src/repositories.ts, each one of libs/data', () => {
        expect(declared).not.toBeNull();
        expect(declared!.filter((name) => !repository(name))).toEqual([]);
      });

      it('writes only tables it may write', () => {
        expect(ownershipViolations(service, declared!.map((name) => repository(name)!))).toEqual([]);
      });

      it('uses only the repositories it declares', () => {
        const used = new Set(
          productionFiles(join(WORKSPACE_ROOT, 'apps', service, 'src'))
            .filter((f) => f !== file)
            .flatMap((f) => dataRepositoriesImported(withoutComments(readFileSync(f, 'utf8')))),
        );
        expect(sorted(used).filter((name) => !declared!.includes(name))).toEqual([]);
      });
    });
  }

  it('lets apps without a database use no repository', () => {
    const apps = readdirSync(join(WORKSPACE_ROOT, 'apps')).filter((name) => !(DATABASE_SERVICES as readonly string[]).includes(name) && name !== 'system-e2e');
    expect(apps).toContain('operator-simulator');
    for (const app of apps) {
      const used = productionFiles(join(WORKSPACE_ROOT, 'apps', app, 'src')).flatMap((f) => dataRepositoriesImported(readFileSync(f, 'utf8')));
      expect([app, used]).toEqual([app, []]);
    }
  });

  describe('the checks themselves', () => {
    it('report a service that registers a repository writing another service’s table', () => {
      expect(ownershipViolations('reconciler', [LedgerRepository, WebhookDeliveriesRepository])).toEqual([
        'reconciler registers LedgerRepository, which writes ledger_accounts (owned by payments-core)',
        'reconciler registers LedgerRepository, which writes ledger_journals (owned by payments-core)',
        'reconciler registers LedgerRepository, which writes ledger_entries (owned by payments-core)',
        'reconciler registers WebhookDeliveriesRepository, which writes webhook_deliveries (owned by webhook-dispatcher)',
        'reconciler registers WebhookDeliveriesRepository, which writes webhook_attempts (owned by webhook-dispatcher)',
      ]);
      expect(() => DatabaseModule.forService('reconciler', [LedgerRepository])).toThrow('table ownership: reconciler registers LedgerRepository');
    });

    it('find the writes a repository does not declare', () => {
      const source = `
        /** UPDATE nothing: a comment. */
        export class BadRepository {
          static readonly writes = [];
          async a() { await em.query(\`INSERT INTO transactions (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = $1\`); }
          async b() { await em.query(\`UPDATE ledger_accounts a SET balance = 0\`); await em.query(\`SELECT 1 FROM apps FOR UPDATE\`); }
          async c() { await em.delete(ApiKeyEntity, { id }); await em.query(\`DELETE FROM webhook_attempts\`); }
        }`;
      expect(sorted(tablesWrittenIn(source, entityTables))).toEqual(['api_keys', 'ledger_accounts', 'transactions', 'webhook_attempts']);
    });

    it('count the statements a repository builds from another repository’s SQL builders as its writes', () => {
      const modules: Record<string, string> = { 'idempotency.repository': 'IdempotencyRepository', 'fee.sql': '' };
      const source = `
        import { ClaimRequest, claimKeysSql } from './idempotency.repository';
        import { feeRuleSql } from './fee.sql';
        import { traceOf } from './transactions.repository';`;
      expect([...sqlBuildersImportedIn(source, (module) => modules[module] || undefined)]).toEqual(['IdempotencyRepository']);
      expect(sorted(found.get('TransactionsRepository') ?? [])).toEqual(['idempotency_keys', 'transactions']);
    });

    it('find a repository the service uses but did not declare', () => {
      const source = `import { LedgerRepository, TransactionEntity, TransactionReadsRepository as Reads } from '@momo/data';`;
      expect(dataRepositoriesImported(source)).toEqual(['LedgerRepository', 'TransactionReadsRepository']);
      expect(declaredRepositories(`export const X_REPOSITORIES: RepositoryClass[] = [\n  A,\n  B, // why\n];`)).toEqual(['A', 'B']);
    });
  });
});
