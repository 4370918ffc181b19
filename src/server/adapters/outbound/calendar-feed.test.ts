import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_LIMITS, createCalendarFeedReader } from './calendar-feed.ts';

/** The calendar feed reader's refusals, in the words a host reads on the calendar. */
let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/ok.ics') response.end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    else if (request.url === '/moved') response.writeHead(302, { location: '/ok.ics' }).end();
    else if (request.url === '/private') response.writeHead(302, { location: 'http://10.0.0.1/a.ics' }).end();
    else if (request.url === '/teapot') response.writeHead(418).end();
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = createCalendarFeedReader({ ...CALENDAR_FEED_LIMITS, allowLoopback: true });
const production = createCalendarFeedReader({ ...CALENDAR_FEED_LIMITS, allowLoopback: false });

describe('the calendar feed reader', () => {
  it('reads a feed on this machine in local mode, redirects followed', async () => {
    await expect(local.read(`${base}/ok.ics`)).resolves.toContain('BEGIN:VCALENDAR');
    await expect(local.read(`${base}/moved`)).resolves.toContain('BEGIN:VCALENDAR');
  });

  it('says what the host answered', async () => {
    await expect(local.read(`${base}/nothing`)).rejects.toThrow(
      'The calendar address answered 404 Not Found',
    );
    await expect(local.read(`${base}/teapot`)).rejects.toThrow(
      "The calendar address answered 418 I'm a Teapot",
    );
  });

  it('refuses private addresses, a redirect to one included, and plain http outside local mode', async () => {
    await expect(local.read(`${base}/private`)).rejects.toThrow(
      'Refused: the address is not on the public internet',
    );
    await expect(production.read(`${base}/ok.ics`)).rejects.toThrow(
      'Refused: the address must start with https:// or webcal://',
    );
    await expect(production.read('https://127.0.0.1/a.ics')).rejects.toThrow(
      'Refused: the address is not on the public internet',
    );
    await expect(production.read('webcal://169.254.169.254/latest')).rejects.toThrow(
      'Refused: the address is not on the public internet',
    );
  });

  it('says so when the host name is not found', async () => {
    const nowhere = createCalendarFeedReader({ ...CALENDAR_FEED_LIMITS, allowLoopback: false }, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND calendars.invalid'), { code: 'ENOTFOUND' });
    });
    await expect(nowhere.read('https://calendars.invalid/a.ics')).rejects.toThrow(
      'The calendar address’s host was not found',
    );
  });

  it('tells what it would refuse before asking anything', () => {
    expect(production.refusal('http://example.com/a.ics')).toBe(
      'Refused: the address must start with https:// or webcal://',
    );
    expect(production.refusal('https://10.0.0.8/a.ics')).toBe(
      'Refused: the address is not on the public internet',
    );
    expect(production.refusal('https://[::1]/a.ics')).toBe(
      'Refused: the address is not on the public internet',
    );
    expect(production.refusal('webcal://www.airbnb.com/calendar/ical/1.ics')).toBeNull();
    expect(local.refusal(`${base}/ok.ics`)).toBeNull();
  });
});
