import { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { Tone, TONES } from '../theme';

/** A small coloured label whose text passes WCAG AA contrast. */
export function Pill({ tone, children, mono }: { tone: Tone; children: ReactNode; mono?: boolean }) {
  const { fg, bg } = TONES[tone];
  return (
    <Badge variant="light" radius="sm" tt="none" fw={600} ff={mono ? 'monospace' : undefined} styles={{ root: { background: bg, color: fg, flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {children}
    </Badge>
  );
}

const TONE_OF: Record<string, Tone> = {
  succeeded: 'green',
  delivered: 'green',
  active: 'green',
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
  return <Pill tone={TONE_OF[label] ?? 'gray'}>{label}</Pill>;
}

export function HttpCodeBadge({ code }: { code: number | null }) {
  if (code === null) return <Pill tone="gray">no answer</Pill>;
  return (
    <Pill tone={code >= 200 && code < 300 ? 'green' : code >= 500 ? 'red' : 'orange'} mono>
      {code}
    </Pill>
  );
}
