import { ReactNode } from 'react';
import { AppShell, Avatar, Box, VisuallyHidden, Burger, Group, Menu, NavLink as MantineNavLink, SegmentedControl, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { DashboardMode } from '@momo/contracts/dashboard';
import { api, rememberCsrfToken } from '../api/client';
import { SESSION_KEY, useSession } from '../api/session';
import { Pill } from '../components/StatusBadge';
import { MODE_COLOR } from '../theme';
import { useMode } from './mode';

interface NavItem {
  label: string;
  to: (mode: DashboardMode) => string;
  icon: ReactNode;
  show?: (ctx: { mode: DashboardMode; owner: boolean }) => boolean;
}

const NAV: NavItem[] = [
  { label: 'Overview', to: (m) => `/${m}/overview`, icon: '◐' },
  { label: 'Transactions', to: (m) => `/${m}/transactions`, icon: '⇄' },
  { label: 'Apps & webhooks', to: (m) => `/${m}/apps`, icon: '⚙' },
  { label: 'Test payments', to: () => '/test/test-payments', icon: '▶', show: ({ mode }) => mode === 'test' },
  { label: 'Team', to: (m) => `/${m}/team`, icon: '☺', show: ({ owner }) => owner },
  { label: 'Audit log', to: (m) => `/${m}/audit-log`, icon: '≡', show: ({ owner }) => owner },
];

/** The frame of every signed-in page: navigation, the test/live switch, the user menu. */
export function Shell() {
  const session = useSession();
  const mode = useMode();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const owner = session.user.role === 'owner';
  const liveAllowed = session.modes.includes('live');

  const switchMode = (next: string) => {
    const rest = location.pathname.replace(/^\/(test|live)/, '');
    // Detail pages name a thing of one mode; the list is the sensible place in the other.
    const page = rest.split('/').filter(Boolean)[0] ?? 'overview';
    navigate(`/${next}/${page === 'test-payments' ? 'overview' : page}`);
  };

  const signOut = async (everywhere: boolean) => {
    try {
      await (everywhere ? api.signOutEverywhere() : api.signOut());
    } finally {
      rememberCsrfToken(null);
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, null);
      navigate('/sign-in');
    }
  };

  const modeSwitch = (
    <Tooltip label={session.merchant.business_verified ? 'Your access is test mode only' : 'Live mode opens once your business is verified'} disabled={liveAllowed}>
      <Box>
        <SegmentedControl
          aria-label="Mode"
          size="xs"
          value={mode}
          onChange={switchMode}
          data={[
            { value: 'test', label: 'Test mode' },
            { value: 'live', label: 'Live', disabled: !liveAllowed },
          ]}
          color={MODE_COLOR[mode]}
        />
      </Box>
    </Tooltip>
  );

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding={{ base: 'sm', sm: 'lg' }}>
      <AppShell.Header>
        {mode === 'test' && <Box h={3} bg="orange.6" aria-hidden />}
        <Group h={mode === 'test' ? 57 : 60} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Link to={`/${mode}/overview`} style={{ textDecoration: 'none', color: 'inherit', display: 'flex', alignItems: 'center', gap: 8 }} aria-label="MoMo Gateway home">
              <img src="/favicon.svg" alt="" width={26} height={26} />
              <Text fw={700} visibleFrom="xs">
                MoMo Gateway
              </Text>
            </Link>
            <Text c="dimmed" size="sm" visibleFrom="md" truncate>
              {session.merchant.name}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {modeSwitch}
            <Menu position="bottom-end" width={240}>
              <Menu.Target>
                <UnstyledButton>
                  <VisuallyHidden>Account menu</VisuallyHidden>
                  <Avatar color="indigo" radius="xl" size={34} aria-hidden>
                    {initials(session.user.name || session.user.email)}
                  </Avatar>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>
                  <Text size="sm" fw={600} c="dark" truncate>
                    {session.user.email}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {session.user.role} · {session.merchant.name}
                  </Text>
                </Menu.Label>
                <Menu.Divider />
                <Menu.Item onClick={() => void signOut(false)}>Sign out</Menu.Item>
                <Menu.Item color="red" onClick={() => void signOut(true)}>
                  Sign out everywhere
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Main">
        <Stack gap={2} style={{ flex: 1 }}>
          {NAV.filter((item) => item.show?.({ mode, owner }) ?? true).map((item) => {
            const to = item.to(mode);
            const active = location.pathname.startsWith(to);
            return (
              <MantineNavLink
                key={item.label}
                component={Link}
                to={to}
                label={item.label}
                leftSection={<Text span aria-hidden w={18} ta="center" c="dimmed">{item.icon}</Text>}
                active={active}
                aria-current={active ? 'page' : undefined}
                variant="subtle"
                onClick={close}
                // The active page: a light tint with text dark enough for WCAG AA.
                style={{ borderRadius: 8, ...(active ? { background: '#edf0ff', color: '#2c3a9e', fontWeight: 600 } : {}) }}
              />
            );
          })}
        </Stack>
        <Stack gap={6} p="xs">
          <Pill tone={mode === 'test' ? 'orange' : 'green'}>{mode === 'test' ? 'Test mode' : 'Live mode'}</Pill>
          <Text size="xs" c="dimmed">
            {mode === 'test' ? 'Simulated networks: no real money moves.' : 'Real money on MTN MoMo and Airtel Money.'}
          </Text>
          <Text size="xs" c="dimmed">
            Signed in as {session.user.role}
          </Text>
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        <Box maw={1280} mx="auto">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

function initials(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? '') + (words.length > 1 ? words[1][0] : (words[0]?.[1] ?? ''))).toUpperCase();
}
