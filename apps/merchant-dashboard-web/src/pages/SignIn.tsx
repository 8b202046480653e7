import { FormEvent, useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { api, ApiFailure, rememberCsrfToken } from '../api/client';
import { SESSION_KEY, useSessionQuery } from '../api/session';

export function AuthFrame({ title, subtitle, children }: { title: string; subtitle: string; children: React.ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0" component="main">
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Stack align="center" gap={6}>
            <img src="/favicon.svg" alt="" width={44} height={44} />
            <Title order={1} fz={24} ta="center">
              {title}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {subtitle}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" p="xl">
            {children}
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            MoMo Gateway · MTN MoMo and Airtel Money for your business
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

export function SignInPage() {
  const session = useSessionQuery();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => api.signIn({ email, password }),
    onSuccess: (data) => {
      rememberCsrfToken(data.csrf_token);
      queryClient.setQueryData(SESSION_KEY, data);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/sign-in' ? from : '/test/overview', { replace: true });
    },
  });
  if (session.data) return <Navigate to="/test/overview" replace />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const error = signIn.error instanceof ApiFailure ? signIn.error : null;
  return (
    <AuthFrame title="Sign in to your dashboard" subtitle="Payments, payouts, apps and webhooks of your business">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error.message}
            </Alert>
          )}
          <TextInput label="E-mail address" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} autoFocus />
          <PasswordInput label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
          <Button type="submit" fullWidth loading={signIn.isPending} disabled={!email || !password}>
            Sign in
          </Button>
          <Text size="xs" c="dimmed">
            New to the team? Use the invitation link your owner sent you. Lost your password? Ask an owner to invite you again, or contact{' '}
            <Anchor href="mailto:support@example.com" size="xs" underline="always">
              support
            </Anchor>
            .
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
