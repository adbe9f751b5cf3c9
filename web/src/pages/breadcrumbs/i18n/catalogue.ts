/**
 * The breadcrumbs page's words, merged over the app's catalogue by <AuditWords> (AuditWords.tsx):
 * some three hundred labels that only this page needs load with it instead of with every page.
 */
import type { AppLocale } from '../../../i18n/locale';
import { breadcrumbsEn } from './en';
import { breadcrumbsEs } from './es';

export type AuditMessageId = keyof typeof breadcrumbsEn;

export const AUDIT_MESSAGES: Record<AppLocale, Record<AuditMessageId, string>> = { en: breadcrumbsEn, sp: breadcrumbsEs };

export function isAuditMessageId(id: string): id is AuditMessageId {
  return Object.hasOwn(breadcrumbsEn, id);
}
