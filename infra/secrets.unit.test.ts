import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, readSecrets, secretsFile } from './secrets';

let dataDir: string;
beforeEach(async () => { dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'secrets-test-')), 'data'); });
afterEach(async () => { await rm(path.dirname(dataDir), { recursive: true, force: true }); });

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('secrets in DATA_DIR', () => {
  it('are generated once into a 0600 file and reused', async () => {
    expect(await readSecrets(dataDir)).toBeNull();
    const first = await loadOrCreateSecrets(dataDir);
    expect(first.databaseOwnerPassword.length).toBeGreaterThanOrEqual(32);
    expect(first.apiDatabasePassword).not.toBe(first.databaseOwnerPassword);
    expect(await modeOf(secretsFile(dataDir))).toBe(0o600);
    expect(await loadOrCreateSecrets(dataDir)).toEqual(first);
  });

  it('gain the owner password when kept by an older version, keeping what was there', async () => {
    await loadOrCreateSecrets(dataDir);
    const old = { apiDatabasePassword: 'kept-api-password', jwtSecret: 'k'.repeat(40) };
    await writeFile(secretsFile(dataDir), JSON.stringify(old), { mode: 0o644 });
    const upgraded = await loadOrCreateSecrets(dataDir);
    expect(upgraded).toMatchObject(old);
    expect(upgraded.databaseOwnerPassword).toMatch(/^[\w-]{32}$/);
    expect(JSON.parse(await readFile(secretsFile(dataDir), 'utf8'))).toEqual(upgraded);
    expect(await modeOf(secretsFile(dataDir))).toBe(0o600);
  });

  it('are made private again when someone opened the file to others', async () => {
    await loadOrCreateSecrets(dataDir);
    await chmod(secretsFile(dataDir), 0o644);
    await loadOrCreateSecrets(dataDir);
    expect(await modeOf(secretsFile(dataDir))).toBe(0o600);
  });

  it('refuse a damaged file rather than replacing the secrets a database depends on', async () => {
    await loadOrCreateSecrets(dataDir);
    await writeFile(secretsFile(dataDir), '{"apiDatabasePassword": ');
    await expect(loadOrCreateSecrets(dataDir)).rejects.toThrow(/secrets.json is unreadable/);
    expect(await readFile(secretsFile(dataDir), 'utf8')).toBe('{"apiDatabasePassword": ');
  });
});
