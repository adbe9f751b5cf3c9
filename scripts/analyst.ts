/**
 * `npm run analyst -- NAME`: creates the read-only database log-in NAME for an analyst, or gives it a
 * new password, and prints the password once with a connection string (projections/README.md).
 * Connects like the app: DATABASE_URL, else the data folder's embedded database.
 */
import { loadConfig } from '../infra/config';
import { AnalystLoginError, analystUrl, setAnalystLogin } from '../infra/db/analyst';
import { ownerConnection } from '../infra/db/owner-connection';
import { createPool } from '../infra/db/pool';

async function main(argv: string[]): Promise<number> {
  if (argv.length !== 1 || argv[0].startsWith('-')) {
    console.error('usage: npm run analyst -- NAME   (creates the read-only log-in NAME, or gives it a new password)');
    return 2;
  }
  const config = loadConfig();
  const owner = await ownerConnection(config);
  const pool = createPool(owner.url, 1, 'analyst-cli');
  try {
    const login = await setAnalystLogin(pool, argv[0]);
    console.log(`${login.created ? 'Created' : 'New password for'} the read-only log-in "${login.name}" (role analyst). Shown this once:`);
    console.log(`  password: ${login.password}`);
    console.log(`  psql "${analystUrl(owner.url, login)}"`);
    if (!config.DATABASE_URL) console.log('The embedded database accepts connections from this machine only, while the platform runs.');
    return 0;
  } finally {
    await pool.end();
    await owner.close();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code), (err: Error) => {
  console.error(err instanceof AnalystLoginError ? err.message : `npm run analyst failed: ${err.message}`);
  process.exit(1);
});
