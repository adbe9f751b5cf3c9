import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR, loadConfig, publicUrl } from './config';

const checkout = path.resolve(import.meta.dirname, '..');

describe('DATA_DIR', () => {
  it('defaults to the checkout\'s .data, wherever the command runs from', () => {
    expect(DEFAULT_DATA_DIR).toBe(path.join(checkout, '.data'));
    expect(loadConfig({ INIT_CWD: '/somewhere/else' }).DATA_DIR).toBe(path.join(checkout, '.data'));
  });

  it('takes a relative path from the folder the command was typed in (npm\'s INIT_CWD)', () => {
    expect(loadConfig({ DATA_DIR: 'state', INIT_CWD: '/home/ada/work' }).DATA_DIR).toBe('/home/ada/work/state');
    expect(loadConfig({ DATA_DIR: '/srv/tutoring', INIT_CWD: '/home/ada/work' }).DATA_DIR).toBe('/srv/tutoring');
  });
});

describe('publicUrl (links in messages)', () => {
  it('builds on PUBLIC_URL, keeping a path prefix and ignoring a trailing slash, else on localhost and the port', () => {
    expect(publicUrl({ PUBLIC_URL: 'https://schools.example.org/tutoring/', PORT: 4000 }, '/join/abc')).toBe('https://schools.example.org/tutoring/join/abc');
    expect(publicUrl({ PUBLIC_URL: 'https://tutoring.example.org', PORT: 4000 }, '/verify/email?token=t')).toBe('https://tutoring.example.org/verify/email?token=t');
    expect(publicUrl({ PUBLIC_URL: undefined, PORT: 4100 }, '/reset-password/x')).toBe('http://localhost:4100/reset-password/x');
  });
});
