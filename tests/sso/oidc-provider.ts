/**
 * A local OpenID provider for sign-in tests: the oidc-provider package (a certified OpenID
 * Connect server) on a free port of 127.0.0.1, with one confidential client. Its log-in and
 * consent steps are answered by `login`, which the test sets to the account that "signs in" next,
 * or left to the browser (`interactive`), where a small form asks for the account name.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export interface TestAccount {
  email: string;
  email_verified?: boolean;
  district?: string;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** The account id the next log-in step signs in; null leaves it to a browser (the form). */
  login: string | null;
  stop(): Promise<void>;
}

const FORM = (uid: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1><form method="post" action="/interaction/${uid}/login">
<label for="account">Account</label><input id="account" name="account" autocomplete="username"><button type="submit">Sign in</button></form></main></body></html>`;

export async function startTestOidcProvider(redirectUris: string[]): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, TestAccount>();
  const self: TestOidcProvider = {
    issuer, clientId: 'tutoring-platform', clientSecret: 'test-client-secret-which-is-long-enough', accounts, login: null,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  const provider = new Provider(issuer, {
    clients: [{
      client_id: self.clientId, client_secret: self.clientSecret, redirect_uris: redirectUris,
      response_types: ['code'], grant_types: ['authorization_code'], token_endpoint_auth_method: 'client_secret_basic',
    }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'district'] },
    // The platform reads e-mail and district from the ID token, as Clever's and ClassLink's carry them.
    conformIdTokenClaims: false,
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['test-provider-cookie-key'] },
  });
  const callback = provider.callback();

  async function finish(req: http.IncomingMessage, res: http.ServerResponse, accountId: string | null): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: accountId ?? '' } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  }

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'POST') {
      const body = await new Promise<string>((resolve) => { let b = ''; req.on('data', (c: Buffer) => { b += c.toString(); }); req.on('end', () => resolve(b)); });
      return finish(req, res, new URLSearchParams(body).get('account'));
    }
    if (details.prompt.name === 'login' && self.login === null) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(FORM(details.uid));
      return;
    }
    return finish(req, res, self.login);
  }

  /** An Edlink-like profile endpoint for plain OAuth 2: the person nested in `data`, keyed `id`. */
  async function edlinkProfile(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const token = await provider.AccessToken.find((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
    const account = token?.accountId ? accounts.get(token.accountId) : undefined;
    if (!token || !account) {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { id: token.accountId, email: account.email, email_verified: account.email_verified, district_id: account.district } }));
  }

  server.on('request', (req, res) => {
    if (req.url === '/edlink/me') {
      edlinkProfile(req, res).catch((err: unknown) => { res.writeHead(500).end(String(err)); });
      return;
    }
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => { res.writeHead(500).end(String(err)); });
      return;
    }
    void callback(req, res);
  });
  return self;
}
