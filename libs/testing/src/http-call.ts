import type { ErrorEnvelope } from '@momo/contracts';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiCallOptions {
  /** Sent as `Authorization: Bearer <key>` unless empty. */
  key?: string;
  /** JSON-encoded unless already a string. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** Calls a service's HTTP API as a merchant backend would; the body is parsed when it is JSON. */
export async function callApi<T = Record<string, unknown>>(baseUrl: string, method: string, path: string, { key, body, headers = {} }: ApiCallOptions = {}): Promise<ApiResponse<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the test will see the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

/** Every error answer is in the documented envelope with a stable upper-snake code. */
export function expectErrorEnvelope(res: ApiResponse<unknown>, status: number, code?: string): ErrorEnvelope {
  const body = res.body as ErrorEnvelope;
  expect({ status: res.status, code: body?.code }).toEqual({ status, code: code ?? expect.stringMatching(/^[A-Z][A-Z0-9_]*$/) });
  expect(body.status).toBe('error');
  expect(typeof body.message).toBe('string');
  expect(body.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  return body;
}
