/**
 * The recording export definitions page in the browser (decisions 0058, 0065), as the seeded
 * platform admin uses it: from the internal admin panel, create a definition, see the server refuse
 * a bad file name on its field, change it, delete it; in English at 1280 px and in Spanish at
 * 390 px, axe-clean. Screenshots go to dist/e2e-screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eApp, type E2eApp } from './support/app';
import { checkPage as check } from './support/check';

let app: E2eApp;

beforeAll(async () => { app = await startE2eApp(); });
afterAll(async () => { await app?.stop(); });

describe('the recording export definitions page', () => {
  it('creates, refuses, edits and deletes a definition (English, 1280 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 1280 });
    try {
      await page.goto(`${app.url}/internal-admin-panel`);
      await page.getByRole('link', { name: 'Recording exports' }).click();
      await page.getByRole('heading', { level: 1, name: 'Recording export definitions' }).waitFor();
      await page.getByText('No definitions yet', { exact: false }).waitFor();
      await check(page, 'recording-exports-empty-1280-en');

      await page.getByRole('textbox', { name: /^Name/ }).fill('Leaders audio');
      await page.getByLabel('Media').selectOption('AUDIO');
      await page.getByLabel('Whose tracks').selectOption('LEADERS');
      await page.getByRole('textbox', { name: /^File name/ }).fill('../{subject}');
      await page.getByRole('button', { name: 'Create definition' }).click();
      // The server's refusal, on its field: a template may not be a path.
      await page.getByText('Use letters, digits, spaces, dots, dashes and underscores', { exact: false }).first().waitFor();
      await check(page, 'recording-exports-refused-1280-en');

      await page.getByRole('textbox', { name: /^File name/ }).fill('{subject} {date}');
      await page.getByRole('button', { name: 'Create definition' }).click();
      await page.getByRole('status').getByText('Leaders audio was created.').waitFor();
      const list = page.getByRole('list', { name: 'Definitions' });
      await list.getByText('Audio only, Leaders only, with the shared content').waitFor();

      await page.getByRole('button', { name: 'Edit Leaders audio' }).click();
      await page.getByRole('heading', { name: 'Change Leaders audio' }).waitFor();
      await page.getByRole('textbox', { name: /^Name/ }).fill('Leaders audio, no content');
      await page.getByLabel('Include the shared content', { exact: false }).uncheck();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').getByText('Leaders audio, no content was saved.').waitFor();
      await list.getByText('Audio only, Leaders only, without the shared content').waitFor();
      await check(page, 'recording-exports-list-1280-en');

      // What the server keeps survives a reload.
      await page.reload();
      await page.getByRole('list', { name: 'Definitions' }).getByText('Leaders audio, no content').waitFor();
      await page.getByRole('button', { name: 'Delete Leaders audio, no content' }).click();
      await page.getByRole('status').getByText('Leaders audio, no content was deleted.').waitFor();
      await page.getByText('No definitions yet', { exact: false }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('works in Spanish on a phone (390 px)', async () => {
    const { page, context, errors } = await app.open({ who: 'platformAdmin', width: 390, height: 844, locale: 'sp' });
    try {
      await page.goto(`${app.url}/internal-admin-panel/custom-lessonspace-video-audio-recording-export-definitions`);
      await page.getByRole('heading', { level: 1, name: 'Definiciones de exportación de grabaciones' }).waitFor();
      await page.getByRole('textbox', { name: /^Nombre(?! del)/ }).fill('Vídeo para todos');
      await page.getByLabel('Disposición del vídeo').selectOption('SPEAKER');
      await page.getByRole('button', { name: 'Crear definición' }).click();
      await page.getByRole('status').getByText('Se creó Vídeo para todos.').waitFor();
      await page.getByRole('list', { name: 'Definiciones' }).getByText('Todos los ecosistemas').waitFor();
      await check(page, 'recording-exports-list-390-sp');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
