/** The picture pipeline on images made here with sharp: types by content, EXIF orientation applied then stripped, bad files refused. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NotAnImageError, PICTURE_SIZE, processPicture, sniffImage } from './picture';

async function photo(format: 'jpeg' | 'png' | 'webp', width = 800, height = 400): Promise<Buffer> {
  // Left half red, right half blue: the orientation shows in where the colours end up.
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: '#ff0000' } }).png().toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: left, left: 0, top: 0 }])[format]().toBuffer();
}

describe('sniffImage', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', async () => {
    expect(sniffImage(await photo('jpeg'))).toBe('jpeg');
    expect(sniffImage(await photo('png'))).toBe('png');
    expect(sniffImage(await photo('webp'))).toBe('webp');
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

describe('processPicture', () => {
  it('makes a square WebP of 512 px from each accepted type', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const out = await processPicture(await photo(format));
      const meta = await sharp(out.body).metadata();
      expect([meta.format, meta.width, meta.height, out.contentType]).toEqual(['webp', PICTURE_SIZE, PICTURE_SIZE, 'image/webp']);
    }
  });

  it('turns a photo upright by its EXIF orientation, then strips the EXIF (with any GPS position)', async () => {
    // Orientation 6: the camera was turned; viewers rotate 90° clockwise, so red (left) ends on top.
    const turned = await sharp(await photo('jpeg', 400, 800)).withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret-camera-owner' } }).jpeg().toBuffer();
    expect((await sharp(turned).metadata()).orientation).toBe(6);
    const out = await processPicture(turned);
    const meta = await sharp(out.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.body.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    const { data } = await sharp(out.body).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => Array.from(data.subarray((y * PICTURE_SIZE + x) * 3, (y * PICTURE_SIZE + x) * 3 + 3));
    expect(pixel(256, 20)[0]).toBeGreaterThan(200);
    expect(pixel(256, 490)[2]).toBeGreaterThan(200);
  });

  it('refuses a file that claims to be an image but is not, a truncated one, and one of another type', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<?php echo "not a photo"; ?>')]);
    await expect(processPicture(fake)).rejects.toBeInstanceOf(NotAnImageError);
    const png = await photo('png');
    await expect(processPicture(png.subarray(0, png.length / 2))).rejects.toBeInstanceOf(NotAnImageError);
    await expect(processPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).rejects.toBeInstanceOf(NotAnImageError);
  });
});
