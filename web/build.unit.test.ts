import { describe, expect, it } from 'vitest';
import { TOAST_LIMIT, TOAST_POSITION } from './src/constants';
import viteConfig from './vite.config';

describe('build and shell settings', () => {
  it('publishes no source maps: the API serves dist/web as it is', () => {
    expect(viteConfig.build?.sourcemap).toBe(false);
  });

  it('shows at most three toasts, at the bottom right where they cover no header control', () => {
    expect(TOAST_LIMIT).toBe(3);
    expect(TOAST_POSITION).toBe('bottom-right');
  });
});
