import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Card, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { DailyVolumeView, OverviewView } from '@momo/contracts/dashboard';
import { api } from '../api/client';
import { compactRwf, rwf, shortDate } from '../components/format';
import { Empty, Failure, Loading, PageHeader } from '../components/Page';
import { Pill } from '../components/StatusBadge';
import { useMode } from '../layout/mode';

const DAYS = 14;

function lastDays(): string[] {
  const days: string[] = [];
  const today = new Date();
  for (let i = DAYS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - i));
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** Rows per day for the charts, every day present (zero when nothing happened). */
function series(days: DailyVolumeView[]) {
  return lastDays().map((day) => {
    const of = (filter: (d: DailyVolumeView) => boolean) => days.filter((d) => d.day === day && filter(d));
    const sum = (rows: DailyVolumeView[], key: 'succeeded_amount' | 'succeeded_count' | 'failed_count') => rows.reduce((n, r) => n + r[key], 0);
    const rate = (rows: DailyVolumeView[]) => {
      const done = sum(rows, 'succeeded_count') + sum(rows, 'failed_count');
      return done === 0 ? null : Math.round((sum(rows, 'succeeded_count') / done) * 1000) / 10;
    };
    return {
      day: shortDate(`${day}T00:00:00Z`),
      'MTN MoMo': sum(of((d) => d.network === 'mtn' && d.direction === 'collect'), 'succeeded_amount'),
      'Airtel Money': sum(of((d) => d.network === 'airtel' && d.direction === 'collect'), 'succeeded_amount'),
      Payouts: sum(of((d) => d.direction === 'payout'), 'succeeded_amount'),
      'Cash in': rate(of((d) => d.direction === 'collect')),
      'Cash out': rate(of((d) => d.direction === 'payout')),
    };
  });
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      {/* Smaller where three or five cards share a row, so that an amount of tens of millions stays on one line. */}
      <Text fz={{ base: 26, md: 22 }} fw={700} mt={6} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'break-word' }}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

function Attention({ data }: { data: OverviewView }) {
  const mode = useMode();
  const a = data.attention;
  const items = [
    { n: a.failing_deliveries, text: `webhook ${plural(a.failing_deliveries, 'delivery', 'deliveries')} failing and being retried`, to: `/${mode}/apps` },
    { n: a.abandoned_deliveries, text: `webhook ${plural(a.abandoned_deliveries, 'delivery', 'deliveries')} abandoned after 12 attempts`, to: `/${mode}/apps` },
    { n: a.long_pending_transactions, text: `${plural(a.long_pending_transactions, 'transaction', 'transactions')} pending for more than ${a.pending_minutes} minutes`, to: `/${mode}/transactions?status=pending` },
  ].filter((i) => i.n > 0);
  return (
    <Card h="100%">
      <Title order={2} fz="md" mb="sm">
        Needs attention
      </Title>
      {items.length === 0 ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="teal" variant="light" radius="xl" aria-hidden>
            ✓
          </ThemeIcon>
          <Text size="sm" c="dimmed">
            Nothing needs you: webhooks are being delivered and no payment is stuck.
          </Text>
        </Group>
      ) : (
        <Stack gap="sm">
          {items.map((i) => (
            <Group key={i.text} gap="sm" wrap="nowrap" align="flex-start">
              <Pill tone="red">{i.n}</Pill>
              <Anchor component={Link} to={i.to} size="sm">
                {i.text}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

export function OverviewPage() {
  const mode = useMode();
  const overview = useQuery({ queryKey: ['overview', mode], queryFn: () => api.overview(mode), refetchInterval: 15_000 });
  if (overview.isPending) return <Loading />;
  if (overview.isError) return <Failure error={overview.error} />;
  const data = overview.data;
  const rows = series(data.days);
  const collected = data.days.filter((d) => d.direction === 'collect').reduce((n, d) => n + d.succeeded_amount, 0);
  const done = data.days.reduce((n, d) => n + d.succeeded_count + d.failed_count, 0);
  const succeeded = data.days.reduce((n, d) => n + d.succeeded_count, 0);
  const hasActivity = data.days.length > 0;
  return (
    <>
      <PageHeader title="Overview" description={`Your balance and the last ${DAYS} days in ${mode} mode`} />
      {/* Five in a row only on wide screens; otherwise the balances, then the 14 days' activity. */}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md" mb="md">
        <Stat label="Available balance" value={rwf(data.balance.available)} hint="Can be paid out or refunded now" />
        <Stat label="Pending" value={rwf(data.balance.pending)} hint="Collected, settled at the next run" />
        <Stat label="Reserved" value={rwf(data.balance.reserved)} hint="Held for payouts and refunds in flight" />
        <Stat label={`Collected, ${DAYS} days`} value={rwf(collected)} hint="Succeeded cash-ins" />
        <Stat label="Success rate" value={done === 0 ? '—' : `${Math.round((succeeded / done) * 1000) / 10}%`} hint={`${succeeded} of ${done} finished transactions`} />
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
        <Card h="100%">
          <Title order={2} fz="md">
            Volume by network
          </Title>
          <Text size="xs" c="dimmed" mb="md">
            Succeeded amounts per day, in RWF
          </Text>
          {hasActivity ? (
            // Bars side by side: a day's totals are separate amounts (money in by network, money
            // out), not a curve between days, and payouts are not stacked on top of collections.
            <BarChart
              h={260}
              data={rows}
              dataKey="day"
              valueFormatter={(v) => compactRwf(v)}
              yAxisProps={{ tickFormatter: (v: number) => new Intl.NumberFormat('en-US', { notation: 'compact' }).format(v), width: 48 }}
              series={[
                { name: 'MTN MoMo', color: 'yellow.6' },
                { name: 'Airtel Money', color: 'red.6' },
                { name: 'Payouts', color: 'indigo.5' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
            />
          ) : (
            <Empty title="No transactions yet">Payments made with your {mode} keys appear here within seconds.</Empty>
          )}
        </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Attention data={data} />
        </Grid.Col>
        <Grid.Col span={12}>
        <Card>
          <Title order={2} fz="md">
            Success rate
          </Title>
          <Text size="xs" c="dimmed" mb="md">
            Share of finished transactions that succeeded, per day and direction
          </Text>
          {hasActivity ? (
            <LineChart
              h={220}
              data={rows}
              dataKey="day"
              yAxisProps={{ domain: [0, 100] }}
              valueFormatter={(v) => `${v}%`}
              connectNulls
              series={[
                { name: 'Cash in', color: 'teal.6' },
                { name: 'Cash out', color: 'indigo.5' },
              ]}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
            />
          ) : (
            <Empty title="Nothing finished yet" />
          )}
        </Card>
        </Grid.Col>
      </Grid>
    </>
  );
}
