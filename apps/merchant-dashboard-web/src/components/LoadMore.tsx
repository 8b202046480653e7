import { Button, Group } from '@mantine/core';

/** The part of a TanStack infinite query that cursor paging needs. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a cursor-paged list; nothing once the last page is shown. */
export function LoadMore({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt="md">
      <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
        Load more
      </Button>
    </Group>
  );
}
