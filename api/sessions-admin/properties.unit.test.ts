/** Which values fit a custom session property's field type (updateSessionsProperties, decision 0060). */
import { describe, expect, it } from 'vitest';
import type { CustomProperty } from '../../domain/ecosystem/groups/common';
import { fits } from '../../workflows/session-bulk/act';

const property = (fieldType: CustomProperty['fieldType']): CustomProperty => ({
  id: 'p', label: 'P', description: null, internalKeyName: 'p', fieldType, type: 'SESSION', required: false,
  options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b' }],
} as CustomProperty);

describe('fits', () => {
  it.each([
    ['SINGLE_SELECT', 'a', true], ['SINGLE_SELECT', 'c', false], ['SINGLE_SELECT', 'a,b', false],
    ['MULTI_SELECT', 'a,b', true], ['MULTI_SELECT', 'a, b', true], ['MULTI_SELECT', 'a,c', false],
    ['NUMBER', '12.5', true], ['NUMBER', '-3', true], ['NUMBER', 'many', false], ['NUMBER', ' ', false], ['NUMBER', 'Infinity', false],
    ['BOOLEAN', 'true', true], ['BOOLEAN', 'false', true], ['BOOLEAN', 'yes', false],
    ['DATE', '2026-11-24', true], ['DATE', '2026-13-01', false], ['DATE', '24/11/2026', false],
    ['TEXT', 'B12', true], ['TEXT', '  ', false],
  ] as const)('%s %j: %s', (fieldType, value, expected) => {
    expect(fits(property(fieldType), value)).toBe(expected);
  });
});
