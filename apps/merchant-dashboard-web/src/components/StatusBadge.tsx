import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  succeeded: 'teal',
  delivered: 'teal',
  active: 'teal',
  failed: 'red',
  abandoned: 'red',
  disabled: 'gray',
  pending: 'yellow',
  retrying: 'orange',
  invited: 'blue',
};

/** A status as a coloured label; "pending" deliveries that already failed once read "retrying". */
export function StatusBadge({ status, attempts }: { status: string; attempts?: number }) {
  const label = status === 'pending' && attempts !== undefined && attempts > 0 ? 'retrying' : status;
  return (
    <Badge color={COLORS[label] ?? 'gray'} variant="light" radius="sm" tt="none" fw={600}>
      {label}
    </Badge>
  );
}

export function HttpCodeBadge({ code }: { code: number | null }) {
  if (code === null) return <Badge color="gray" variant="light" radius="sm">no answer</Badge>;
  const color = code >= 200 && code < 300 ? 'teal' : code >= 500 ? 'red' : 'orange';
  return (
    <Badge color={color} variant="light" radius="sm" ff="monospace">
      {code}
    </Badge>
  );
}
