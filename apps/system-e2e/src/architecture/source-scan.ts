import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** TypeORM calls that write through an entity, e.g. `em.insert(ApiKeyEntity, …)`. */
const ENTITY_WRITE = /\.(?:save|insert|update|upsert|delete|remove|softDelete|increment|decrement)\(\s*(\w+Entity)\b/g;
/** SQL that writes a table; `FOR UPDATE` and `DO UPDATE SET` are not table names. */
const SQL_WRITE = /(?<!FOR\s)(?<!DO\s)\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+([a-z_][a-z0-9_]*)\b/g;

export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/[^\n]*/g, '$1');
}

/** The tables a source file writes by itself: SQL statements and TypeORM entity writes. */
export function tablesWrittenIn(source: string, entityTables: ReadonlyMap<string, string>): Set<string> {
  const code = withoutComments(source);
  const tables = new Set<string>();
  for (const match of code.matchAll(SQL_WRITE)) tables.add(match[1]);
  for (const match of code.matchAll(ENTITY_WRITE)) tables.add(entityTables.get(match[1]) ?? `unknown table of ${match[1]}`);
  return tables;
}

/** Other repositories a repository writes through: constructed (`new X(`) or injected (`readonly x: X`). */
export function repositoriesUsedIn(source: string, self: string): Set<string> {
  const code = withoutComments(source);
  const used = new Set<string>();
  for (const match of code.matchAll(/\bnew (\w+Repository)\(|\breadonly \w+: (\w+Repository)\b/g)) used.add(match[1] ?? match[2]);
  used.delete(self);
  return used;
}

/** `@Entity('table') export class XEntity`, for every entity file. */
export function entityTablesIn(entitiesDir: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of readdirSync(entitiesDir).filter((f) => f.endsWith('.entity.ts'))) {
    const source = readFileSync(join(entitiesDir, file), 'utf8');
    for (const match of source.matchAll(/@Entity\('([a-z_]+)'\)\s*export class (\w+)/g)) tables.set(match[2], match[1]);
  }
  return tables;
}

/** The repository classes and their files: `export class XRepository` in libs/data/src/repositories. */
export function repositoryFilesIn(repositoriesDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(repositoriesDir).filter((f) => f.endsWith('.ts') && !/\.(spec|int-spec)\.ts$/.test(f))) {
    const source = readFileSync(join(repositoriesDir, file), 'utf8');
    for (const match of source.matchAll(/export class (\w+Repository)\b/g)) files.set(match[1], join(repositoriesDir, file));
  }
  return files;
}

/**
 * Repositories whose statements a file builds into its own: it imports a SQL builder (a `…Sql`
 * function, e.g. claimKeysSql) from their file. `repositoryIn` names the repository of a sibling module.
 */
export function sqlBuildersImportedIn(source: string, repositoryIn: (module: string) => string | undefined): Set<string> {
  const used = new Set<string>();
  for (const match of withoutComments(source).matchAll(/import \{([^}]*)\} from '\.\/([\w.-]+)'/g)) {
    const names = match[1].split(',').map((name) => name.trim().replace(/^type\s+/, ''));
    const repository = repositoryIn(match[2]);
    if (repository && names.some((name) => /Sql$/.test(name))) used.add(repository);
  }
  return used;
}

/** The tables each repository writes, following the repositories it writes through or builds statements from. */
export function writesOfRepositories(files: ReadonlyMap<string, string>, entityTables: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const repositoryOfModule = new Map([...files].map(([name, file]) => [basename(file, '.ts'), name]));
  const direct = new Map<string, { tables: Set<string>; uses: Set<string> }>();
  for (const [name, file] of files) {
    const source = readFileSync(file, 'utf8');
    const uses = new Set([...repositoriesUsedIn(source, name), ...sqlBuildersImportedIn(source, (module) => repositoryOfModule.get(module))]);
    direct.set(name, { tables: tablesWrittenIn(source, entityTables), uses });
  }
  const resolve = (name: string, seen: Set<string>): Set<string> => {
    const entry = direct.get(name);
    if (!entry || seen.has(name)) return new Set();
    seen.add(name);
    return new Set([...entry.tables, ...[...entry.uses].flatMap((used) => [...resolve(used, seen)])]);
  };
  return new Map([...files.keys()].map((name) => [name, resolve(name, new Set())]));
}

/** A service's declared repositories: the names in `export const X_REPOSITORIES… = [ … ]` of src/repositories.ts. */
export function declaredRepositories(source: string): string[] | null {
  const match = /export const \w+_REPOSITORIES\b[^=]*=\s*\[([^\]]*)\]/.exec(withoutComments(source));
  return match ? match[1].split(',').map((name) => name.trim()).filter(Boolean) : null;
}

/** Production source files of a project (no tests, no test support). */
export function productionFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : productionFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(name) ? [path] : [];
  });
}

/** Repository classes a file imports from @momo/data. */
export function dataRepositoriesImported(source: string): string[] {
  return [...source.matchAll(/import (?:type )?\{([^}]*)\} from '@momo\/data'/g)].flatMap((match) =>
    match[1]
      .split(',')
      .map((name) => name.trim().split(/\s+as\s+/)[0])
      .filter((name) => /Repository$/.test(name)),
  );
}
