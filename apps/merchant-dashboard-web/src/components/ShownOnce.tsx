import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

/**
 * A new secret or key: shown in this dialog only. The page keeps it in memory while the dialog is
 * open and forgets it when it closes; nothing is written to the browser's storage.
 */
export function ShownOnceModal({ title, secret, note, onClose }: { title: string; secret: string | null; note?: string; onClose: () => void }) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} size="lg" centered>
      <Stack gap="md">
        <Alert color="yellow" variant="light" title="Copy it now">
          This is the only time it is shown. Store it in your server's secret store; it cannot be displayed again.
        </Alert>
        <Code block data-testid="shown-once-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap', fontSize: 14 }}>
          {secret}
        </Code>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>I have stored it</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
