/**
 * What no text the API accepts may contain, wherever it is (body fields and keys, query
 * parameters, path segments):
 * - NUL: Postgres `text` and `jsonb` cannot store it, so it would pass the edge and fail in a worker;
 * - other control characters (tab, line feed and carriage return aside): never meaningful in an
 *   id, a reference or a label, and they break logs and the operators' customer prompts;
 * - half a UTF-16 surrogate pair: it has no UTF-8 encoding (`jsonb` refuses it; text would be
 *   silently changed).
 */
const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any field of the API needs; refused before anything walks it recursively. */
export const MAX_JSON_DEPTH = 16;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL, control characters or unpaired UTF-16 surrogates';

export function isSafeText(text: string): boolean {
  return !UNSAFE_CHARACTER.test(text);
}

/**
 * Every problem in a parsed body, query or set of path parameters, by field path (`metadata.note`,
 * `reference`); walked without recursion so a deeply nested body cannot exhaust the stack.
 */
export function unsafeTextProblems(value: unknown, root = ''): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  while (pending.length > 0 && Object.keys(problems).length < 20) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === 'string') {
      if (!isSafeText(current)) problems[path || 'body'] = [`${path || 'body'} ${UNSAFE_TEXT_MESSAGE}`];
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) {
      problems[path || 'body'] = [`${path || 'body'} is nested more than ${MAX_JSON_DEPTH} levels deep`];
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isSafeText(key)) {
        const shown = path || 'body';
        problems[shown] = [`${shown} has a key that ${UNSAFE_TEXT_MESSAGE}`];
        continue;
      }
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return problems;
}
