/**
 * The unsubscribe link of a notification e-mail in the browser (docs/decisions/0072): opened signed
 * out at 390 px, in English and Spanish, it names the notification, turns its e-mails off on one
 * click and says so; a broken link says what to do instead. Each state is axe-clean, fits 390 px
 * and leaves a screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { userAggregate } from '../../domain/user/state';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PHONE = { width: 390, height: 844 };

let app: E2eApp;

beforeAll(async () => {
  app = await startE2eApp();
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('unsubscribe page', () => {
  for (const [locale, heading, kind, done] of [
    ['en', 'Stop these e-mails', 'A session is cancelled', 'E-mails turned off'],
    ['sp', 'Dejar de recibir estos correos', 'Se cancela una sesión', 'Correos desactivados'],
  ] as const) {
    it(`turns a kind's e-mails off without logging in (${locale})`, async () => {
      const { userId } = await ensureUser(app.platform.services, { email: `una.${locale}@example.com`, password: 'unsubscribe e2e password', firstName: 'Una', lastName: 'Sub' });
      const token = app.platform.services.auth.unsubscribe.sign({ userId, variant: 'notificationPreference', kind: 'SESSION_CANCELLED' });
      const { page, context, errors } = await app.open({ ...PHONE, locale });
      try {
        await page.goto(`${app.url}/unsubscribe/${token}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.getByText(kind, { exact: false }).count()).toBeGreaterThan(0);
        await check(page, `unsubscribe-ask-${locale}-390`);
        await page.getByRole('button').filter({ hasText: locale === 'en' ? 'Turn off these e-mails' : 'Desactivar estos correos' }).click();
        await page.getByRole('status').filter({ hasText: done }).waitFor();
        await check(page, `unsubscribe-done-${locale}-390`);
        const user = await app.platform.services.bus.load(userAggregate, userId);
        expect(user.status === 'registered' && user.profile.notificationPreference.SESSION_CANCELLED).toEqual({ email: false, text: false });

        await page.goto(`${app.url}/unsubscribe/${token.slice(0, -3)}xyz`);
        await page.getByRole('button').click();
        await page.getByRole('alert').waitFor();
        await check(page, `unsubscribe-invalid-${locale}-390`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
