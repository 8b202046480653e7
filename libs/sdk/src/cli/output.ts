import { MomoApiError, MomoConnectionError } from '../errors';

/** Where a command writes: results to stdout (JSON with --json), progress and errors to stderr. */
export class Output {
  constructor(
    readonly json: boolean,
    private readonly out: NodeJS.WritableStream = process.stdout,
    private readonly err: NodeJS.WritableStream = process.stderr,
  ) {}

  /** The result: JSON for scripts, or the friendly rendering. */
  result(value: unknown, friendly: () => string): void {
    this.out.write(this.json ? `${JSON.stringify(value, null, 2)}\n` : `${friendly()}\n`);
  }

  /** A line of output that is the result itself (streams like `listen`); JSON lines with --json. */
  line(value: unknown, friendly: string): void {
    this.out.write(this.json ? `${JSON.stringify(value)}\n` : `${friendly}\n`);
  }

  /** Progress for people, on stderr; with --json, stderr carries only the JSON error, so scripts can parse it. */
  progress(message: string): void {
    if (!this.json) this.err.write(`${message}\n`);
  }

  error(error: unknown): void {
    if (this.json) {
      this.err.write(`${JSON.stringify({ error: errorJson(error) })}\n`);
      return;
    }
    this.err.write(`Error: ${describeError(error)}\n`);
  }
}

function errorJson(error: unknown): Record<string, unknown> {
  if (error instanceof MomoApiError) {
    return { status: error.status, code: error.code, message: error.message, details: error.details, request_id: error.requestId };
  }
  if (error instanceof MomoConnectionError) return { code: error.timedOut ? 'TIMEOUT' : 'CONNECTION_FAILED', message: error.message, request_id: error.requestId };
  return { code: 'CLI_ERROR', message: error instanceof Error ? error.message : String(error) };
}

export function describeError(error: unknown): string {
  if (error instanceof MomoApiError) {
    const fields = error.details?.fields as Record<string, string[]> | undefined;
    const fieldLines = fields ? Object.entries(fields).map(([field, problems]) => `\n  ${field}: ${problems.join('; ')}`).join('') : '';
    return `${error.message} (${error.code}, HTTP ${error.status}, request ${error.requestId})${fieldLines}`;
  }
  if (error instanceof MomoConnectionError) return `${error.message} (request ${error.requestId})`;
  return error instanceof Error ? error.message : String(error);
}

/** `amount` in RWF, thousands separated: 1,500 RWF. */
export const rwf = (amount: number): string => `${amount.toLocaleString('en-US')} RWF`;

/** Aligned `label  value` lines. */
export function fields(rows: [string, unknown][]): string {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows
    .filter(([, value]) => value !== undefined)
    .map(([label, value]) => `${label.padEnd(width)}  ${value === null || value === '' ? '-' : String(value)}`)
    .join('\n');
}

/** A plain table with a header row. */
export function table(header: string[], rows: string[][]): string {
  if (rows.length === 0) return '(none)';
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const render = (cells: string[]) => cells.map((c, i) => (c ?? '').padEnd(widths[i])).join('  ').trimEnd();
  return [render(header), ...rows.map(render)].join('\n');
}
