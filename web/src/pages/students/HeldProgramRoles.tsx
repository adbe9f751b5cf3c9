/**
 * One person's roles in the ecosystem's programs (decision 0049), in the role dialog: each named by
 * its program and in the ecosystem's terms, with "Take away" where the viewer may take it. Taking
 * one away needs no confirmation: giving it again restores it.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import type { HeldProgramRolesQuery } from './__generated__/HeldProgramRolesQuery.graphql';
import { heldProgramRoles, type HeldProgramRole } from './roleChoices';
import { programRoleLabel, useRoleChoices } from './RoleFields';
import { useUpdatePermissionsMutation } from './useUpdatePermissionsMutation';

interface Props { userId: string; ecosystemId: string; onChanged: () => void }

export function HeldProgramRoles({ userId, ecosystemId, onChanged }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [fetchKey, setFetchKey] = useState(0);
  const { g, programs } = useRoleChoices(ecosystemId);
  const data = useLazyLoadQuery<HeldProgramRolesQuery>(graphql`
    query HeldProgramRolesQuery($userId: ID!) {
      node(id: $userId) { ... on User { profile { ecosystemRoles { role ecosystemId programId status } } } }
    }
  `, { userId }, { fetchKey, fetchPolicy: 'network-only' });
  const [update, updating] = useUpdatePermissionsMutation();
  const held = heldProgramRoles(data.node?.profile?.ecosystemRoles ?? [], ecosystemId, programs, g);
  const takeAway = async (h: HeldProgramRole, words: { role: string; program: string }) => {
    try {
      await update(ecosystemId, [userId], { add: [], remove: [{ role: h.role, programId: h.programId }] });
      showToast({ color: 'teal', message: t('adminUsers.roles.takenAway', words) });
      onChanged();
      setFetchKey((k) => k + 1);
    } catch (error) {
      showToast({ color: 'red', message: errorText(error) });
    }
  };
  const heading = t('adminUsers.roles.held');
  return (
    <Stack gap={4}>
      <Text fw={600}>{heading}</Text>
      {held.length === 0 ? <Text size="sm">{t('adminUsers.roles.heldNone')}</Text> : (
        <Stack component="ul" gap={4} aria-label={heading} className="card-list">
          {held.map((h) => {
            const words = { role: t(programRoleLabel(h.role)), program: h.name };
            return (
              <Group component="li" key={`${h.programId}:${h.role}`} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" className="wrap-anywhere">{t('adminUsers.roles.inProgram', words)}</Text>
                {h.removable && (
                  <Button size="xs" variant="default" loading={updating} aria-label={t('adminUsers.roles.takeAway', words)} onClick={() => void takeAway(h, words)}>
                    {t('adminUsers.roles.takeAwayShort')}
                  </Button>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
