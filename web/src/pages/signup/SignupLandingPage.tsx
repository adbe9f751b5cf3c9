/**
 * /s/:profileId: the ecosystem's landing page (SPEC section 2, "Ecosystem landing and welcome"):
 * sign up, get a tutor, become a tutor, how it works, and its own log-in. In the ecosystem's terms.
 * /s/:profileId/how-it-works answers with a redirect to this page's "How it works" section
 * (`#how-it-works`, where the layout's ScrollRestoration scrolls to it; router/routes.tsx).
 */
import { Anchor, Button, Card, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { TermsProvider } from '../../i18n/terms';
import { useSignupT as useT, SignupWords } from './SignupWords';
import { isLandingData, landingLoader, openTypes, type LandingData } from './loaders';

export const loader = landingLoader;

function Landing({ data }: { data: LandingData }) {
  const t = useT();
  const { page, options, profileId } = data;
  useDocumentTitle(page.name);
  const types = openTypes(options);
  const signup = `/s/${profileId}/signup`;
  return (
    <Stack maw={960} mx="auto" mt="lg" gap="lg">
      <Paper p="lg" withBorder>
        <Stack>
          <Title order={1}>{t('signup.landing.title', { name: page.name })}</Title>
          <Text>{t('signup.landing.intro', { name: page.name })}</Text>
          <Group>
            {types.length > 0 && <Button component={Link} to={signup}>{t('signup.landing.signUp')}</Button>}
            <Text size="sm">{t('signup.landing.haveAccount')} <Anchor component={Link} to={`/s/${profileId}/login`}>{t('signup.landing.logIn')}</Anchor></Text>
          </Group>
          {types.length === 0 && <Text c="dimmed">{t('signup.landing.closed')}</Text>}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {options.parent.enabled && (
          <Card withBorder component="section" aria-labelledby="get-tutor">
            <Title order={2} size="h3" id="get-tutor">{t('signup.landing.getTutor')}</Title>
            <Text my="sm">{t('signup.landing.getTutorText')}</Text>
            <Anchor component={Link} to={`${signup}?type=PARENT`}>{t('signup.landing.getTutorAction')}</Anchor>
          </Card>
        )}
        {options.tutor.enabled && (
          <Card withBorder component="section" aria-labelledby="become-tutor">
            <Title order={2} size="h3" id="become-tutor">{t('signup.landing.becomeTutor')}</Title>
            <Text my="sm">{t(options.tutor.approvalProcessEnabled ? 'signup.landing.becomeTutorReviewed' : 'signup.landing.becomeTutorText')}</Text>
            <Anchor component={Link} to={`${signup}?type=TUTOR`}>{t('signup.landing.becomeTutorAction')}</Anchor>
          </Card>
        )}
      </SimpleGrid>
      {page.landing.howItWorksEnabled && (
        <Paper p="lg" withBorder component="section" aria-labelledby="how-it-works">
          <Title order={2} size="h3" id="how-it-works">{t('signup.landing.howItWorks')}</Title>
          <List type="ordered" mt="sm" spacing="xs">
            <List.Item>{t('signup.landing.step1')}</List.Item>
            <List.Item>{t('signup.landing.step2')}</List.Item>
            <List.Item>{t('signup.landing.step3')}</List.Item>
          </List>
        </Paper>
      )}
    </Stack>
  );
}

export function Component() {
  const data: unknown = useLoaderData();
  if (!isLandingData(data)) throw new Error('The landing loader returned no ecosystem');
  return <TermsProvider terms={data.page}><SignupWords><Landing data={data} /></SignupWords></TermsProvider>;
}
