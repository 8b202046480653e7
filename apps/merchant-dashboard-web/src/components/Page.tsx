import { ReactNode } from 'react';
import { Alert, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ApiFailure } from '../api/client';

export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="lg">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={1} fz={{ base: 22, sm: 26 }} fw={700}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

export function Failure({ error }: { error: unknown }) {
  const message = error instanceof ApiFailure ? (error.fieldMessages ?? error.message) : 'Something went wrong loading this page.';
  return (
    <Alert color="red" variant="light" title="Could not load this" role="alert">
      {message}
    </Alert>
  );
}

/** What a query shows: a loader while pending, the failure, `empty` when `isEmpty` says so, else its data. */
export function QueryView<T>({ query, isEmpty, empty, children }: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <Failure error={query.error} />;
  const data = query.data as T;
  return <>{isEmpty?.(data) ? empty : children(data)}</>;
}

export function ErrorText({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof ApiFailure ? (error.fieldMessages ?? error.message) : 'Something went wrong.';
  return (
    <Alert color="red" variant="light" role="alert" py="xs">
      {message}
    </Alert>
  );
}

export function Empty({ title, children, icon = '○' }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Center py={48}>
      <Stack align="center" gap={6} maw={420} ta="center">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm">
            {children}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
