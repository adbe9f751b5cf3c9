/**
 * The header's links to the signed-in user's sessions and classes (members of an ecosystem) and
 * to the admin areas they may work in. Asked again whenever the
 * access token changes, so a new log-in never sees the last one's answer; false while unknown and
 * when the question fails (logged, not shown).
 */
import { Anchor } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useT } from '../i18n/terms';
import { relayEnvironment } from '../relay/browser';
import { useAccessToken } from '../relay/client';
import { ADMIN_ROOT, ECOSYSTEM_ADMIN_ROOT } from '../router/paths';
import { fetchViewerAreas, type ViewerAreas } from '../router/viewerAreas';

const NONE: ViewerAreas = { platformAdmin: false, ecosystemAdmin: false, member: false };

function useViewerAreas(): ViewerAreas {
  const token = useAccessToken();
  const [answer, setAnswer] = useState<{ token: string; areas: ViewerAreas } | null>(null);
  useEffect(() => {
    if (token === null) return undefined;
    const controller = new AbortController();
    fetchViewerAreas(relayEnvironment, controller.signal).then(
      (areas) => setAnswer({ token, areas }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not tell which admin areas the user may use', error);
        setAnswer({ token, areas: NONE });
      },
    );
    return () => controller.abort();
  }, [token]);
  return token !== null && answer?.token === token ? answer.areas : NONE;
}

export default function AreaLinks() {
  const t = useT();
  const { platformAdmin, ecosystemAdmin, member } = useViewerAreas();
  return (
    <>
      {member && <Anchor component={NavLink} to="/sessions">{t('nav.sessions')}</Anchor>}
      {member && <Anchor component={NavLink} to="/classes">{t('nav.classes')}</Anchor>}
      {ecosystemAdmin && <Anchor component={NavLink} to={ECOSYSTEM_ADMIN_ROOT}>{t('nav.ecosystemAdmin')}</Anchor>}
      {platformAdmin && <Anchor component={NavLink} to={ADMIN_ROOT}>{t('nav.adminPanel')}</Anchor>}
    </>
  );
}
