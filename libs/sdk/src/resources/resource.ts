import type { HttpClient, RequestOptions } from '../http/http-client';

/** Path segments are ids: encoded so an odd value cannot change the path. */
export const segment = (id: string): string => encodeURIComponent(id);

export abstract class Resource {
  constructor(protected readonly http: HttpClient) {}

  protected async data<T>(request: Parameters<HttpClient['request']>[0]): Promise<T> {
    return (await this.http.request<{ data: T }>(request)).body.data;
  }
}

export type { RequestOptions };
