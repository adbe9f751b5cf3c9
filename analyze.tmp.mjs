// usage: node analyze.mjs <configPath>  -- builds with a plugin that prints per-chunk per-package minified+gz estimates
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { transform } from 'esbuild';
const configFile = process.argv[2];
const only = process.argv[3];
await build({ configFile, logLevel: 'silent', build: { outDir: '/tmp/web-analyze', manifest: true }, plugins: [{
  name: 'sizes',
  async generateBundle(_o, bundle) {
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue;
      if (only && !only.split(',').some((o) => file.includes(o))) continue;
      const pk = new Map();
      for (const [id, m] of Object.entries(chunk.modules)) {
        const rest = id.includes('node_modules') ? id.split('node_modules/').pop() : null;
        const k = rest ? rest.split('/').slice(0, rest.startsWith('@') ? 2 : 1).join('/') : 'src:' + id.split('/src/').pop();
        const key = k.startsWith('src:') ? 'src' : k;
        pk.set(key, (pk.get(key) ?? '') + (m.code ?? '') + '\n');
      }
      const rows = [];
      for (const [k, code] of pk) {
        let min = code; try { min = (await transform(code, { minify: true, loader: 'js' })).code; } catch {}
        rows.push([k, gzipSync(min).length]);
      }
      rows.sort((a, b) => b[1] - a[1]);
      console.log(file, 'gz', gzipSync(chunk.code).length, '|', rows.slice(0, 14).map(([k, v]) => `${k}:${(v / 1024).toFixed(1)}`).join(' '));
      console.log('   imports', chunk.imports.join(','), 'dyn', chunk.dynamicImports.length);
    }
  },
}] });
