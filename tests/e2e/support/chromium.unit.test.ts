import { describe, expect, it, vi } from 'vitest';
import { findChromium, SYSTEM_CHROMIUM } from './chromium';

const packaged = vi.fn(async () => '/tmp/chromium');
const existing = (...paths: string[]) => (path: string) => paths.includes(path);

describe('where browser tests take Chromium from', () => {
  it('takes CHROMIUM_PATH first, and refuses one that does not exist rather than using another', async () => {
    await expect(findChromium({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: existing('/opt/chrome', SYSTEM_CHROMIUM), packaged }))
      .resolves.toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
    await expect(findChromium({ env: { CHROMIUM_PATH: '/opt/missing' }, exists: existing(SYSTEM_CHROMIUM), packaged }))
      .rejects.toThrow('CHROMIUM_PATH is /opt/missing');
  });

  it("then Debian's /usr/bin/chromium", async () => {
    await expect(findChromium({ env: {}, exists: existing(SYSTEM_CHROMIUM), packaged })).resolves.toEqual({ path: SYSTEM_CHROMIUM, source: 'system' });
    expect(packaged).not.toHaveBeenCalled();
  });

  it('then the npm package, when there is no system browser or it is hidden', async () => {
    await expect(findChromium({ env: {}, exists: existing(), packaged })).resolves.toEqual({ path: '/tmp/chromium', source: '@sparticuz/chromium' });
    await expect(findChromium({ env: { CHROMIUM_SYSTEM_PATH: '' }, exists: existing(SYSTEM_CHROMIUM), packaged }))
      .resolves.toMatchObject({ source: '@sparticuz/chromium' });
  });
});
