/**
 * A person's family links in the ecosystem (decision 0048), for its admin: the links there are,
 * each with Unlink, and a new link to a parent (for a learner) or to a learner (for a parent) with
 * the relationship chosen. Linking again with another relationship changes only that.
 */
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/terms';
import type { FamilyDialogQuery, FamilyRelationship } from './__generated__/FamilyDialogQuery.graphql';
import type { PersonDialogProps } from './AccountDialogs';
import { familySide } from './adminForms';
import { FormDialog } from './FormDialog';
import { useLinkFamilyMemberMutation } from './useLinkFamilyMemberMutation';
import { useUnlinkFamilyMemberMutation } from './useUnlinkFamilyMemberMutation';

const RELATIONSHIPS = ['PARENT', 'GUARDIAN', 'GRANDPARENT', 'SIBLING', 'OTHER'] as const;

/** A relationship this version of the app does not know reads as "Other". */
function relationshipLabel(r: string): MessageId {
  return `adminUsers.relationship.${(RELATIONSHIPS as readonly string[]).includes(r) ? r as (typeof RELATIONSHIPS)[number] : 'OTHER'}`;
}

interface LinksProps {
  userId: string; ecosystemId: string; side: 'parent' | 'child'; fetchKey: number;
  other: string; onOther: (id: string) => void; onUnlink: (otherId: string, name: string) => void;
}

function Links({ userId, ecosystemId, side, fetchKey, other, onOther, onUnlink }: LinksProps) {
  const t = useT();
  const data = useLazyLoadQuery<FamilyDialogQuery>(graphql`
    query FamilyDialogQuery($userId: ID, $ecosystemId: ID, $filters: UserRosterFilters) {
      getFamilyConnections(userId: $userId) { userId relationship ecosystemId user { profile { firstName lastName } } }
      getUserRoster(ecosystemId: $ecosystemId, selectedFilters: $filters, first: 100) { edges { node { userId firstName lastName preferredName } } }
    }
  `, { userId, ecosystemId, filters: { roles: [side === 'parent' ? 'TUTEE' : 'PARENT'] } }, { fetchKey, fetchPolicy: 'network-only' });
  const links = data.getFamilyConnections.filter((l) => l.ecosystemId === ecosystemId);
  const linked = new Set(links.map((l) => l.userId));
  const candidates = data.getUserRoster.edges.map((e) => e.node).filter((n) => n.userId !== userId && !linked.has(n.userId));
  const heading = t(side === 'parent' ? 'adminUsers.family.children' : 'adminUsers.family.parents');
  return (
    <Stack gap="sm">
      <Text fw={600}>{heading}</Text>
      {links.length === 0 ? <Text size="sm">{t('adminUsers.family.none')}</Text> : (
        <Stack component="ul" gap={4} aria-label={heading} className="card-list">
          {links.map((l) => {
            const name = l.user ? `${l.user.profile.firstName ?? ''} ${l.user.profile.lastName ?? ''}`.trim() : '';
            return (
              <Group component="li" key={l.userId} justify="space-between" gap="xs">
                <Text size="sm" className="wrap-anywhere">{t('adminUsers.family.linked', { name, relationship: t(relationshipLabel(l.relationship)) })}</Text>
                <Button size="xs" variant="default" aria-label={t('adminUsers.family.unlink', { name })} onClick={() => onUnlink(l.userId, name)}>
                  {t('adminUsers.family.unlinkShort')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
      {candidates.length === 0 ? <Text size="sm" role="status">{t('adminUsers.family.noCandidates')}</Text> : (
        <NativeSelect label={t(side === 'parent' ? 'adminUsers.family.pickChild' : 'adminUsers.family.pickParent')} value={other}
          onChange={(e) => onOther(e.currentTarget.value)}
          data={[{ value: '', label: '—' }, ...candidates.map((c) => ({ value: c.userId, label: `${c.preferredName ?? c.firstName} ${c.lastName}` }))]} />
      )}
    </Stack>
  );
}

export function FamilyDialog(props: PersonDialogProps) {
  const t = useT();
  const errorText = useErrorText();
  const { person, ecosystemId } = props;
  const side = familySide(person.roles) ?? 'child';
  const [other, setOther] = useState('');
  const [relationship, setRelationship] = useState<FamilyRelationship>('PARENT');
  const [fetchKey, setFetchKey] = useState(0);
  const [formError, setFormError] = useState<string | undefined>();
  const [link, linking] = useLinkFamilyMemberMutation();
  const [unlink, unlinking] = useUnlinkFamilyMemberMutation();
  const pair = (otherId: string) => (side === 'parent' ? { parentId: person.userId, childId: otherId } : { parentId: otherId, childId: person.userId });

  const act = async (work: () => Promise<void>, done: string) => {
    setFormError(undefined);
    try {
      await work();
      showToast({ color: 'teal', message: done });
      setOther('');
      setFetchKey((k) => k + 1);
    } catch (error) {
      setFormError(errorText(error));
    }
  };
  const submit = () => {
    // Shown above the fields: when nobody can be linked there is no list to mark.
    if (!other) setFormError(t('adminUsers.family.pickRequired'));
    else void act(() => link({ ...pair(other), ecosystemId, relationship }), t('adminUsers.family.done'));
  };
  const close = () => { setOther(''); setFormError(undefined); props.onClose(); };
  return (
    <FormDialog opened={props.opened} onClose={close} title={t('adminUsers.family.title', { name: person.name })}
      submitLabel={t('adminUsers.family.link')} onSubmit={submit} loading={linking || unlinking}
      formError={formError} returnFocusRef={props.returnFocusRef}>
      <Suspense fallback={<Text size="sm">{t('common.loading')}</Text>}>
        <Links userId={person.userId} ecosystemId={ecosystemId} side={side} fetchKey={fetchKey} other={other} onOther={setOther}
          onUnlink={(otherId, name) => void act(() => unlink({ ...pair(otherId), ecosystemId }), t('adminUsers.family.unlinked', { name }))} />
      </Suspense>
      <NativeSelect label={t('adminUsers.family.relationship')} value={relationship}
        onChange={(e) => setRelationship(e.currentTarget.value as FamilyRelationship)}
        data={RELATIONSHIPS.map((r) => ({ value: r, label: t(relationshipLabel(r)) }))} />
    </FormDialog>
  );
}
