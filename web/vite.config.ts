/**
 * The web app builds from web/ into dist/web at the repository root, where the API serves it.
 * In development Vite proxies the server's endpoints to the API on PORT (default 4000), so the
 * browser talks to one origin and the refresh-token cookie stays first-party.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import relay from 'vite-plugin-relay';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = `http://localhost:${process.env.PORT ?? '4000'}`;
const proxied = ['/graphql', '/refresh-tokens', '/logout', '/feature-flags'];

export default defineConfig({
  root,
  plugins: [react(), relay],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    // The API serves dist/web as it is, so a source map there would publish the sources.
    sourcemap: false,
    // The shell (React, Relay, Mantine, react-intl) is one ~200 kB gzipped chunk every page needs;
    // pages themselves are split per route.
    chunkSizeWarningLimit: 800,
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
