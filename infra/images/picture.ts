/**
 * The profile-picture pipeline (docs/decisions/0051). The type is decided by the file's first bytes,
 * never by its name or Content-Type; sharp (libvips) then decodes it with a pixel limit (a small
 * file that unpacks to gigapixels is refused), turns it upright by its EXIF orientation, crops it
 * to a square around its most interesting part and writes a 512 px WebP. The output carries no
 * metadata (sharp copies none unless asked), so EXIF with the camera's GPS position is gone.
 */
import sharp from 'sharp';

export type ImageType = 'jpeg' | 'png' | 'webp';

export const PICTURE_SIZE = 512;
/** 40 megapixels: more than any phone camera, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 40_000_000;

const startsWith = (bytes: Buffer, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

/** The image type by magic bytes: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF....WEBP); null for anything else. */
export function sniffImage(bytes: Buffer): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** The file is not an image we take, or it does not decode as the image its first bytes claim. */
export class NotAnImageError extends Error {}

export interface Picture {
  body: Buffer;
  contentType: 'image/webp';
}

export async function processPicture(bytes: Buffer): Promise<Picture> {
  const type = sniffImage(bytes);
  if (!type) throw new NotAnImageError('unknown signature');
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const { format } = await image.metadata();
    if (format !== type) throw new NotAnImageError(`signature says ${type}, decoder says ${format ?? 'nothing'}`);
    const body = await image
      .rotate()
      .resize(PICTURE_SIZE, PICTURE_SIZE, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 82 })
      .toBuffer();
    return { body, contentType: 'image/webp' };
  } catch (err) {
    if (err instanceof NotAnImageError) throw err;
    // libvips' own refusal (truncated data, too many pixels): the upload is not a usable image.
    throw new NotAnImageError(err instanceof Error ? err.message : String(err));
  }
}
