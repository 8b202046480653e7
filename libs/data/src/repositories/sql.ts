import type { EntityManager } from 'typeorm';
import { queryRows } from './hydrate';

/**
 * SQL built from tagged templates: every `${value}` becomes a numbered parameter, so a value can
 * never land in the statement's text and the numbers can never be miscounted. Fragments nest
 * (a fragment inside a template is spliced in, its parameters renumbered), and `identifier`
 * admits a checked column name where a template needs one chosen at run time.
 */
export class Sql {
  private constructor(
    private readonly strings: readonly string[],
    private readonly values: readonly unknown[],
  ) {}

  static of(strings: TemplateStringsArray, ...values: unknown[]): Sql {
    return new Sql([...strings], values);
  }

  /** A column or table name (optionally qualified, `d.created_at`); anything else throws. */
  static identifier(name: string): Sql {
    if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/.test(name)) throw new Error(`not an SQL identifier: ${name}`);
    return new Sql([name], []);
  }

  /** SQL text that is a constant of this codebase (a shared expression), never anything received. */
  static trusted(text: string): Sql {
    return new Sql([text], []);
  }

  /** The fragments joined by `separator` (a fixed keyword such as ' AND '), each in parentheses. */
  static join(fragments: readonly Sql[], separator: ' AND ' | ' OR '): Sql {
    if (fragments.length === 0) throw new Error('nothing to join');
    const strings: string[] = [];
    const values: unknown[] = [];
    fragments.forEach((fragment, i) => {
      strings.push(i === 0 ? '(' : `)${separator}(`);
      values.push(fragment);
    });
    strings.push(')');
    return new Sql(strings, values);
  }

  /** The statement text with `$1`, `$2`… and its parameters in that order. */
  build(): { text: string; params: unknown[] } {
    const params: unknown[] = [];
    return { text: this.render(params), params };
  }

  private render(params: unknown[]): string {
    let text = this.strings[0];
    this.values.forEach((value, i) => {
      if (value instanceof Sql) text += value.render(params);
      else {
        params.push(value);
        text += `$${params.length}`;
      }
      text += this.strings[i + 1];
    });
    return text;
  }
}

export const sql = Sql.of;

/** Conditions joined by AND; optional filters are added only when they have a value. */
export class Where {
  private readonly conditions: Sql[] = [];

  and(condition: Sql): this {
    this.conditions.push(condition);
    return this;
  }

  /** Adds the condition built from `value` unless the filter is absent (undefined, null or ''). */
  andIf<T>(value: T | undefined | null, condition: (value: T) => Sql): this {
    if (value !== undefined && value !== null && value !== '') this.conditions.push(condition(value));
    return this;
  }

  toSql(): Sql {
    return Sql.join(this.conditions, ' AND ');
  }
}

/** Runs a statement built with `sql` and gives back its rows. */
export function rowsOf(em: EntityManager, statement: Sql): Promise<Record<string, unknown>[]> {
  const { text, params } = statement.build();
  return queryRows(em, text, params);
}
