import { FormEvent, useMemo, useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, ApiFailure, rememberCsrfToken } from '../api/client';
import { SESSION_KEY } from '../api/session';
import { AuthFrame } from './SignIn';

/** The one-time invitation link: /accept-invite#token=… (the token never reaches a server log). */
export function AcceptInvitePage() {
  const token = useMemo(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '', []);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const accept = useMutation({
    mutationFn: () => api.acceptInvitation({ token, password, name: name || undefined }),
    onSuccess: (data) => {
      rememberCsrfToken(data.csrf_token);
      queryClient.setQueryData(SESSION_KEY, data);
      window.history.replaceState(null, '', '/accept-invite');
      navigate('/test/overview', { replace: true });
    },
  });
  const tooShort = password.length > 0 && password.length < 12;
  const mismatch = confirm.length > 0 && confirm !== password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tooShort && !mismatch) accept.mutate();
  };
  return (
    <AuthFrame title="Set up your account" subtitle="Choose a password to finish joining your team's dashboard">
      {!token ? (
        <Alert color="red" variant="light" role="alert">
          This page needs the invitation link you were sent. Ask an owner of your account for a new one.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {accept.error instanceof ApiFailure && (
              <Alert color="red" variant="light" role="alert">
                {accept.error.fieldMessages ?? accept.error.message}
              </Alert>
            )}
            <TextInput label="Your name" autoComplete="name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <PasswordInput
              label="Password"
              description="At least 12 characters"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={tooShort ? 'Use at least 12 characters' : undefined}
            />
            <PasswordInput
              label="Repeat the password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={mismatch ? 'The passwords differ' : undefined}
            />
            <Button type="submit" fullWidth loading={accept.isPending} disabled={!password || password !== confirm || tooShort}>
              Set password and sign in
            </Button>
          </Stack>
        </form>
      )}
    </AuthFrame>
  );
}
