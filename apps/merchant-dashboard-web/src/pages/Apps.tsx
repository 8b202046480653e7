import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { AppSummaryView } from '@momo/contracts/dashboard';
import { api } from '../api/client';
import { useCan } from '../api/session';
import { dateTime } from '../components/format';
import { Empty, ErrorText, PageHeader, QueryView } from '../components/Page';
import { ShownOnceModal } from '../components/ShownOnce';
import { Pill, StatusBadge } from '../components/StatusBadge';
import { useMode } from '../layout/mode';

interface Shown {
  title: string;
  secret: string;
  note?: string;
}

const OVERLAPS = [
  { value: '0', label: 'Stop the old secret now' },
  { value: '3600', label: 'Keep the old one for 1 hour' },
  { value: '86400', label: 'Keep the old one for 24 hours' },
  { value: '259200', label: 'Keep the old one for 3 days' },
];

function AppCard({ app, onShown }: { app: AppSummaryView; onShown: (shown: Shown) => void }) {
  const mode = useMode();
  const queryClient = useQueryClient();
  const canManage = useCan(mode, 'manage_apps');
  const [url, setUrl] = useState(app.webhook_url ?? '');
  const [overlap, setOverlap] = useState<string>('86400');
  const [rotating, setRotating] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['apps', mode] });
  const save = useMutation({ mutationFn: () => api.updateApp(mode, app.id, { webhook_url: url.trim() || null }), onSuccess: refresh });
  const toggle = useMutation({ mutationFn: () => api.updateApp(mode, app.id, { status: app.status === 'active' ? 'disabled' : 'active' }), onSuccess: refresh });
  const rotate = useMutation({
    mutationFn: () => api.rotateSecret(mode, app.id, { overlap_seconds: Number(overlap) }),
    onSuccess: (r) => {
      setRotating(false);
      void refresh();
      onShown({
        title: `New ${mode} webhook signing secret for ${app.name}`,
        secret: r.secret,
        note: r.previous_secret_expires_at && new Date(r.previous_secret_expires_at).getTime() > Date.now() + 1000
          ? `Until ${dateTime(r.previous_secret_expires_at)} deliveries carry two signatures, one with the old secret and one with this one.`
          : 'The old secret no longer signs deliveries.',
      });
    },
  });
  const issue = useMutation({
    mutationFn: () => api.issueKey(mode, app.id),
    onSuccess: (r) => {
      void refresh();
      onShown({ title: `New ${mode} API key for ${app.name}`, secret: r.secret, note: 'Use it as Authorization: Bearer <key> on /v1.' });
    },
  });
  const rotateKey = useMutation({
    mutationFn: (keyId: string) => api.rotateKey(mode, keyId, 86_400),
    onSuccess: (r) => {
      void refresh();
      onShown({ title: `Replacement ${mode} API key for ${app.name}`, secret: r.secret, note: 'The old key keeps working for 24 hours, then stops.' });
    },
  });
  const revoke = useMutation({ mutationFn: (keyId: string) => api.revokeKey(mode, keyId), onSuccess: refresh });
  const dirty = (app.webhook_url ?? '') !== url.trim();
  const error = save.error ?? toggle.error ?? rotate.error ?? issue.error ?? rotateKey.error ?? revoke.error;

  return (
    <Card data-testid={`app-${app.id}`}>
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Group gap="sm">
          <Title order={2} fz="lg">
            {app.name}
          </Title>
          <StatusBadge status={app.status} />
        </Group>
        <Group gap="xs">
          <Button component={Link} to={`/${mode}/apps/${app.id}/deliveries`} variant="light" size="xs">
            Webhook deliveries
          </Button>
          {canManage && (
            <Button variant="default" size="xs" color={app.status === 'active' ? 'red' : 'teal'} onClick={() => toggle.mutate()} loading={toggle.isPending}>
              {app.status === 'active' ? 'Disable app' : 'Enable app'}
            </Button>
          )}
        </Group>
      </Group>
      <ErrorText error={error} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt={error ? 'sm' : 0}>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Webhook ({mode} mode)
          </Text>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="Endpoint URL"
              placeholder="https://example.com/webhooks/momo"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              readOnly={!canManage}
            />
            {canManage && (
              <Button onClick={() => save.mutate()} disabled={!dirty} loading={save.isPending}>
                Save
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Pill tone="green">{app.deliveries.delivered} delivered</Pill>
            <Pill tone="orange">{app.deliveries.pending} pending</Pill>
            <Pill tone="red">{app.deliveries.abandoned} abandoned</Pill>
          </Group>
          <Group gap="xs" align="center">
            <Text size="sm" c="dimmed">
              Signing secret: whsec_••••••••
            </Text>
            {canManage && (
              <Button size="xs" variant="default" onClick={() => setRotating(true)}>
                Rotate secret
              </Button>
            )}
          </Group>
          {app.previous_secret_expires_at && (
            <Text size="xs" c="#a33a07">
              The previous secret still signs until {dateTime(app.previous_secret_expires_at)}.
            </Text>
          )}
        </Stack>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              API keys ({mode})
            </Text>
            {canManage && (
              <Button size="xs" variant="light" onClick={() => issue.mutate()} loading={issue.isPending}>
                Issue key
              </Button>
            )}
          </Group>
          {app.keys.length === 0 ? (
            <Text size="sm" c="dimmed">
              No {mode} key yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing={6} fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Key</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {app.keys.map((k) => (
                    <Table.Tr key={k.id}>
                      <Table.Td ff="monospace">{k.hint}</Table.Td>
                      <Table.Td>
                        <Text size="xs">{dateTime(k.created_at)}</Text>
                        {k.expires_at && (
                          <Text size="xs" c="#a33a07">
                            stops {dateTime(k.expires_at)}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {canManage && (
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Button size="compact-xs" variant="subtle" onClick={() => rotateKey.mutate(k.id)} disabled={k.expires_at !== null}>
                              Rotate
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red" onClick={() => revoke.mutate(k.id)}>
                              Revoke
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </SimpleGrid>
      <Modal opened={rotating} onClose={() => setRotating(false)} title="Rotate the webhook signing secret" centered>
        <Stack gap="md">
          <Text size="sm">
            A new secret signs every delivery from now on. During the overlap the old secret signs too (two v1 signatures), so you can switch your receiver without missing a webhook.
          </Text>
          <Select label="Overlap" data={OVERLAPS} value={overlap} onChange={(v) => setOverlap(v ?? '86400')} allowDeselect={false} />
          <ErrorText error={rotate.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRotating(false)}>
              Cancel
            </Button>
            <Button onClick={() => rotate.mutate()} loading={rotate.isPending}>
              Rotate secret
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

function CreateApp({ onShown }: { onShown: (shown: Shown) => void }) {
  const mode = useMode();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const create = useMutation({
    mutationFn: () => api.createApp(mode, { name, webhook_url: url.trim() || null }),
    onSuccess: (r) => {
      setOpen(false);
      setName('');
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: ['apps', mode] });
      onShown({ title: `${r.app.name}: ${mode} API key`, secret: r.api_key, note: `Its ${mode} webhook signing secret is ${r.webhook_secret} (also shown only now).` });
    },
  });
  return (
    <>
      <Button onClick={() => setOpen(true)}>Create app</Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Create an app" centered>
        <Stack gap="md">
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput label={`Webhook URL (${mode} mode)`} placeholder="https://example.com/webhooks/momo" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <ErrorText error={create.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => create.mutate()} disabled={!name.trim()} loading={create.isPending}>
              Create
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export function AppsPage() {
  const mode = useMode();
  const canManage = useCan(mode, 'manage_apps');
  const [shown, setShown] = useState<Shown | null>(null);
  const apps = useQuery({ queryKey: ['apps', mode], queryFn: () => api.apps(mode) });
  return (
    <>
      <PageHeader
        title="Apps & webhooks"
        description={`Each app has its own ${mode} webhook URL, signing secret and keys. Test and live settings are separate.`}
        actions={canManage ? <CreateApp onShown={setShown} /> : undefined}
      />
      {!canManage && (
        <Alert color="gray" variant="light" mb="md">
          Your role can read these settings in {mode} mode; changing them needs {mode === 'live' ? 'an owner' : 'a developer or an owner'}.
        </Alert>
      )}
      <QueryView
        query={apps}
        isEmpty={(data) => data.length === 0}
        empty={
          <Card>
            <Empty title="No apps yet">Create an app to get its keys and webhook secret.</Empty>
          </Card>
        }
      >
        {(data) => (
          <Stack gap="md">
            {data.map((app) => (
              <AppCard key={`${app.id}-${app.webhook_url}`} app={app} onShown={setShown} />
            ))}
          </Stack>
        )}
      </QueryView>
      <Text size="xs" c="dimmed" mt="lg">
        Secrets and keys are shown once, when they are made. Lost one? Rotate it: nothing stored here can show it again.
      </Text>
      <ShownOnceModal title={shown?.title ?? ''} secret={shown?.secret ?? null} note={shown?.note} onClose={() => setShown(null)} />
    </>
  );
}
