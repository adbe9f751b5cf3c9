/**
 * The fields of a role change (decisions 0035, 0049): give or take, an ecosystem role or a role in
 * one program (the program picked by name; a searchable list when there are many), offering only
 * what the signed-in person may grant (roleChoices.ts). Program roles read in the ecosystem's terms.
 */
import { NativeSelect, Radio, Group, Select, Text } from '@mantine/core';
import { useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { MessageId } from '../../i18n/en';
import { useT, type Translate } from '../../i18n/terms';
import type { RoleFieldsQuery } from './__generated__/RoleFieldsQuery.graphql';
import type { EcosystemRole, RoleAction } from './adminForms';
import {
  firstChoice, grantable, isProgramRoleName, mayChoose, switchKind, switchProgram, type Grantable, type ProgramOption, type ProgramRoleName, type RoleChoice,
} from './roleChoices';
import { roleLabel } from './words';

/** Above this many programs the program is found by typing rather than in a plain list. */
const SEARCH_ABOVE = 10;

export function programRoleLabel(role: ProgramRoleName): MessageId {
  return `adminUsers.programRole.${role}`;
}

/** "Teacher", or "Tutor in Reading": how a choice reads in a confirmation or a message. */
export function choiceLabel(t: Translate, choice: RoleChoice, programs: readonly ProgramOption[]): string {
  if (choice.programId === null || !isProgramRoleName(choice.role)) return t(roleLabel(choice.role));
  const program = programs.find((p) => p.id === choice.programId)?.name ?? '';
  return t('adminUsers.roles.inProgram', { role: t(programRoleLabel(choice.role)), program });
}

/** The viewer's grantable roles in the ecosystem and its programs (at most 100, by the API's page size). */
export function useRoleChoices(ecosystemId: string): { g: Grantable; programs: ProgramOption[] } {
  const data = useLazyLoadQuery<RoleFieldsQuery>(graphql`
    query RoleFieldsQuery($ecosystemId: ID!) {
      getCurrentUserV2 { isInternalTeamAccount ecosystemRoles { ecosystemId role } programRoles { ecosystemId programId role } }
      getProgramsByEcosystemId(ecosystemId: $ecosystemId, first: 100) { edges { node { id name } } }
    }
  `, { ecosystemId });
  const viewer = data.getCurrentUserV2;
  const programs = data.getProgramsByEcosystemId.edges.map((e) => ({ id: e.node.id, name: e.node.name }));
  const roles = { platformAdmin: viewer?.isInternalTeamAccount ?? false, ecosystemRoles: viewer?.ecosystemRoles ?? [], programRoles: viewer?.programRoles ?? [] };
  return { g: grantable(roles, ecosystemId, programs), programs };
}

export interface Chosen { choice: RoleChoice; label: string }

interface Props { ecosystemId: string; value: Chosen | null; onChange: (v: Chosen | null) => void }

/** Loads what may be granted; keeps the parent's value to a choice the viewer may make (or null). */
export function RoleFields({ ecosystemId, value, onChange }: Props) {
  const { g, programs } = useRoleChoices(ecosystemId);
  return <RoleChoiceFields g={g} programs={programs} value={value} onChange={onChange} />;
}

interface ChoiceProps { g: Grantable; programs: readonly ProgramOption[]; value: Chosen | null; onChange: (v: Chosen | null) => void }

/** The fields for what `g` allows, and nothing else. */
export function RoleChoiceFields({ g, programs, value, onChange }: ChoiceProps) {
  const t = useT();
  const current = value && mayChoose(g, value.choice) ? value.choice : firstChoice(g, value?.choice.action);
  const set = (choice: RoleChoice | null) => onChange(choice ? { choice, label: choiceLabel(t, choice, programs) } : null);
  const stale = current?.role !== value?.choice.role || current?.programId !== value?.choice.programId || current?.action !== value?.choice.action;
  useEffect(() => { if (stale) set(current); });
  if (!current) return <Text role="status">{t('adminUsers.roles.nothingToGive')}</Text>;
  const program = g.programs.find((p) => p.id === current.programId);
  const both = g.ecosystemRoles.length > 0 && g.programs.length > 0;
  return (
    <>
      <Radio.Group label={t('adminUsers.roles.action')} value={current.action} onChange={(a) => set({ ...current, action: a as RoleAction })}>
        <Group gap="md" mt={4}>
          <Radio value="add" label={t('adminUsers.roles.add')} />
          <Radio value="remove" label={t('adminUsers.roles.remove')} />
        </Group>
      </Radio.Group>
      {both && (
        <Radio.Group label={t('adminUsers.roles.kind')} value={program ? 'program' : 'ecosystem'}
          onChange={(k) => set(switchKind(g, current, k as 'ecosystem' | 'program') ?? current)}>
          <Group gap="md" mt={4}>
            <Radio value="ecosystem" label={t('adminUsers.roles.kindEcosystem')} />
            <Radio value="program" label={t('adminUsers.roles.kindProgram')} />
          </Group>
        </Radio.Group>
      )}
      {program ? <ProgramRoleFields g={g} program={program.id} role={current.role} onChange={(c) => set({ ...c, action: current.action })} /> : (
        <NativeSelect label={t('adminUsers.roles.role')} value={current.role} onChange={(e) => set({ ...current, role: e.currentTarget.value as EcosystemRole })}
          data={g.ecosystemRoles.map((r) => ({ value: r, label: t(roleLabel(r)) }))} />
      )}
      <Text size="sm" c="dimmed">{t('adminUsers.roles.note')}</Text>
    </>
  );
}

function ProgramRoleFields({ g, program, role, onChange }: { g: Grantable; program: string; role: string; onChange: (c: RoleChoice) => void }) {
  const t = useT();
  const here = g.programs.find((p) => p.id === program);
  const choice: RoleChoice = { action: 'add', role: role as ProgramRoleName, programId: program };
  const options = g.programs.map((p) => ({ value: p.id, label: p.name }));
  const pick = (id: string | null) => { if (id) onChange(switchProgram(g, choice, id)); };
  return (
    <>
      {g.programs.length > SEARCH_ABOVE
        ? <Select label={t('adminUsers.roles.program')} placeholder={t('adminUsers.roles.programSearch')} searchable data={options} value={program}
            onChange={pick} allowDeselect={false} comboboxProps={{ withinPortal: false }} />
        : <NativeSelect label={t('adminUsers.roles.program')} value={program} onChange={(e) => pick(e.currentTarget.value)} data={options} />}
      <NativeSelect label={t('adminUsers.roles.role')} value={role} onChange={(e) => onChange({ ...choice, role: e.currentTarget.value as ProgramRoleName })}
        data={(here?.roles ?? []).map((r) => ({ value: r, label: t(programRoleLabel(r)) }))} />
    </>
  );
}
