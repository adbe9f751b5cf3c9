/**
 * Secrets a fresh machine needs but nobody configured: the embedded database owner's password, the
 * app_api role's password, the token signing key and the key that seals second-factor secrets
 * (docs/decisions/0039). Generated once into `<DATA_DIR>/secrets.json`
 * (mode 0600) and reused, so the database, its roles and issued tokens survive restarts. A file
 * from an older version that lacks a secret gets it added. Configured values always win.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({ apiDatabasePassword: z.string().min(12), jwtSecret: z.string().min(32), mfaSecretKey: z.string().min(32) });
export type Secrets = z.infer<typeof secretsSchema>;

const storedSchema = secretsSchema.extend({ databaseOwnerPassword: z.string().min(20) });
/** What DATA_DIR keeps: the app's secrets plus the embedded database owner's password. */
export type StoredSecrets = z.infer<typeof storedSchema>;

const generators: { [K in keyof StoredSecrets]: () => string } = {
  apiDatabasePassword: () => randomBytes(18).toString('base64url'),
  jwtSecret: () => randomBytes(48).toString('base64url'),
  mfaSecretKey: () => randomBytes(32).toString('base64url'),
  databaseOwnerPassword: () => randomBytes(24).toString('base64url'),
};

export function secretsFile(dataDir: string): string {
  return path.join(dataDir, 'secrets.json');
}

/** The kept secrets as they are (missing ones absent), or null when there is no file yet. */
export async function readSecrets(dataDir: string): Promise<Partial<StoredSecrets> | null> {
  const file = secretsFile(dataDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return storedSchema.partial().parse(JSON.parse(text));
  } catch (err) {
    throw new Error(`${file} is unreadable; restore it, or delete it together with the database it protects`, { cause: err });
  }
}

/** Written to a fresh file that is renamed over the old one: never half written, always 0600. */
async function writeSecrets(dataDir: string, secrets: StoredSecrets): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = secretsFile(dataDir);
  const temp = `${file}.${randomBytes(4).toString('hex')}`;
  await writeFile(temp, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  await rename(temp, file);
}

export async function loadOrCreateSecrets(dataDir: string): Promise<StoredSecrets> {
  const kept = (await readSecrets(dataDir)) ?? {};
  const missing = (Object.keys(generators) as Array<keyof StoredSecrets>).filter((key) => !kept[key]);
  const secrets = { ...kept } as StoredSecrets;
  for (const key of missing) secrets[key] = generators[key]();
  if (missing.length) await writeSecrets(dataDir, secrets);
  else await tightenMode(secretsFile(dataDir));
  return secrets;
}

/** A file that someone made readable to others is put back to 0600. */
async function tightenMode(file: string): Promise<void> {
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
}

export function randomSecrets(): Secrets {
  return { apiDatabasePassword: generators.apiDatabasePassword(), jwtSecret: generators.jwtSecret(), mfaSecretKey: generators.mfaSecretKey() };
}
