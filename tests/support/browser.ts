import type { FastifyInstance } from 'fastify';

/**
 * Just enough of a browser for sign-in flows: a cookie jar (host-only cookies with paths and expiry,
 * shared across ports of one host as browsers do) and redirect following. Requests to an origin bound
 * to a Fastify app go through app.inject; all others go over the network with fetch.
 */

interface StoredCookie {
  name: string;
  value: string;
  host: string;
  path: string;
  expiresAt: number | null;
}

export interface BrowserResponse {
  url: URL;
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  setCookies: string[];
  body: string;
  location: URL | null;
}

function defaultPath(url: URL): string {
  const slash = url.pathname.lastIndexOf('/');
  return slash <= 0 ? '/' : url.pathname.slice(0, slash);
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/';
}

export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(url: URL, setCookieHeaders: string[], now = Date.now()): void {
    for (const header of setCookieHeaders) {
      const [pair = '', ...attributes] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, eq).trim(),
        value: pair.slice(eq + 1).trim(),
        host: url.hostname,
        path: defaultPath(url),
        expiresAt: null,
      };
      let maxAgeSeen = false;
      for (const attribute of attributes) {
        const [rawKey = '', ...rest] = attribute.split('=');
        const key = rawKey.trim().toLowerCase();
        const value = rest.join('=').trim();
        if (key === 'path' && value.startsWith('/')) cookie.path = value;
        if (key === 'max-age') {
          maxAgeSeen = true;
          cookie.expiresAt = now + Number(value) * 1000;
        }
        if (key === 'expires' && !maxAgeSeen) cookie.expiresAt = Date.parse(value);
      }
      this.cookies = this.cookies.filter(
        (c) => !(c.name === cookie.name && c.host === cookie.host && c.path === cookie.path),
      );
      if (cookie.expiresAt === null || cookie.expiresAt > now) this.cookies.push(cookie);
    }
  }

  /** The Cookie header a browser would send to this URL (longest paths first). */
  header(url: URL, now = Date.now()): string {
    return this.cookies
      .filter((c) => c.host === url.hostname && pathMatches(url.pathname, c.path))
      .filter((c) => c.expiresAt === null || c.expiresAt > now)
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.find((c) => c.name === name)?.value;
  }
}

export class Browser {
  readonly jar = new CookieJar();
  private readonly apps = new Map<string, FastifyInstance>();

  /** Serves requests to this origin with app.inject instead of the network. */
  bind(origin: string, app: FastifyInstance): this {
    this.apps.set(new URL(origin).origin, app);
    return this;
  }

  async request(
    input: URL | string,
    init: { method?: 'GET' | 'POST'; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const headers: Record<string, string> = { 'user-agent': 'ListSyncTestBrowser/1.0', ...init.headers };
    const cookie = this.jar.header(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = url.origin;
    }

    let response: Omit<BrowserResponse, 'location'>;
    const app = this.apps.get(url.origin);
    if (app) {
      const injected = await app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers: { ...headers, host: url.host },
        ...(body === undefined ? {} : { payload: body }),
      });
      const raw = injected.headers['set-cookie'];
      const outHeaders: Record<string, string> = {};
      for (const [key, value] of Object.entries(injected.headers)) {
        if (value !== undefined)
          outHeaders[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      response = {
        url,
        status: injected.statusCode,
        headers: outHeaders,
        setCookies: raw === undefined ? [] : Array.isArray(raw) ? raw : [String(raw)],
        body: injected.body,
      };
    } else {
      const fetched = await fetch(url, { method, headers, body, redirect: 'manual' });
      const outHeaders: Record<string, string> = {};
      fetched.headers.forEach((value, key) => {
        outHeaders[key] = value;
      });
      response = {
        url,
        status: fetched.status,
        headers: outHeaders,
        setCookies: fetched.headers.getSetCookie(),
        body: await fetched.text(),
      };
    }
    this.jar.store(url, response.setCookies);
    const location = response.headers.location;
    return { ...response, location: location ? new URL(location, url) : null };
  }

  /**
   * Follows redirects from `start` with GET. Stops before visiting a URL for which `stopBefore`
   * answers true (answering that URL unvisited), or at the first response that is not a redirect.
   */
  async follow(
    start: URL | string,
    options: { stopBefore?: (url: URL) => boolean; maxHops?: number } = {},
  ): Promise<{ response: BrowserResponse | null; next: URL | null; visited: URL[] }> {
    let next: URL | null = new URL(start);
    const visited: URL[] = [];
    let response: BrowserResponse | null = null;
    for (let hop = 0; hop < (options.maxHops ?? 10); hop++) {
      if (options.stopBefore?.(next)) return { response, next, visited };
      response = await this.request(next);
      visited.push(next);
      if (response.status < 300 || response.status >= 400 || !response.location) {
        return { response, next: null, visited };
      }
      next = response.location;
    }
    throw new Error(`more than ${options.maxHops ?? 10} redirects from ${start}`);
  }
}

/** The JSON the sign-in popup page hands to its opener. */
export function popupData(html: string): { ok: boolean; code?: string; message?: string } {
  const match = /<script type="application\/json" id="popup-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error(`not a popup result page:\n${html.slice(0, 500)}`);
  return JSON.parse(match[1]);
}
