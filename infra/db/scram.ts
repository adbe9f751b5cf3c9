/**
 * A PostgreSQL SCRAM-SHA-256 password verifier (RFC 5802/7677, as libpq's PQencryptPasswordConn makes
 * it): `ALTER ROLE x PASSWORD '<verifier>'` sets the password without the plain text ever reaching
 * the server, its logs or pg_stat_activity.
 */
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

const ITERATIONS = 4096; // PostgreSQL's default scram_iterations

export function scramVerifier(password: string, salt: Buffer = randomBytes(16)): string {
  // SASLprep leaves printable ASCII unchanged; anything else could be normalised differently by the server.
  if (!/^[\x21-\x7e]+$/.test(password)) throw new Error('scramVerifier: only printable ASCII passwords');
  const salted = pbkdf2Sync(password, salt, ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${ITERATIONS}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}
