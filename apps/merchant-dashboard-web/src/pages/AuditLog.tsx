import { Card, Group, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { useSession } from '../api/session';
import { dateTime } from '../components/format';
import { Empty, Failure, Loading, PageHeader } from '../components/Page';
import { Pill } from '../components/StatusBadge';
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
        {log.isPending ? (
          <Loading />
        ) : log.isError ? (
          <Failure error={log.error} />
        ) : rows.length === 0 ? (
          <Empty title="Nothing recorded yet" />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>What</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>From</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <LoadMore query={log} />
    </>
  );
}
