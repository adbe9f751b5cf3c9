/**
 * `npm run dev`: the platform in development mode (raw GraphQL text accepted, introspection on)
 * plus Vite's dev server with hot reload on :5173, which proxies the API's paths to PORT. `tsx
 * watch` restarts this process when server code changes; web code reloads in the browser.
 */
import { createServer } from 'vite';
import { loadConfig } from '../infra/config';
import { startPlatform } from './platform';

const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
// Development only: the demo log-ins keep their published passwords (printed below at every start).
const platform = await startPlatform({ config, webDir: null, passwords: 'fixed' });
const vite = await createServer({ configFile: new URL('../web/vite.config.ts', import.meta.url).pathname });
await vite.listen();
console.log(`\nAPI on ${platform.url}/graphql; web app with hot reload on ${vite.resolvedUrls?.local[0] ?? 'http://localhost:5173/'}`);
for (const login of platform.newLogins) console.log(`  ${login.label.padEnd(18)} ${login.email}  password: ${login.password}`);

const stop = () => {
  void Promise.allSettled([vite.close(), platform.stop()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
