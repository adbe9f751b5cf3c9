/** Loads the SDL split by area in schema/ into one document (base.graphql first). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

export async function loadSchemaSDL(dir = schemaDir): Promise<string> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.graphql')).sort((a, b) =>
    a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b));
  const parts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return parts.join('\n');
}
