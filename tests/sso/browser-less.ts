/**
 * Follows a sign-in through redirects the way a browser would, without one: a cookie jar per host,
 * stopping when the answer is no longer a redirect or leaves for `stopAt` (the platform's return page).
 */
export class CookieJar {
  private readonly byHost = new Map<string, Map<string, string>>();

  header(url: URL): string {
    return [...(this.byHost.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(url: URL, res: Response): void {
    const jar = this.byHost.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.byHost.set(url.host, jar);
  }

  get(host: string, name: string): string | undefined {
    return this.byHost.get(host)?.get(name);
  }
}

export interface Hop { url: URL; status: number; location: string | null }

/** GETs `start` and follows redirects; answers every hop, the last one being the page it ended on. */
export async function follow(start: string, jar: CookieJar, maxHops = 20): Promise<Hop[]> {
  const hops: Hop[] = [];
  let url = new URL(start);
  for (let i = 0; i < maxHops; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
    jar.take(url, res);
    const location = res.headers.get('location');
    hops.push({ url, status: res.status, location });
    await res.arrayBuffer();
    if (res.status < 300 || res.status >= 400 || !location) return hops;
    url = new URL(location, url);
  }
  throw new Error(`more than ${maxHops} redirects from ${start}`);
}
