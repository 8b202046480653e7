import { FormEvent, useState } from 'react';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Table, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TransactionQuery } from '@momo/contracts/dashboard';
import { api } from '../api/client';
import { dateTime, NETWORK_LABEL, phone, rwf, shortId } from '../components/format';
import { Empty, PageHeader, QueryView } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';
import { useMode } from '../layout/mode';
import { ListTable } from '../components/ListTable';
import { LoadMore } from '../components/LoadMore';

const FILTER_KEYS = ['status', 'direction', 'network', 'app_id', 'created_from', 'created_to', 'q'] as const;

/** Filters live in the address, so a filtered list can be bookmarked and shared. */
function useFilters(): [TransactionQuery, (next: TransactionQuery) => void] {
  const [params, setParams] = useSearchParams();
  const filters: TransactionQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) (filters as Record<string, string>)[key] = value;
  }
  const set = (next: TransactionQuery) => {
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) out.set(key, String(value));
    setParams(out, { replace: true });
  };
  return [filters, set];
}

/** Dates from the date inputs are whole days in the browser's time zone; "to" includes its day. */
function toApi(filters: TransactionQuery): TransactionQuery {
  const day = (value: string | undefined, plusOne = false) => {
    if (!value) return undefined;
    const date = new Date(`${value}T00:00:00`);
    if (plusOne) date.setDate(date.getDate() + 1);
    return date.toISOString();
  };
  return { ...filters, created_from: day(filters.created_from), created_to: day(filters.created_to, true) };
}

export function TransactionsPage() {
  const mode = useMode();
  const navigate = useNavigate();
  const [filters, setFilters] = useFilters();
  const [search, setSearch] = useState(filters.q ?? '');
  const apps = useQuery({ queryKey: ['apps', mode], queryFn: () => api.apps(mode) });
  const list = useInfiniteQuery({
    queryKey: ['transactions', mode, filters],
    queryFn: ({ pageParam }) => api.transactions(mode, { ...toApi(filters), cursor: pageParam, limit: 25 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 10_000,
  });
  const update = (patch: Partial<TransactionQuery>) => setFilters({ ...filters, ...patch });
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: search.trim() || undefined });
  };
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Transactions"
        description="Payments, payouts and refunds, newest first"
        actions={
          <Button component="a" href={api.transactionsCsvUrl(mode, toApi(filters))} variant="default" download>
            Export CSV
          </Button>
        }
      />
      <Card mb="md" p="md">
        <form onSubmit={submitSearch} role="search">
          <Group gap="sm" align="flex-end" wrap="nowrap" mb="sm">
            <TextInput
              style={{ flex: 1 }}
              label="Search"
              placeholder="Transaction id, your reference or phone number"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button type="submit" variant="light">
              Search
            </Button>
          </Group>
        </form>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
          <Select label="Status" placeholder="Any" clearable value={filters.status ?? null} onChange={(v) => update({ status: (v ?? undefined) as TransactionQuery['status'] })}
            data={[{ value: 'pending', label: 'Pending' }, { value: 'succeeded', label: 'Succeeded' }, { value: 'failed', label: 'Failed' }]} />
          <Select label="Direction" placeholder="Any" clearable value={filters.direction ?? null} onChange={(v) => update({ direction: (v ?? undefined) as TransactionQuery['direction'] })}
            data={[{ value: 'collect', label: 'Cash in' }, { value: 'payout', label: 'Cash out' }]} />
          <Select label="Network" placeholder="Any" clearable value={filters.network ?? null} onChange={(v) => update({ network: (v ?? undefined) as TransactionQuery['network'] })}
            data={[{ value: 'mtn', label: 'MTN MoMo' }, { value: 'airtel', label: 'Airtel Money' }]} />
          <Select label="App" placeholder="Any" clearable value={filters.app_id ?? null} onChange={(v) => update({ app_id: v ?? undefined })}
            data={(apps.data ?? []).map((a) => ({ value: a.id, label: a.name }))} />
          <TextInput label="From" type="date" value={filters.created_from ?? ''} onChange={(e) => update({ created_from: e.currentTarget.value || undefined })} />
          <TextInput label="To" type="date" value={filters.created_to ?? ''} onChange={(e) => update({ created_to: e.currentTarget.value || undefined })} />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="xs">
            <Button variant="subtle" size="xs" onClick={() => { setSearch(''); setFilters({}); }}>
              Clear filters
            </Button>
          </Group>
        )}
      </Card>
      <Card p={0}>
        <QueryView query={list} isEmpty={() => rows.length === 0} empty={
          <Empty title={filtered ? 'No transaction matches' : 'No transactions yet'}>
            {filtered ? 'Try fewer filters.' : mode === 'test' ? 'Make one from Test payments, or with your test key.' : 'Payments made with your live keys appear here.'}
          </Empty>
          }>
          {() => (
            <ListTable label="Transactions" columns={['Amount', 'Status', 'Type', 'Customer', 'Reference', 'App', 'Created', 'ID']} minWidth={860} clickable nowrap>
              {rows.map((t) => (
                <Table.Tr key={t.id} style={{ cursor: 'pointer' }} onClick={() => navigate(`/${mode}/transactions/${t.id}`)}>
                  <Table.Td fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {rwf(t.amount)}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={t.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t.direction === 'collect' ? 'Cash in' : t.reverses_payment_id ? 'Refund' : 'Payout'}</Text>
                    <Text size="xs" c="dimmed">
                      {NETWORK_LABEL[t.network]}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{phone(t.msisdn)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate maw={180}>
                      {t.reference || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" truncate maw={140}>
                      {t.app_name}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{dateTime(t.created_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/${mode}/transactions/${t.id}`} ff="monospace" size="sm" onClick={(e) => e.stopPropagation()} aria-label={`Open transaction ${t.id}`}>
                      {shortId(t.id)}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryView>
      </Card>
      <LoadMore query={list} />
    </>
  );
}
