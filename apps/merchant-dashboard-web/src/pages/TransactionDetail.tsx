import { useState } from 'react';
import { Alert, Anchor, Button, Card, Code, Grid, Group, Modal, NumberInput, Stack, Table, Text, TextInput, Timeline, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { TimelineEntryView, TransactionDetailView } from '@momo/contracts/dashboard';
import { api } from '../api/client';
import { useCan } from '../api/session';
import { dateTime, NETWORK_LABEL, newIdempotencyKey, phone, rwf } from '../components/format';
import { ErrorText, Failure, Loading, PageHeader } from '../components/Page';
import { HttpCodeBadge, Pill, StatusBadge } from '../components/StatusBadge';
import { useMode } from '../layout/mode';

const TONE_COLOR = { success: 'teal', failure: 'red', neutral: 'gray' } as const;

/** A Timeline.Item itself (not a component around one): Timeline marks its direct children active. */
function timelineItem(entry: TimelineEntryView, key: string) {
  return (
    <Timeline.Item key={key} color={TONE_COLOR[entry.tone]} title={<Text fw={600} size="sm">{entry.title}</Text>}>
      <Text size="xs" c="dimmed">
        {dateTime(entry.at)}
      </Text>
      {entry.detail && (
        <Text size="sm" mt={4}>
          {entry.detail}
        </Text>
      )}
      {entry.facts.length > 0 && (
        <Group gap="md" mt={4}>
          {entry.facts.map((f) => (
            <Text key={f.label} size="xs" c="dimmed">
              {f.label}: <Text span size="xs" c="dark" ff={/URL|Request|reference|id/.test(f.label) ? 'monospace' : undefined}>{f.value}</Text>
            </Text>
          ))}
        </Group>
      )}
      {entry.body && (
        <Code block mt={6} style={{ maxHeight: 160, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {entry.body}
        </Code>
      )}
    </Timeline.Item>
  );
}

function RefundDialog({ detail, opened, onClose }: { detail: TransactionDetailView; opened: boolean; onClose: () => void }) {
  const mode = useMode();
  const queryClient = useQueryClient();
  const t = detail.transaction;
  const [amount, setAmount] = useState<number | string>(t.amount);
  const [reason, setReason] = useState('');
  // One key per dialog: a double click or a retry after a timeout cannot refund twice.
  const [key] = useState(newIdempotencyKey);
  const refund = useMutation({
    mutationFn: () => api.refund(mode, t.id, { amount: Number(amount), reason: reason || undefined }, key),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['transaction', mode, t.id] });
      void queryClient.invalidateQueries({ queryKey: ['transactions', mode] });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Refund this payment" centered>
      <Stack gap="md">
        <Text size="sm">
          The refund is sent to {phone(t.msisdn)} on {NETWORK_LABEL[t.network]} from your available balance (amount plus fee).
        </Text>
        <NumberInput label="Amount (RWF)" min={100} max={t.amount} value={amount} onChange={setAmount} thousandSeparator="," allowDecimal={false} />
        <TextInput label="Reason" placeholder="Shown as the refund's description" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={255} />
        <ErrorText error={refund.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={() => refund.mutate()} loading={refund.isPending}>
            Refund {rwf(Number(amount) || 0)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Detail({ label, children, mono }: { label: string; children: React.ReactNode; mono?: boolean }) {
  return (
    <Table.Tr>
      <Table.Th w={150} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-all' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}

export function TransactionDetailPage() {
  const mode = useMode();
  const { id = '' } = useParams();
  const canRefund = useCan(mode, 'refund');
  const [refunding, setRefunding] = useState(false);
  const detail = useQuery({
    queryKey: ['transaction', mode, id],
    queryFn: () => api.transaction(mode, id),
    refetchInterval: (q) => (q.state.data && (q.state.data.transaction.status === 'pending' || q.state.data.refunds.some((r) => r.status === 'pending')) ? 1_000 : 10_000),
  });
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <Failure error={detail.error} />;
  const d = detail.data;
  const t = d.transaction;
  const kind = t.direction === 'collect' ? 'Payment' : t.reverses_payment_id ? 'Refund' : 'Payout';
  return (
    <>
      <Anchor component={Link} to={`/${mode}/transactions`} size="sm" mb="xs" display="inline-block">
        ← Transactions
      </Anchor>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{rwf(t.amount)}</span>
            <StatusBadge status={t.status} />
          </Group>
        }
        description={`${kind} ${t.direction === 'collect' ? 'from' : 'to'} ${phone(t.msisdn)} · ${NETWORK_LABEL[t.network]} · ${dateTime(t.created_at)}`}
        actions={
          canRefund && d.refundable ? (
            <Button color="red" variant="light" onClick={() => setRefunding(true)} disabled={d.app.status === 'disabled'}>
              Refund
            </Button>
          ) : undefined
        }
      />
      {t.status === 'failed' && (
        <Alert color="red" variant="light" mb="md" title={t.failure_code ?? 'Failed'}>
          {t.failure_message}
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card>
            <Title order={2} fz="md" mb="md">
              Timeline
            </Title>
            <Timeline bulletSize={14} lineWidth={2} active={d.timeline.length - 1} color="gray">
              {d.timeline.map((entry, i) => timelineItem(entry, `${entry.at}-${i}`))}
            </Timeline>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Card>
              <Title order={2} fz="md" mb="sm">
                Details
              </Title>
              <Table verticalSpacing={6} fz="sm">
                <Table.Tbody>
                  <Detail label="ID" mono>{t.id}</Detail>
                  <Detail label="App">{d.app.name}</Detail>
                  <Detail label="Reference">{t.reference || '—'}</Detail>
                  <Detail label="Description">{t.description || '—'}</Detail>
                  <Detail label="Amount">{rwf(t.amount)}</Detail>
                  <Detail label="Fee">{rwf(t.fee)}</Detail>
                  <Detail label="Customer">{phone(t.msisdn)}</Detail>
                  <Detail label="Provider">{t.provider}</Detail>
                  <Detail label="Operator ref" mono>{t.provider_ref || '—'}</Detail>
                  <Detail label="Initiated by">{t.initiated_by}</Detail>
                  <Detail label="Completed">{dateTime(t.completed_at)}</Detail>
                  <Detail label="Settled">{dateTime(t.settled_at)}</Detail>
                  {t.reverses_payment_id && (
                    <Detail label="Refund of" mono>
                      <Anchor component={Link} to={`/${mode}/transactions/${t.reverses_payment_id}`} size="sm">
                        {t.reverses_payment_id}
                      </Anchor>
                    </Detail>
                  )}
                  {Object.entries(t.metadata).map(([k, v]) => (
                    <Detail key={k} label={`metadata.${k}`}>{v}</Detail>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
            {d.refunds.length > 0 && (
              <Card>
                <Title order={2} fz="md" mb="sm">
                  Refunds
                </Title>
                <Stack gap="xs">
                  {d.refunds.map((r) => (
                    <Group key={r.id} justify="space-between">
                      <Anchor component={Link} to={`/${mode}/transactions/${r.id}`} size="sm">
                        {rwf(r.amount)}
                      </Anchor>
                      <StatusBadge status={r.status} />
                    </Group>
                  ))}
                </Stack>
              </Card>
            )}
            <Card>
              <Title order={2} fz="md" mb="sm">
                Webhooks
              </Title>
              {d.deliveries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t.status === 'pending' ? 'The event is sent when the transaction is final.' : 'No webhook for this transaction (the app had no URL in this mode).'}
                </Text>
              ) : (
                <Stack gap="xs">
                  {d.deliveries.map((w) => (
                    <Group key={w.id} justify="space-between" wrap="nowrap">
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={`/${mode}/apps/${w.app_id}/deliveries?delivery=${w.id}`} size="sm">
                          {w.event_type}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {w.attempt_count} attempt{w.attempt_count === 1 ? '' : 's'}
                        </Text>
                      </Stack>
                      <Group gap={6} wrap="nowrap">
                        <HttpCodeBadge code={w.last_status_code} />
                        <StatusBadge status={w.status} attempts={w.attempt_count} />
                      </Group>
                    </Group>
                  ))}
                </Stack>
              )}
            </Card>
            <Pill tone={mode === 'live' ? 'green' : 'orange'}>{mode} mode</Pill>
          </Stack>
        </Grid.Col>
      </Grid>
      {refunding && <RefundDialog detail={d} opened={refunding} onClose={() => setRefunding(false)} />}
    </>
  );
}
