/**
 * The admin's actions on people of /students in the browser (decisions 0048, 0049): each row's menu
 * (family links, roles in programs, password, e-mail, phone, message) and the bulk bar's role changes, for the
 * selection and for everyone matching (the number shown first, then the job's progress). Each action
 * is used once and its result seen; English at 1280 px, Spanish at 390 px, axe-clean, screenshots in
 * dist/e2e-screenshots.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUser } from '../../api/auth/seed';
import { loginToken, startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

const PASSWORD = 'admin-actions-e2e-password-1';
let app: E2eApp;

/** /students filtered by a name, as the admin. */
async function roster(page: Page, term: string, label = 'Name or e-mail', show = 'Show'): Promise<void> {
  await page.goto(`${app.url}/students`);
  await page.getByLabel(label).fill(term);
  await page.getByRole('button', { name: show }).click();
}

/** Opens a person's menu item and waits for its dialog (faded in, for the screenshot and the contrast check). */
async function action(page: Page, actionsFor: string, item: string, dialogName: string) {
  await page.getByRole('button', { name: actionsFor }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.waitFor();
  await page.waitForTimeout(400);
  return dialog;
}

beforeAll(async () => {
  app = await startE2eApp();
  const services = app.platform.services;
  const ecosystemId = app.platform.demo!.ecosystemId;
  const person = (email: string, firstName: string, lastName: string, role: 'PARENT' | 'STUDENT') =>
    ensureUser(services, { email, password: PASSWORD, firstName, lastName, roles: [{ ecosystemId, role }] });
  await person('pia.guardian@example.com', 'Pia', 'Guardian', 'PARENT');
  await person('tom.learner@example.com', 'Tom', 'Learner', 'STUDENT');
  await person('rae.roles@example.com', 'Rae', 'Roles', 'STUDENT');
  await person('sam.roles@example.com', 'Sam', 'Roles', 'STUDENT');
  await person('pat.contact@example.com', 'Pat', 'Contact', 'STUDENT');
  await person('eve.contact@example.com', 'Eve', 'Contact', 'STUDENT');
  await person('lee.program@example.com', 'Lee', 'Program', 'STUDENT');
}, 120_000);
afterAll(async () => { await app?.stop(); });

describe('the admin\'s actions on people', () => {
  it('links a parent to a learner with a relationship, then unlinks them (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await roster(page, 'learner');
      await page.getByRole('table', { name: 'People of the ecosystem' }).getByText('Tom Learner').waitFor();
      const dialog = await action(page, 'Actions for Tom Learner', 'Family links…', 'Family of Tom Learner');
      await dialog.getByText('No links yet.').waitFor();
      await dialog.getByRole('button', { name: 'Link', exact: true }).click();
      await dialog.getByRole('alert').getByText('Choose a person.').waitFor();
      await dialog.getByLabel('Parent or guardian to link').selectOption({ label: 'Pia Guardian' });
      await dialog.getByLabel('Relationship').selectOption({ label: 'Guardian' });
      await dialog.getByRole('button', { name: 'Link', exact: true }).click();
      await dialog.getByRole('list', { name: 'Parents and guardians' }).getByText('Pia Guardian (Guardian)').waitFor();
      await check(page, 'students-family-1280-en');
      await dialog.getByRole('button', { name: 'Unlink Pia Guardian' }).click();
      await page.getByText('Pia Guardian is no longer linked.').waitFor();
      await dialog.getByText('No links yet.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('links a learner to a parent from the parent\'s card (Spanish, 390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await roster(page, 'guardian', 'Nombre o correo', 'Mostrar');
      await page.getByRole('list', { name: 'Personas del ecosistema' }).getByText('Pia Guardian').waitFor();
      await page.getByRole('button', { name: 'Acciones para Pia Guardian' }).click();
      await page.waitForTimeout(300);
      await check(page, 'students-actions-menu-390-sp');
      await page.getByRole('menuitem', { name: 'Vínculos familiares…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Familia de Pia Guardian' });
      await dialog.waitFor();
      await dialog.getByLabel('Aprendiz que vincular').selectOption({ label: 'Tom Learner' });
      await dialog.getByRole('button', { name: 'Vincular', exact: true }).click();
      await dialog.getByRole('list', { name: 'Hijos' }).getByText('Tom Learner (Padre o madre)').waitFor();
      await page.waitForTimeout(400);
      await check(page, 'students-family-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives the selected people a role, then takes it from everyone matching as a job (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await roster(page, 'roles');
      const table = page.getByRole('table', { name: 'People of the ecosystem' });
      await table.getByText('Sam Roles').waitFor();
      await page.getByRole('checkbox', { name: 'Select Rae Roles' }).check();
      await page.getByRole('checkbox', { name: 'Select Sam Roles' }).check();
      await page.getByRole('button', { name: 'Change roles of selected (2)…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change the roles of 2 people' });
      await dialog.waitFor();
      await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Teacher' });
      await page.waitForTimeout(400);
      await check(page, 'students-roles-selected-1280-en');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('2 people changed.').waitFor();
      await expect.poll(async () => table.getByText(/Teacher/).count(), { timeout: 10_000 }).toBe(2);

      await page.getByRole('button', { name: 'Change roles of everyone matching…' }).click();
      const choose = page.getByRole('dialog', { name: 'Change the roles of everyone matching these filters' });
      await choose.getByLabel('Take the role away').check();
      await choose.getByLabel('Role', { exact: true }).selectOption({ label: 'Teacher' });
      await choose.getByRole('button', { name: 'Count the people first' }).click();
      const confirm = page.getByRole('dialog', { name: 'Take the role Teacher from all 2 people matching these filters?' });
      await confirm.waitFor();
      await page.waitForTimeout(400);
      await check(page, 'students-roles-all-confirm-1280-en');
      await confirm.getByRole('button', { name: 'Change 2 people' }).click();
      await page.getByText('The roles of everyone matching are changed.').waitFor({ timeout: 30_000 });
      await page.getByRole('status').getByText('Roles changed for 2 of 2').waitFor();
      await expect.poll(async () => table.getByText(/Teacher/).count(), { timeout: 10_000 }).toBe(0);
      await check(page, 'students-roles-all-done-1280-en');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('gives a person a role in a program, lists it, and takes it away (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await roster(page, 'lee.program');
      const table = page.getByRole('table', { name: 'People of the ecosystem' });
      await table.getByText('Lee Program').waitFor();
      let dialog = await action(page, 'Actions for Lee Program', 'Change roles…', 'Change the roles of Lee Program');
      await dialog.getByText('No roles in programs.').waitFor();
      await dialog.getByLabel('A role in one program').check();
      await dialog.getByLabel('Program', { exact: true }).selectOption({ label: 'Reading Buddies' });
      await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Leader' });
      await check(page, 'students-program-role-1280-en');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await page.getByText('1 person changed.').waitFor();
      await table.getByText(/Leader \(tutor\)/).waitFor();

      dialog = await action(page, 'Actions for Lee Program', 'Change roles…', 'Change the roles of Lee Program');
      const held = dialog.getByRole('list', { name: 'Roles in programs' });
      await held.getByText('Leader in Reading Buddies').waitFor();
      await check(page, 'students-program-role-held-1280-en');
      await dialog.getByRole('button', { name: 'Take away Leader in Reading Buddies' }).click();
      await page.getByText('Leader in Reading Buddies was taken away.').waitFor();
      await dialog.getByText('No roles in programs.').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(async () => table.getByText(/Leader \(tutor\)/).count(), { timeout: 10_000 }).toBe(0);

      // Everyone matching: the program role reads with its program in the count's confirmation.
      await page.getByRole('button', { name: 'Change roles of everyone matching…' }).click();
      const choose = page.getByRole('dialog', { name: 'Change the roles of everyone matching these filters' });
      await choose.getByLabel('A role in one program').check();
      await choose.getByLabel('Program', { exact: true }).selectOption({ label: 'Reading Buddies' });
      await choose.getByLabel('Role', { exact: true }).selectOption({ label: 'Leader' });
      await choose.getByRole('button', { name: 'Count the people first' }).click();
      const confirm = page.getByRole('dialog', { name: 'Give the role Leader in Reading Buddies to the 1 person matching these filters?' });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Change 1 person' }).waitFor();
      await confirm.getByRole('button', { name: 'Close', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers program roles by program, in the ecosystem\'s terms (Spanish, 390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await roster(page, 'lee.program', 'Nombre o correo', 'Mostrar');
      await page.getByRole('list', { name: 'Personas del ecosistema' }).getByText('Lee Program').waitFor();
      await page.getByRole('button', { name: 'Acciones para Lee Program' }).click();
      await page.getByRole('menuitem', { name: 'Cambiar roles…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cambiar los roles de Lee Program' });
      await dialog.getByLabel('Un rol en un programa').check();
      await dialog.getByLabel('Programa', { exact: true }).selectOption({ label: 'Math Tutoring' });
      const roles = await dialog.getByLabel('Rol', { exact: true }).locator('option').allTextContents();
      expect(roles).toEqual(['Administrador del programa', 'Líder', 'Aprendiz']);
      await page.waitForTimeout(400);
      await check(page, 'students-program-role-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sets a password typed twice, which then logs the person in (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await roster(page, 'pat.contact');
      const dialog = await action(page, 'Actions for Pat Contact', 'Set password…', 'Set a password for Pat Contact');
      await dialog.getByText('At least 8 characters.', { exact: false }).waitFor();
      await dialog.getByLabel(/^New password/).fill('violet harbour lantern 42');
      await dialog.getByLabel('Type the password again').fill('violet harbour lantern 41');
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await dialog.getByText('The two new passwords are not the same.').waitFor();
      await dialog.getByLabel('Type the password again').fill('violet harbour lantern 42');
      await dialog.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('The password of Pat Contact was set.').waitFor();
      await expect(loginToken(app.url, 'pat.contact@example.com', 'violet harbour lantern 42')).resolves.toMatch(/\S/);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('changes an e-mail address and a phone number, and sends a message (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'ecosystemAdmin', width: 1280 });
    try {
      await roster(page, 'contact');
      const table = page.getByRole('table', { name: 'People of the ecosystem' });
      await table.getByText('eve.contact@example.com').waitFor();
      const email = await action(page, 'Actions for Eve Contact', 'Change e-mail…', 'Change the e-mail of Eve Contact');
      await email.getByLabel('New e-mail address').fill('eve.renamed@example.com');
      await email.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The e-mail of Eve Contact is now eve.renamed@example.com.').waitFor();
      await table.getByText('eve.renamed@example.com').waitFor();

      const phone = await action(page, 'Actions for Eve Contact', 'Change phone…', 'Change the phone of Eve Contact');
      await phone.getByLabel('New phone number').fill('555-1234');
      await phone.getByRole('button', { name: 'Save' }).click();
      await phone.getByText('Enter 10 digits, with an optional leading 1.').waitFor();
      await phone.getByLabel('New phone number').fill('(555) 123-4567');
      await check(page, 'students-phone-1280-en');
      await phone.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The phone number of Eve Contact was changed.').waitFor();

      const message = await action(page, 'Actions for Pat Contact', 'Send a message…', 'Send a message to Pat Contact');
      await message.getByLabel('Your message').fill('We fixed the problem with your session; please try again.');
      await message.getByLabel('The error they saw').fill('Something went wrong');
      await check(page, 'students-message-1280-en');
      await message.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Your message to Pat Contact is on its way.').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
