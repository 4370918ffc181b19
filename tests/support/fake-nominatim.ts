import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An HTTP fake of Nominatim's search API on 127.0.0.1: GET /search?format=jsonv2&q=… answers a JSON
 * array of places as Nominatim does (lat and lon as strings, best first), or [] for an address it does
 * not know. It refuses, as the public instance's policy does, a request without an identifying
 * User-Agent (403), and anything but format=jsonv2 (400). Records each query with its User-Agent.
 */

export interface FakeNominatim {
  url: string;
  queries: Array<{ q: string; userAgent: string | undefined; limit: string | null }>;
  /** Answer the next searches with this status (500, 503…), or 'hang' (never answer). */
  fail(next: number | 'hang' | null): void;
  close(): Promise<void>;
}

export async function startFakeNominatim(places: Record<string, { lat: number; lon: number }>) {
  const queries: FakeNominatim['queries'] = [];
  let failing: number | 'hang' | null = null;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const userAgent = request.headers['user-agent'];
    if (request.method !== 'GET' || url.pathname !== '/search') return void response.writeHead(404).end();
    if (!userAgent || /^node$|undici/i.test(userAgent))
      return void response.writeHead(403).end('No User-Agent');
    if (url.searchParams.get('format') !== 'jsonv2') return void response.writeHead(400).end('format');
    const q = url.searchParams.get('q') ?? '';
    queries.push({ q, userAgent, limit: url.searchParams.get('limit') });
    if (failing === 'hang') return;
    if (failing !== null) return void response.writeHead(failing).end();
    const place = places[q];
    const body = place
      ? [
          {
            place_id: 1,
            licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
            lat: String(place.lat),
            lon: String(place.lon),
            category: 'building',
            type: 'house',
            display_name: q,
          },
        ]
      : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakeNominatim = {
    url: `http://127.0.0.1:${port}`,
    queries,
    fail(next) {
      failing = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
