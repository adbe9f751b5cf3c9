/**
 * The profile picture on /edit-profile: shown with its rotation, uploaded from a file (checked and
 * remade by the server), turned a quarter at a time (the rotation is a profile field, so turning
 * re-sends nothing) or removed. After an upload or removal the page's query is read again.
 */
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../components/toast';
import { useErrorText } from '../../components/useErrorText';
import { useT } from '../../i18n/terms';
import { nextRotation } from './pictureRotation';
import { PICTURE_MAX_BYTES, PictureRequestError, removePicture, uploadPicture } from './pictureUpload';
import { useUpdateUserMutation } from './useUpdateUserMutation';

interface Props {
  picture: { readonly src: string; readonly rotation: number } | null | undefined;
  name: string;
  /** Reads the page's data again after a change made outside GraphQL. */
  refresh: () => Promise<unknown>;
}

export function PictureEditor({ picture, name, refresh }: Props) {
  const t = useT();
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [update, rotating] = useUpdateUserMutation();
  const run = async (action: () => Promise<unknown>, done: string) => {
    setError(null);
    setBusy(true);
    try {
      await action();
      showToast({ color: 'teal', message: done });
    } catch (err) {
      setError(err instanceof PictureRequestError ? err.message : errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const choose = (file: File | null) => {
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) return setError(t('picture.tooLarge'));
    void run(async () => { await uploadPicture(file, 0); await refresh(); }, t('picture.saved'));
  };
  return (
    <Stack gap="xs">
      <Group wrap="wrap">
        {picture
          ? <img src={picture.src} alt={t('picture.alt', { name })} width={96} height={96}
            style={{ borderRadius: 8, objectFit: 'cover', transform: `rotate(${picture.rotation}deg)` }} />
          : <Avatar size={96} radius="md" alt={t('picture.none')} color="gray">{name.slice(0, 1).toUpperCase()}</Avatar>}
        <Stack gap={6}>
          <FileButton onChange={choose} accept="image/jpeg,image/png,image/webp">
            {(props) => <Button {...props} loading={busy} size="sm">{t('picture.choose')}</Button>}
          </FileButton>
          {picture && (
            <Group gap="xs" wrap="wrap">
              <Button size="xs" variant="default" loading={rotating}
                onClick={() => void run(() => update({ variables: { input: { picture: { src: picture.src, rotation: nextRotation(picture.rotation) } } } }), t('picture.saved'))}>
                {t('picture.rotate')}
              </Button>
              <Button size="xs" variant="subtle" color="red" disabled={busy}
                onClick={() => void run(async () => { await removePicture(); await refresh(); }, t('picture.removed'))}>{t('picture.remove')}</Button>
            </Group>
          )}
        </Stack>
      </Group>
      <Text size="xs" c="dimmed">{t('picture.hint')}</Text>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}
