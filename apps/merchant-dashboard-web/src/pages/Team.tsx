import { useState } from 'react';
import { Alert, Button, Card, Code, CopyButton, Group, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardRoleName, InvitationView } from '@momo/contracts/dashboard';
import { api } from '../api/client';
import { useSession } from '../api/session';
import { dateTime } from '../components/format';
import { ListTable } from '../components/ListTable';
import { ErrorText, PageHeader, QueryView } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';

const ROLES = [
  { value: 'owner', label: 'Owner' },
  { value: 'developer', label: 'Developer' },
  { value: 'viewer', label: 'Viewer' },
];

export function TeamPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: ['users'], queryFn: () => api.users(), enabled: session.user.role === 'owner' });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<DashboardRoleName>('viewer');
  const [invitation, setInvitation] = useState<InvitationView | null>(null);
  const invite = useMutation({
    mutationFn: () => api.inviteUser({ email, role }),
    onSuccess: (r) => {
      setInvitation(r);
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
  const update = useMutation({
    mutationFn: (v: { id: string; role?: DashboardRoleName; disabled?: boolean; live_access?: boolean }) => api.updateUser(v.id, v),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
  if (session.user.role !== 'owner') return <Alert color="gray">Only owners manage the team.</Alert>;
  return (
    <>
      <PageHeader title="Team" description="Owners do everything; developers manage test apps, keys and webhooks and replay deliveries; viewers read." />
      <Card mb="md">
        <Title order={2} fz="md" mb="sm">
          Invite someone
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label="E-mail address" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} style={{ flex: 1, minWidth: 220 }} />
          <Select label="Role" data={ROLES} value={role} onChange={(v) => setRole((v ?? 'viewer') as DashboardRoleName)} allowDeselect={false} w={160} />
          <Button onClick={() => invite.mutate()} loading={invite.isPending} disabled={!email.includes('@')}>
            Create invitation
          </Button>
        </Group>
        <ErrorText error={invite.error} />
        {invitation && (
          <Alert color="teal" variant="light" mt="md" title={`Invitation for ${invitation.user.email}`} withCloseButton onClose={() => setInvitation(null)}>
            <Stack gap="xs">
              <Text size="sm">Send this one-time link to them; it works until {dateTime(invitation.expires_at)} and is shown only now.</Text>
              <Code block data-testid="invite-link" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
                {invitation.invite_url}
              </Code>
              <CopyButton value={invitation.invite_url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy} style={{ alignSelf: 'flex-start' }}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        )}
      </Card>
      <ErrorText error={update.error} />
      <Card p={0}>
        <QueryView query={users}>
          {(data) => (
            <ListTable label="Team members" columns={['Person', 'Role', 'Live access', 'Status', 'Last sign-in', 'Access']} minWidth={760} nowrap>
              {data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>{u.name || u.email}</Text>
                    {u.name && <Text size="xs" c="dimmed">{u.email}</Text>}
                  </Table.Td>
                  <Table.Td>
                    <Select aria-label={`Role of ${u.email}`} size="xs" w={130} data={ROLES} value={u.role} allowDeselect={false}
                      onChange={(v) => v && v !== u.role && update.mutate({ id: u.id, role: v as DashboardRoleName })} />
                  </Table.Td>
                  <Table.Td>
                    <Switch aria-label={`Live access of ${u.email}`} checked={u.live_access} onChange={(e) => update.mutate({ id: u.id, live_access: e.currentTarget.checked })} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={u.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{dateTime(u.last_sign_in_at)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {u.id !== session.user.id && (
                      <Button size="compact-xs" variant="subtle" color={u.status === 'disabled' ? 'teal' : 'red'} onClick={() => update.mutate({ id: u.id, disabled: u.status !== 'disabled' })}>
                        {u.status === 'disabled' ? 'Enable' : 'Disable'}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          )}
        </QueryView>
      </Card>
    </>
  );
}
