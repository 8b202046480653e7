import { Alert, Anchor, Button, Card, Code, Drawer, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { DeliveryQuery, WebhookAttemptView } from '@momo/contracts/dashboard';
import { WEBHOOK_EVENT_TYPES } from '@momo/contracts/webhook-events';
import { api } from '../api/client';
import { useCan } from '../api/session';
import { dateTime, shortId } from '../components/format';
import { Empty, ErrorText, Failure, Loading, PageHeader, QueryView } from '../components/Page';
import { HttpCodeBadge, StatusBadge } from '../components/StatusBadge';
import { useMode } from '../layout/mode';
import { ListTable } from '../components/ListTable';
import { LoadMore } from '../components/LoadMore';

function Attempt({ attempt }: { attempt: WebhookAttemptView }) {
  return (
    <Card p="sm" data-testid={`attempt-${attempt.number}`}>
      <Group justify="space-between" wrap="nowrap" mb={6}>
        <Group gap="xs">
          <Text fw={600} size="sm">
            Attempt {attempt.number}
            {attempt.trigger === 'replay' ? ' · replay' : ''}
          </Text>
          <HttpCodeBadge code={attempt.status_code} />
        </Group>
        <Text size="xs" c="dimmed">
          {attempt.duration_ms} ms
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {dateTime(attempt.started_at)} · {attempt.url}
      </Text>
      {attempt.error && (
        <Text size="sm" c="red.8" mt={6}>
          {attempt.error}
        </Text>
      )}
      <Text size="xs" fw={600} mt={8} mb={4}>
        Response body
      </Text>
      <Code block style={{ maxHeight: 140, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {attempt.response_body ?? '(empty)'}
      </Code>
    </Card>
  );
}

function DeliveryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const mode = useMode();
  const queryClient = useQueryClient();
  const canReplay = useCan(mode, 'replay');
  const delivery = useQuery({
    queryKey: ['delivery', mode, id],
    queryFn: () => api.delivery(mode, id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1_000 : false),
  });
  const replay = useMutation({
    mutationFn: () => api.replay(mode, id!),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['delivery', mode, id] });
      void queryClient.invalidateQueries({ queryKey: ['deliveries', mode] });
    },
  });
  const d = delivery.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title={<Title order={2} fz="lg">Webhook delivery</Title>}>
      {delivery.isPending ? (
        <Loading />
      ) : delivery.isError ? (
        <Failure error={delivery.error} />
      ) : d ? (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text fw={600}>{d.event_type}</Text>
              <StatusBadge status={d.status} attempts={d.attempt_count} />
            </Group>
            {canReplay && (
              <Button onClick={() => replay.mutate()} loading={replay.isPending}>
                Replay now
              </Button>
            )}
          </Group>
          <ErrorText error={replay.error} />
          <SimpleGrid cols={2} spacing="xs">
            <Text size="sm" c="dimmed">Delivery id</Text>
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>{d.id}</Text>
            <Text size="sm" c="dimmed">Transaction</Text>
            <Anchor component={Link} to={`/${mode}/transactions/${d.transaction_id}`} size="sm" ff="monospace">{shortId(d.transaction_id)}</Anchor>
            <Text size="sm" c="dimmed">Next attempt</Text>
            <Text size="sm">{d.status === 'pending' ? dateTime(d.next_attempt_at) : '—'}</Text>
            <Text size="sm" c="dimmed">Delivered</Text>
            <Text size="sm">{dateTime(d.delivered_at)}</Text>
          </SimpleGrid>
          {d.status === 'abandoned' && (
            <Alert color="red" variant="light">
              Abandoned after {d.attempt_count} attempts. Fix your endpoint, then replay: the body and X-Service-Delivery stay the same.
            </Alert>
          )}
          <Title order={3} fz="md">
            Attempts
          </Title>
          {d.attempts.length === 0 ? (
            <Text size="sm" c="dimmed">No attempt yet; the first follows within moments.</Text>
          ) : (
            [...d.attempts].reverse().map((a) => <Attempt key={a.number} attempt={a} />)
          )}
          <Title order={3} fz="md">
            Request body
          </Title>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {prettyJson(d.request_body)}
          </Code>
        </Stack>
      ) : null}
    </Drawer>
  );
}

function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function AppDeliveriesPage() {
  const mode = useMode();
  const { appId = '' } = useParams();
  const queryClient = useQueryClient();
  const canReplay = useCan(mode, 'replay');
  const [params, setParams] = useSearchParams();
  const filters: DeliveryQuery = {
    status: (params.get('status') ?? undefined) as DeliveryQuery['status'],
    event_type: params.get('event_type') ?? undefined,
    created_from: params.get('created_from') ? new Date(`${params.get('created_from')}T00:00:00`).toISOString() : undefined,
  };
  const open = params.get('delivery');
  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: key !== 'delivery' });
  };
  const apps = useQuery({ queryKey: ['apps', mode], queryFn: () => api.apps(mode) });
  const app = apps.data?.find((a) => a.id === appId);
  const list = useInfiniteQuery({
    queryKey: ['deliveries', mode, appId, filters],
    queryFn: ({ pageParam }) => api.deliveries(mode, appId, { ...filters, cursor: pageParam, limit: 25 }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 5_000,
  });
  const replayAll = useMutation({
    mutationFn: () => api.replayAbandoned(mode, appId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['deliveries', mode] });
      void queryClient.invalidateQueries({ queryKey: ['apps', mode] });
    },
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const abandoned = app?.deliveries.abandoned ?? 0;
  return (
    <>
      <Anchor component={Link} to={`/${mode}/apps`} size="sm" mb="xs" display="inline-block">
        ← Apps & webhooks
      </Anchor>
      <PageHeader
        title={`Webhook deliveries${app ? ` · ${app.name}` : ''}`}
        description={app?.webhook_url ? `Sent to ${app.webhook_url}` : `This app has no ${mode} webhook URL.`}
        actions={
          canReplay ? (
            <Button color="red" variant="light" disabled={abandoned === 0} loading={replayAll.isPending} onClick={() => replayAll.mutate()}>
              Replay all abandoned ({abandoned})
            </Button>
          ) : undefined
        }
      />
      {replayAll.data && (
        <Alert color="teal" variant="light" mb="md" withCloseButton onClose={() => replayAll.reset()}>
          {replayAll.data.replayed} abandoned deliver{replayAll.data.replayed === 1 ? 'y is' : 'ies are'} being sent again.
        </Alert>
      )}
      <ErrorText error={replayAll.error} />
      <Card mb="md" p="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Select label="Status" placeholder="Any" clearable value={params.get('status')} onChange={(v) => setParam('status', v)}
            data={[{ value: 'delivered', label: 'Delivered' }, { value: 'pending', label: 'Retrying or due' }, { value: 'abandoned', label: 'Abandoned' }]} />
          <Select label="Event type" placeholder="Any" clearable value={params.get('event_type')} onChange={(v) => setParam('event_type', v)} data={[...WEBHOOK_EVENT_TYPES]} />
          <TextInput label="Since" type="date" value={params.get('created_from') ?? ''} onChange={(e) => setParam('created_from', e.currentTarget.value || null)} />
        </SimpleGrid>
      </Card>
      <Card p={0}>
        <QueryView query={list} isEmpty={() => rows.length === 0} empty={<Empty title="No deliveries">Each final transaction of this app sends one webhook to its {mode} URL.</Empty>}>
          {() => (
            <ListTable label="Webhook deliveries" columns={['Event', 'Status', 'Last answer', 'Attempts', 'Last attempt', 'Created']} minWidth={720} clickable nowrap>
              {rows.map((d) => (
                <Table.Tr key={d.id} style={{ cursor: 'pointer' }} onClick={() => setParam('delivery', d.id)}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={(e) => { e.stopPropagation(); setParam('delivery', d.id); }}>
                      {d.event_type}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={d.status} attempts={d.attempt_count} />
                  </Table.Td>
                  <Table.Td>
                    <HttpCodeBadge code={d.last_status_code} />
                  </Table.Td>
                  <Table.Td>{d.attempt_count}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{dateTime(d.last_attempt_at)}</Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{dateTime(d.created_at)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryView>
      </Card>
      <LoadMore query={list} />
      <DeliveryDrawer id={open} onClose={() => setParam('delivery', null)} />
    </>
  );
}
