/**
 * Profile pictures (docs/decisions/0051): the person, or an admin of their ecosystem, uploads an
 * image; it is checked by content and remade (infra/images/picture.ts), stored under a name derived
 * from its owner and its bytes, and the profile's picture field is set by a profile edit (an
 * event). The file it replaces is removed once the event is recorded. Removing the picture
 * clears the field and removes the file.
 */
import { createHash } from 'node:crypto';
import { ValidationError } from '../../domain/shared/errors';
import { PICTURE_ROTATIONS } from '../../domain/user/profile/fields';
import { settingsMessages } from '../../domain/user/settings/messages';
import { NotAnImageError, processPicture } from '../../infra/images/picture';
import type { FileStorage } from '../../infra/storage';
import type { RequestContext } from '../context';
import { allow, applyChanges } from '../people/mutations';
import { findDetails } from '../people/details';
import { targetOf, type Target } from '../people/target';

export const PICTURE_PATH = '/files/pictures/';
/** What a picture's name looks like: 40 hex digits of a digest, .webp. */
export const PICTURE_NAME = /^[a-f0-9]{40}\.webp$/;

type Rotation = (typeof PICTURE_ROTATIONS)[number];

export function rotationOf(value: unknown): Rotation {
  const n = value === undefined || value === '' ? 0 : Number(value);
  const found = PICTURE_ROTATIONS.find((r) => r === n);
  if (found === undefined) throw ValidationError.forField('rotation', settingsMessages.pictureRotation);
  return found;
}

/** The storage key of a picture served at `src`, or null for a src that is not one of ours (a web address). */
export function keyOfSource(src: string | null | undefined): string | null {
  const name = src?.startsWith(PICTURE_PATH) ? src.slice(PICTURE_PATH.length) : null;
  return name && PICTURE_NAME.test(name) ? `pictures/${name}` : null;
}

async function currentKey(ctx: RequestContext, target: Target): Promise<string | null> {
  const details = await findDetails(ctx, target.person.userId);
  return keyOfSource(details?.profile.picture?.src);
}

export async function uploadPicture(
  ctx: RequestContext, storage: FileStorage, bytes: Buffer, options: { userId?: string | null; rotation: Rotation },
): Promise<{ src: string; rotation: Rotation }> {
  const target = await targetOf(ctx, options.userId);
  allow(target, { type: 'edit' });
  const before = await currentKey(ctx, target);
  const picture = await processPicture(bytes).catch((err: unknown) => {
    if (err instanceof NotAnImageError) throw ValidationError.forField('file', settingsMessages.pictureNotImage);
    throw err;
  });
  // Owner and bytes name the file: the same upload twice is one file and one event, and no one can guess another's name.
  const name = createHash('sha256').update(target.person.userId).update(picture.body).digest('hex').slice(0, 40);
  const key = `pictures/${name}.webp`;
  await storage.put(key, picture.body, picture.contentType);
  const src = `${PICTURE_PATH}${name}.webp`;
  await applyChanges(ctx, target, { picture: { src, rotation: options.rotation } }, 'changes.picture', 'file');
  if (before && before !== key) await storage.delete(before);
  return { src, rotation: options.rotation };
}

export async function removePicture(ctx: RequestContext, storage: FileStorage, userId: string | null | undefined): Promise<void> {
  const target = await targetOf(ctx, userId);
  allow(target, { type: 'edit' });
  const before = await currentKey(ctx, target);
  const details = await findDetails(ctx, target.person.userId);
  if (details?.profile.picture) await applyChanges(ctx, target, { picture: null }, 'changes.picture', 'file');
  if (before) await storage.delete(before);
}
