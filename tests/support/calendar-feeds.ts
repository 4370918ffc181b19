import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A booking calendar's host on 127.0.0.1 for the API tests (local mode may read loopback): each path
 * answers what the test set for it (an iCal text, a status, a slow or endless body), and counts reads.
 */
export interface FeedAnswer {
  status?: number;
  body?: string;
  /** Waits this long before answering (a slow host). */
  delayMs?: number;
}

export interface FeedServer {
  url(path: string): string;
  set(path: string, answer: FeedAnswer): void;
  reads(path: string): number;
}

export function setupFeedServer(): FeedServer {
  const answers = new Map<string, FeedAnswer>();
  const counts = new Map<string, number>();
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      counts.set(path, (counts.get(path) ?? 0) + 1);
      const answer = answers.get(path) ?? { status: 404, body: 'Not found' };
      const send = () => {
        if (response.destroyed) return;
        response.writeHead(answer.status ?? 200, { 'content-type': 'text/calendar; charset=utf-8' });
        response.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    set: (path, answer) => answers.set(path, answer),
    reads: (path) => counts.get(path) ?? 0,
  };
}

/** YYYY-MM-DD of today plus `days`, in UTC. */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary?: string;
  status?: string;
}

/** An Airbnb-shaped export of these events. */
export function icsOf(events: readonly FeedEvent[]): string {
  const compact = (date: string) => date.replaceAll('-', '');
  const lines = ['BEGIN:VCALENDAR', 'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN', 'VERSION:2.0'];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${compact(event.end)}`,
      `DTSTART;VALUE=DATE:${compact(event.start)}`,
      `UID:${event.uid}`,
      `SUMMARY:${event.summary ?? 'Reserved'}`,
      ...(event.status ? [`STATUS:${event.status}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}
