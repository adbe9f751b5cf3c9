/**
 * Secrets a fresh machine needs but nobody configured (the app_api role's password, the token
 * signing key): generated once into `<DATA_DIR>/secrets.json` (mode 0600) and reused, so tokens and
 * the database role survive restarts. Configured values always win.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({ apiDatabasePassword: z.string().min(12), jwtSecret: z.string().min(32) });
export type Secrets = z.infer<typeof secretsSchema>;

export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return secretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${file} is unreadable; delete it to generate new secrets`, { cause: err });
  }
  const secrets: Secrets = { apiDatabasePassword: randomBytes(18).toString('base64url'), jwtSecret: randomBytes(48).toString('base64url') };
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function randomSecrets(): Secrets {
  return { apiDatabasePassword: randomBytes(18).toString('base64url'), jwtSecret: randomBytes(48).toString('base64url') };
}
