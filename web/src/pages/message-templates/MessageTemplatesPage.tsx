/**
 * /internal-admin-panel/message-templates (decision 0076): every message kind's template as its
 * recipients would read it, rendered by the server with sample parameters, in English or Spanish,
 * in the platform's name or an ecosystem's name and terms: the subject, the text message, the
 * plain-text part, and the HTML part in a sandboxed frame (no script, reaches nothing). The choices
 * live in the address (?kind=&language=&ecosystem=), so a preview can be linked. Platform admins.
 */
import { Card, Code, NativeSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { graphql } from 'react-relay';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLocale } from '../../i18n/locale';
import { OutboxMessages } from '../../i18n/PageMessages';
import { useT } from '../../i18n/terms';
import { relayEnvironment } from '../../relay/browser';
import { requireLogin } from '../../router/guards';
import { preloadQuery, useRouteQuery } from '../../router/preload';
import { KINDS, kindLabel } from '../outbox/words';
import type { MessageTemplatesPageQuery } from './__generated__/MessageTemplatesPageQuery.graphql';

const query = graphql`
  query MessageTemplatesPageQuery($ecosystemId: ID, $kind: String!) {
    getEcosystems(first: 50) { edges { node { rawId name } } }
    getMessageTemplatePreviews(ecosystemId: $ecosystemId, kind: $kind) { kind language subject text html sms }
  }
`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The choices in the address, each checked: an unknown kind shows the first, a malformed ecosystem none. */
export function choicesOf(params: URLSearchParams): { kind: string; ecosystemId: string | null; language: 'en' | 'es' | null } {
  const kind = params.get('kind') ?? '';
  const ecosystem = params.get('ecosystem') ?? '';
  const language = params.get('language');
  return {
    kind: (KINDS as readonly string[]).includes(kind) ? kind : KINDS[0],
    ecosystemId: UUID.test(ecosystem) ? ecosystem.toLowerCase() : null,
    language: language === 'en' || language === 'es' ? language : null,
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireLogin(request);
  const { kind, ecosystemId } = choicesOf(new URL(request.url).searchParams);
  return preloadQuery<MessageTemplatesPageQuery>(relayEnvironment, query, { kind, ecosystemId }, request.signal);
}

function MessageTemplatesContent() {
  const t = useT();
  useDocumentTitle(t('templates.title'));
  const data = useRouteQuery<MessageTemplatesPageQuery>(query);
  const [params, setParams] = useSearchParams();
  const { locale } = useLocale();
  const choices = choicesOf(params);
  const language = choices.language ?? (locale === 'sp' ? 'es' : 'en');
  const preview = data.getMessageTemplatePreviews.find((p) => p.language === language) ?? data.getMessageTemplatePreviews[0];
  const choose = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };

  return (
    <Stack p="md">
      <Title order={1}>{t('templates.title')}</Title>
      <Text>{t('templates.intro')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect label={t('templates.kind')} value={choices.kind} onChange={(e) => choose('kind', e.currentTarget.value)}
          data={KINDS.map((k) => ({ value: k, label: t(kindLabel(k)) }))} />
        <NativeSelect label={t('templates.language')} value={language} onChange={(e) => choose('language', e.currentTarget.value)}
          data={[{ value: 'en', label: t('outbox.language.en') }, { value: 'es', label: t('outbox.language.es') }]} />
        <NativeSelect label={t('templates.ecosystem')} value={choices.ecosystemId ?? ''} onChange={(e) => choose('ecosystem', e.currentTarget.value)}
          data={[{ value: '', label: t('templates.platform') }, ...data.getEcosystems.edges.map(({ node }) => ({ value: node.rawId, label: node.name }))]} />
      </SimpleGrid>
      {preview && (
        <>
          <Card withBorder component="section" aria-labelledby="template-subject">
            <Text size="sm" c="dimmed" id="template-subject">{t('templates.subject')}</Text>
            <Title order={2} size="h3" className="wrap-anywhere">{preview.subject}</Title>
          </Card>
          <Card withBorder component="section" aria-labelledby="template-html">
            <Title order={2} size="h4" id="template-html">{t('outbox.htmlPart')}</Title>
            <iframe title={t('outbox.htmlPart')} sandbox="" srcDoc={preview.html}
              style={{ width: '100%', minHeight: 480, border: '1px solid var(--mantine-color-gray-3)', marginTop: 8, background: '#fff' }} />
          </Card>
          <Card withBorder component="section" aria-labelledby="template-sms">
            <Title order={2} size="h4" id="template-sms">{t('outbox.smsText')}</Title>
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.sms}</Code>
          </Card>
          <Card withBorder component="section" aria-labelledby="template-text">
            <Title order={2} size="h4" id="template-text">{t('outbox.textPart')}</Title>
            <Code block mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{preview.text}</Code>
          </Card>
        </>
      )}
    </Stack>
  );
}

export function Component() {
  return <OutboxMessages><MessageTemplatesContent /></OutboxMessages>;
}
