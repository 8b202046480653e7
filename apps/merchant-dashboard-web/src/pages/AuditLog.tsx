import { Card, Group, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../api/session';
import { dateTime } from '../components/format';
import { Empty, PageHeader, QueryView } from '../components/Page';
import { Pill } from '../components/StatusBadge';
import { ListTable } from '../components/ListTable';
import { LoadMore } from '../components/LoadMore';

function details(value: Record<string, unknown>): string {
  return Object.entries(value)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
    .join(' · ');
}

/** Every change made in the dashboard: who, what, when, from where. */
export function AuditLogPage() {
  const session = useSession();
  const log = useInfiniteQuery({
    queryKey: ['audit-log'],
    queryFn: ({ pageParam }) => api.auditLog(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: session.user.role === 'owner',
  });
  const rows = log.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <PageHeader title="Audit log" description="Every change made in the dashboard, and every sign-in, newest first." />
      <Card p={0}>
        <QueryView query={log} isEmpty={() => rows.length === 0} empty={<Empty title="Nothing recorded yet" />}>
          {() => (
            <ListTable label="Audit log" columns={['When', 'Who', 'What', 'Details', 'From']} minWidth={820}>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{dateTime(e.at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.actor}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" ff="monospace">{e.action}</Text>
                      {e.mode && <Pill tone={e.mode === 'live' ? 'green' : 'orange'}>{e.mode}</Pill>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" lineClamp={2} maw={360}>
                      {[e.target, details(e.details)].filter(Boolean).join(' · ') || '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{e.ip ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryView>
      </Card>
      <LoadMore query={log} />
    </>
  );
}
