import { useState } from 'react';
import { Alert, Anchor, Button, Card, Grid, Group, NumberInput, SegmentedControl, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { magicNumber, TEST_SCENARIOS, TestScenario } from '@momo/contracts/test-mode';
import { api } from '../api/client';
import { useCan } from '../api/session';
import { newIdempotencyKey, phone, rwf } from '../components/format';
import { ErrorText, PageHeader } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';
import { useMode } from '../layout/mode';

const SCENARIOS = (Object.keys(TEST_SCENARIOS) as TestScenario[]).map((name) => ({ value: name, label: `${name.replace(/_/g, ' ')} (…${TEST_SCENARIOS[name].code})` }));

function Watch({ id }: { id: string }) {
  const detail = useQuery({
    queryKey: ['transaction', 'test', id],
    queryFn: () => api.transaction('test', id),
    refetchInterval: (q) => (q.state.data?.transaction.status === 'pending' ? 1_000 : false),
  });
  const t = detail.data?.transaction;
  if (!t) return null;
  return (
    <Card data-testid="test-result">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{rwf(t.amount)} {t.direction === 'collect' ? 'from' : 'to'} {phone(t.msisdn)}</Text>
        <StatusBadge status={t.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t.status === 'pending' ? 'Waiting for the simulated customer and network…' : t.status === 'succeeded' ? 'Done: the webhook is on its way.' : `${t.failure_code}: ${t.failure_message}`}
      </Text>
      <Anchor component={Link} to={`/test/transactions/${t.id}`} size="sm" mt="xs" display="inline-block">
        Open its timeline →
      </Anchor>
    </Card>
  );
}

/** Test mode only: make a payment or payout that the operator simulator plays out by its magic numbers. */
export function TestPaymentsPage() {
  const mode = useMode();
  const allowed = useCan('test', 'test_money');
  const apps = useQuery({ queryKey: ['apps', 'test'], queryFn: () => api.apps('test') });
  const [kind, setKind] = useState<'payment' | 'payout'>('payment');
  const [appId, setAppId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>(1500);
  const [network, setNetwork] = useState<'mtn' | 'airtel'>('mtn');
  const [scenario, setScenario] = useState<TestScenario>('approve');
  const [custom, setCustom] = useState('');
  const [made, setMade] = useState<string[]>([]);
  const app = appId ?? apps.data?.find((a) => a.status === 'active')?.id ?? null;
  const msisdn = custom.trim() || magicNumber(network, scenario);
  const create = useMutation({
    mutationFn: () => api.testMoney({ kind, app_id: app!, amount: Number(amount), msisdn }, newIdempotencyKey()),
    onSuccess: (t) => setMade((list) => [t.id, ...list].slice(0, 5)),
  });
  if (mode !== 'test') return <Navigate to="/test/test-payments" replace />;
  return (
    <>
      <PageHeader title="Test payments" description="Make a payment or payout in test mode and watch it move. Nothing here touches real money." />
      {!allowed && (
        <Alert color="gray" variant="light" mb="md">
          Your role can look but not make test payments.
        </Alert>
      )}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card>
            <Stack gap="md">
              <SegmentedControl
                aria-label="Kind"
                value={kind}
                onChange={(v) => setKind(v as 'payment' | 'payout')}
                data={[{ value: 'payment', label: 'Payment (cash in)' }, { value: 'payout', label: 'Payout (cash out)' }]}
              />
              <Select label="App" value={app} onChange={setAppId} allowDeselect={false} data={(apps.data ?? []).filter((a) => a.status === 'active').map((a) => ({ value: a.id, label: a.name }))} />
              <NumberInput label="Amount (RWF)" min={100} value={amount} onChange={setAmount} thousandSeparator="," allowDecimal={false} />
              <Group grow>
                <Select label="Network" value={network} onChange={(v) => setNetwork((v ?? 'mtn') as 'mtn' | 'airtel')} allowDeselect={false}
                  data={[{ value: 'mtn', label: 'MTN MoMo' }, { value: 'airtel', label: 'Airtel Money' }]} />
                <Select label="What happens" value={scenario} onChange={(v) => setScenario((v ?? 'approve') as TestScenario)} allowDeselect={false} data={SCENARIOS} />
              </Group>
              <Text size="xs" c="dimmed">
                {capitalise(TEST_SCENARIOS[scenario].what)}. Number used: <Text span ff="monospace" size="xs">{msisdn}</Text>
              </Text>
              <TextInput label="Or your own test number" placeholder="e.g. 0788123456 (approved at once)" value={custom} onChange={(e) => setCustom(e.currentTarget.value)} />
              <ErrorText error={create.error} />
              <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!allowed || !app}>
                Make test {kind}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Title order={2} fz="md">
              Results
            </Title>
            {made.length === 0 ? (
              <Text size="sm" c="dimmed">
                What you make appears here and updates as the simulated network answers.
              </Text>
            ) : (
              made.map((id) => <Watch key={id} id={id} />)
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
