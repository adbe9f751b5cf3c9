/** One section of /account-settings: a titled panel holding one small form, saved on its own. */
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
