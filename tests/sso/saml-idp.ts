/**
 * A local SAML identity provider for sign-in tests: takes an AuthnRequest (HTTP-Redirect binding),
 * signs an assertion with a test key pair (tests/sso/fixtures, tests only) using xml-crypto, the
 * signing library node-saml itself checks with, and answers the usual auto-posting form to the
 * ACS. `login` names the account that signs in next; null shows a small form (browser tests).
 * `tamper` lets a test change the response before it is signed, to check each refusal.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const IDP_CERT = readFileSync(path.join(FIXTURES, 'saml-idp-cert.pem'), 'utf8');
const IDP_KEY = readFileSync(path.join(FIXTURES, 'saml-idp-key.pem'), 'utf8');

export interface SamlAccount { email: string; district?: string }

export interface AssertionFields {
  issuer: string;
  subject: string;
  email: string;
  district?: string;
  audience: string;
  acsUrl: string;
  recipient: string;
  destination: string;
  inResponseTo: string;
  notBefore: Date;
  notOnOrAfter: Date;
  assertionId: string;
}

export interface TestSamlIdp {
  entityId: string;
  entryPoint: string;
  accounts: Map<string, SamlAccount>;
  login: string | null;
  /** Changes the fields of the next responses (until set back to null). */
  tamper: ((fields: AssertionFields) => AssertionFields) | null;
  /** The last response form answered: its SAMLResponse and RelayState, for replays. */
  last: { samlResponse: string; relayState: string } | null;
  stop(): Promise<void>;
}

const esc = (v: string): string => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function signedResponse(f: AssertionFields): string {
  const now = new Date(f.notBefore.getTime() + 1000).toISOString();
  const attribute = (name: string, value: string) => `<saml:Attribute Name="${name}"><saml:AttributeValue>${esc(value)}</saml:AttributeValue></saml:Attribute>`;
  const assertion = `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${f.assertionId}" Version="2.0" IssueInstant="${now}">`
    + `<saml:Issuer>${esc(f.issuer)}</saml:Issuer>`
    + `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${esc(f.subject)}</saml:NameID>`
    + `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData InResponseTo="${f.inResponseTo}" `
    + `NotOnOrAfter="${f.notOnOrAfter.toISOString()}" Recipient="${esc(f.recipient)}"/></saml:SubjectConfirmation></saml:Subject>`
    + `<saml:Conditions NotBefore="${f.notBefore.toISOString()}" NotOnOrAfter="${f.notOnOrAfter.toISOString()}">`
    + `<saml:AudienceRestriction><saml:Audience>${esc(f.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    + `<saml:AuthnStatement AuthnInstant="${now}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>`
    + 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>'
    + `<saml:AttributeStatement>${attribute('email', f.email)}${f.district ? attribute('district_id', f.district) : ''}</saml:AttributeStatement>`
    + '</saml:Assertion>';
  const signer = new SignedXml({
    privateKey: IDP_KEY, publicCert: IDP_CERT,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']", digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  signer.computeSignature(assertion, { location: { reference: "//*[local-name(.)='Issuer']", action: 'after' } });
  const response = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${now}" `
    + `Destination="${esc(f.destination)}" InResponseTo="${f.inResponseTo}"><saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${esc(f.issuer)}</saml:Issuer>`
    + '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>'
    + `${signer.getSignedXml()}</samlp:Response>`;
  return Buffer.from(response, 'utf8').toString('base64');
}

/** The AuthnRequest's ID, issuer (the SP entity id) and ACS address. */
export function readAuthnRequest(samlRequest: string): { id: string; spEntityId: string; acsUrl: string } {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const id = /\bID="([^"]+)"/.exec(xml)?.[1] ?? '';
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1] ?? '';
  const spEntityId = /<(?:\w+:)?Issuer[^>]*>([^<]+)</.exec(xml)?.[1] ?? '';
  return { id, spEntityId, acsUrl };
}

const postForm = (acsUrl: string, samlResponse: string, relayState: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing you in</title></head>
<body><main><form method="post" action="${esc(acsUrl)}"><input type="hidden" name="SAMLResponse" value="${samlResponse}">
<input type="hidden" name="RelayState" value="${esc(relayState)}"><button type="submit">Continue</button></form></main>
<script>document.forms[0].submit()</script></body></html>`;

const loginForm = (query: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test SAML identity provider</title></head>
<body><main><h1>Test SAML identity provider</h1><form method="post" action="/sso?${esc(query)}"><label for="account">Account</label>
<input id="account" name="account" autocomplete="username"><button type="submit">Sign in</button></form></main></body></html>`;

export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const idp: TestSamlIdp = {
    entityId: `${base}/metadata`, entryPoint: `${base}/sso`, accounts: new Map(), login: null, tamper: null, last: null,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };

  function answer(url: URL, account: string, res: http.ServerResponse): void {
    const request = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
    const person = idp.accounts.get(account);
    if (!person) {
      res.writeHead(403).end('unknown account');
      return;
    }
    const now = Date.now();
    const fields: AssertionFields = {
      issuer: idp.entityId, subject: account, email: person.email, district: person.district, audience: request.spEntityId, acsUrl: request.acsUrl,
      recipient: request.acsUrl, destination: request.acsUrl, inResponseTo: request.id,
      notBefore: new Date(now - 5000), notOnOrAfter: new Date(now + 5 * 60_000), assertionId: `_a${randomUUID()}`,
    };
    const final = idp.tamper ? idp.tamper(fields) : fields;
    const samlResponse = signedResponse(final);
    const relayState = url.searchParams.get('RelayState') ?? '';
    idp.last = { samlResponse, relayState };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(postForm(final.acsUrl, samlResponse, relayState));
  }

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (url.pathname !== '/sso') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c: Buffer) => { body += c.toString(); });
      req.on('end', () => answer(url, new URLSearchParams(body).get('account') ?? '', res));
      return;
    }
    if (idp.login === null) res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(url.searchParams.toString()));
    else answer(url, idp.login, res);
  });
  return idp;
}
