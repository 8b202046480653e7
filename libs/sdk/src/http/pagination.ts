import type { ApiRequest, HttpClient } from './http-client';
import type { Pagination } from './types';

export interface Page<T> {
  data: T[];
  pagination: Pagination;
  /** The next page, or null on the last one. */
  next(): Promise<Page<T>> | null;
}

/**
 * What every `list()` returns: await it for one page, or iterate it with `for await` to walk
 * every item of every page (each page fetched when the previous one is used up).
 */
export class PageList<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private first?: Promise<Page<T>>;

  constructor(
    private readonly http: HttpClient,
    private readonly request: ApiRequest,
  ) {}

  then<A = Page<T>, B = never>(onFulfilled?: ((page: Page<T>) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    this.first ??= this.fetch(undefined);
    return this.first.then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let page: Page<T> | null = await this;
    while (page) {
      yield* page.data;
      page = await page.next();
    }
  }

  /** Every item of every page, in order (mind the size of what you ask for). */
  async toArray(): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) items.push(item);
    return items;
  }

  private async fetch(cursor: string | undefined): Promise<Page<T>> {
    const answer = await this.http.request<{ data: T[]; pagination: Pagination }>({ ...this.request, query: { ...this.request.query, cursor } });
    const { data, pagination } = answer.body;
    return {
      data,
      pagination,
      next: () => (pagination.has_more && pagination.next_cursor ? this.fetch(pagination.next_cursor) : null),
    };
  }
}
