/**
 * Profile pictures through the real platform (docs/decisions/0051): upload by the person or their
 * admin, checked by content and remade as a 512 px WebP, served with safe headers; refused input
 * (not an image, too large, a bad rotation, no token, another ecosystem's admin) answers its code and
 * writes nothing; replacing and removing take the old file away. Stored on disk under DATA_DIR, and
 * in an S3-compatible bucket (s3rver) when S3_BUCKET is set.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../tests/setup/s3rver';
import { startTestApi, type TestApi } from '../../tests/setup/api';
import { addPerson, buildWorld, type World } from '../people/testing';

let api: TestApi;
let w: World;
let dataDir: string;

const PICTURE = '{ getCurrentUserV2 { profile { picture { src rotation } } } }';

async function jpeg(colour = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .withExif({ IFD0: { Copyright: 'home-address-in-exif' } }).jpeg().toBuffer();
}

async function upload(target: TestApi, body: Buffer, options: { token?: string; query?: string; type?: string; language?: string } = {}) {
  const res = await fetch(`${target.url}/uploads/profile-picture${options.query ?? ''}`, {
    method: 'POST', body: new Uint8Array(body),
    headers: {
      'content-type': options.type ?? 'image/jpeg',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
  });
  return { status: res.status, body: await res.json() as { src?: string; rotation?: number; code?: string; error?: string; fields?: Array<{ field: string; message: string }> } };
}

type Answer = Awaited<ReturnType<typeof upload>>;

async function refusedUnchanged(run: () => Promise<Answer>, status: number, code: string): Promise<Answer> {
  const before = await api.eventCount();
  const res = await run();
  expect([res.status, res.body.code]).toEqual([status, code]);
  expect(await api.eventCount()).toBe(before);
  return res;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pictures-'));
  api = await startTestApi({ DATA_DIR: dataDir, PICTURE_MAX_BYTES: '200000' });
  w = await buildWorld(api);
});
afterAll(async () => {
  await api.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('uploading a picture', () => {
  it('stores a 512 px WebP without EXIF, sets the profile\'s picture with its rotation, and serves it safely', async () => {
    const res = await upload(api, await jpeg(), { token: w.tokens.student, query: '?rotation=90', type: 'application/octet-stream' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ src: expect.stringMatching(/^\/files\/pictures\/[a-f0-9]{40}\.webp$/), rotation: 90 });
    const me = await api.graphql<{ getCurrentUserV2: { profile: { picture: unknown } } }>(PICTURE, {}, { token: w.tokens.student });
    expect(me.data!.getCurrentUserV2.profile.picture).toEqual({ src: res.body.src, rotation: 90 });

    const served = await fetch(`${api.url}${res.body.src}`);
    expect(served.status).toBe(200);
    expect(Object.fromEntries(['content-type', 'x-content-type-options', 'content-security-policy', 'cache-control'].map((h) => [h, served.headers.get(h)]))).toEqual({
      'content-type': 'image/webp', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 512, undefined]);
    expect(bytes.includes(Buffer.from('home-address-in-exif'))).toBe(false);
    expect(await readdir(path.join(dataDir, 'files', 'pictures'))).toEqual([path.basename(res.body.src!)]);
    // The Content-Type says nothing: a JPEG sent as text or JSON is still a JPEG (the same one: the same name, no new event).
    for (const type of ['text/plain', 'application/json']) {
      const before = await api.eventCount();
      const again = await upload(api, await jpeg(), { token: w.tokens.student, query: '?rotation=90', type });
      expect([again.status, again.body.src]).toEqual([200, res.body.src]);
      expect(await api.eventCount()).toBe(before);
    }
  });

  it('refuses a file that claims to be a JPEG but is not, in the reader\'s language, writing nothing', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    const en = await refusedUnchanged(() => upload(api, fake, { token: w.tokens.student }), 400, 'BAD_USER_INPUT');
    expect(en.body.fields).toEqual([{ field: 'file', message: 'This file is not a picture we can use: upload a JPEG, PNG or WebP image.' }]);
    const es = await refusedUnchanged(() => upload(api, Buffer.from('GIF89a...'), { token: w.tokens.student, language: 'es', type: 'image/gif' }), 400, 'BAD_USER_INPUT');
    expect(es.body.error).toBe('Este archivo no es una imagen que podamos usar: suba una imagen JPEG, PNG o WebP.');
  });

  it('refuses a file over the size limit, a bad rotation, and a request without a token, writing nothing', async () => {
    const big = await sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#777' } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(200_000);
    const before = await api.eventCount();
    const tooBig = await upload(api, big, { token: w.tokens.student, type: 'image/png' });
    expect(tooBig.status).toBe(413);
    expect(await api.eventCount()).toBe(before);
    await refusedUnchanged(async () => upload(api, await jpeg(), { token: w.tokens.student, query: '?rotation=45' }), 400, 'BAD_USER_INPUT');
    await refusedUnchanged(async () => upload(api, await jpeg()), 401, 'UNAUTHENTICATED');
  });

  it('lets the ecosystem admin set and remove a member\'s picture; refuses another ecosystem\'s admin and a parent of another family', async () => {
    for (const token of [w.tokens.admin2, w.tokens.parent]) {
      await refusedUnchanged(async () => upload(api, await jpeg('#aa0000'), { token, query: `?userId=${w.ids.student}` }), 403, 'FORBIDDEN');
    }
    const byAdmin = await upload(api, await jpeg('#00aa00'), { token: w.tokens.admin1, query: `?userId=${w.ids.student}` });
    expect(byAdmin.status).toBe(200);
    // The file it replaced is gone; only the new one is served.
    expect(await readdir(path.join(dataDir, 'files', 'pictures'))).toEqual([path.basename(byAdmin.body.src!)]);
    const remove = (token: string) => fetch(`${api.url}/uploads/profile-picture?userId=${w.ids.student}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
      .then(async (r) => ({ status: r.status, body: await r.json() as Answer['body'] }));
    await refusedUnchanged(() => remove(w.tokens.admin2), 403, 'FORBIDDEN');
    expect((await fetch(`${api.url}${byAdmin.body.src}`)).status).toBe(200);
    expect((await remove(w.tokens.admin1)).status).toBe(200);
    expect((await fetch(`${api.url}${byAdmin.body.src}`)).status).toBe(404);
  });

  it('removes the picture and its file; unknown and malformed names answer 404', async () => {
    const { token } = await addPerson(api, 'rita.remover@example.com', [{ ecosystemId: w.e1, role: 'STUDENT' }]);
    const { body } = await upload(api, await jpeg('#123456'), { token });
    const removed = await fetch(`${api.url}/uploads/profile-picture`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(removed.status).toBe(200);
    const me = await api.graphql<{ getCurrentUserV2: { profile: { picture: unknown } } }>(PICTURE, {}, { token });
    expect(me.data!.getCurrentUserV2.profile.picture).toBeNull();
    expect((await fetch(`${api.url}${body.src}`)).status).toBe(404);
    for (const name of ['0'.repeat(40) + '.webp', '..%2F..%2Fsecrets.json', 'x.svg']) {
      expect((await fetch(`${api.url}/files/pictures/${name}`)).status, name).toBe(404);
    }
  });
});

describe('with S3_BUCKET set', () => {
  let s3: LocalS3;
  let withS3: TestApi;

  beforeAll(async () => {
    s3 = await startLocalS3('pictures');
    withS3 = await startTestApi({
      DATA_DIR: dataDir, S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey, RATE_LIMIT_UPLOADS: '1',
    });
  });
  afterAll(async () => {
    await withS3?.stop();
    await s3?.stop();
  });

  it('stores the picture in the bucket and serves it from there', async () => {
    const token = await withS3.loginAs('ecosystemAdmin');
    const res = await upload(withS3, await jpeg('#ff8800'), { token });
    expect(res.status).toBe(200);
    const listed = await fetch(`${s3.endpoint}/${s3.bucket}/${res.body.src!.replace('/files/', '')}`);
    expect(listed.status).toBe(200);
    const served = await fetch(`${withS3.url}${res.body.src}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
  });

  it('limits uploads per client address (RATE_LIMIT_UPLOADS, here 1 a minute): the next answers 429', async () => {
    const again = await upload(withS3, await jpeg('#ff8801'), { token: await withS3.loginAs('ecosystemAdmin') });
    expect([again.status, again.body.code]).toEqual([429, 'RATE_LIMITED']);
  });
});
