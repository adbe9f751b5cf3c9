/**
 * /s/:profileId/login: an ecosystem's own log-in page (SPEC section 2, tenant-scoped pages). The
 * profile id in the path names the ecosystem, read from its public profile before log-in; the
 * log-in then belongs to that ecosystem. An unknown or archived profile shows the not-found page.
 */
import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { sendOperation } from '../../relay/client';
import { graphql } from '../../relay/graphql';
import { notFound } from '../../router/ids';
import type { EcosystemLoginPageQuery } from './__generated__/EcosystemLoginPageQuery.graphql';
import type { EcosystemLoginPageSsoQuery } from './__generated__/EcosystemLoginPageSsoQuery.graphql';
import { LoginForm, type LoginEcosystem } from './LoginForm';

const query = graphql`
  query EcosystemLoginPageQuery($profileId: String!) {
    getEcosystemProfilePage(profileId: $profileId) {
      ecosystemId
      name
    }
  }
`;

const ssoQuery = graphql`
  query EcosystemLoginPageSsoQuery($ecosystemId: ID!) {
    ssoLoginOptions(ecosystemId: $ecosystemId) { provider url }
  }
`;

export async function loader({ params, request }: LoaderFunctionArgs): Promise<LoginEcosystem> {
  const profileId = params.profileId ?? '';
  const { getEcosystemProfilePage: page } = await sendOperation<EcosystemLoginPageQuery>(query, { profileId }, request.signal);
  if (!page) return notFound();
  const { ssoLoginOptions } = await sendOperation<EcosystemLoginPageSsoQuery>(ssoQuery, { ecosystemId: page.ecosystemId }, request.signal);
  return { id: page.ecosystemId, name: page.name, profileId, ssoOptions: ssoLoginOptions };
}

function isLoginEcosystem(value: unknown): value is LoginEcosystem {
  return typeof value === 'object' && value !== null
    && typeof (value as LoginEcosystem).id === 'string' && typeof (value as LoginEcosystem).name === 'string';
}

export function Component() {
  const ecosystem: unknown = useLoaderData();
  if (!isLoginEcosystem(ecosystem)) throw new Error('The ecosystem log-in loader returned no ecosystem');
  return <LoginForm ecosystem={ecosystem} />;
}
