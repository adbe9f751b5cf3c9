import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
const root = fileURLToPath(new URL('.', import.meta.url));
export default defineConfig({ root, plugins: [react()], resolve: { alias: process.env.RRPROD ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }] : [] },
  build: { outDir: '/tmp/proto', emptyOutDir: true, rollupOptions: { input: fileURLToPath(new URL('proto.tmp.html', import.meta.url)) } } });
