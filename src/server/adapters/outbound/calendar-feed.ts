import { isIP } from 'node:net';
import { CALENDAR_LIMITS } from '#domain/calendars';
import { isPublicAddress } from './public-address.ts';
import {
  fetchFromPublicAddress,
  OutboundFetchError,
  type OutboundLimits,
  type ResolveHost,
} from './public-fetch.ts';

/**
 * Reads a booking calendar's iCal export (docs/automation.md "Booking calendars"; decision 0048) through
 * the outbound checks: https only (webcal is read as https), every address public, the connection
 * pinned, 10 s for the whole read and 5 MB at most. In local mode a calendar on this machine
 * (127.0.0.1, ::1: the sample feed) may be read, over http too. A failure is a sentence the host can
 * act on; it never holds the address, whose path is the listing's secret.
 */
export interface CalendarFeedReader {
  read(url: string): Promise<string>;
  /** What is wrong with an address before anything is asked of it (its scheme, a private IP), or null. */
  refusal(url: string): string | null;
}

export class CalendarFeedError extends Error {
  override name = 'CalendarFeedError';
}

export interface CalendarFeedLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** Local mode (never production): a calendar served on this machine may be read. */
  allowLoopback: boolean;
}

export const CALENDAR_FEED_LIMITS: Omit<CalendarFeedLimits, 'allowLoopback'> = {
  timeoutMs: CALENDAR_LIMITS.fetchTimeoutMs,
  maxBytes: CALENDAR_LIMITS.fetchMaxBytes,
  maxRedirects: CALENDAR_LIMITS.fetchMaxRedirects,
};

const LOOPBACK_PEERS = ['127.0.0.1', '::1'];

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function seconds(ms: number): string {
  return ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The refusal in the host's words. */
export function feedErrorWords(error: OutboundFetchError, limits: CalendarFeedLimits): string {
  switch (error.reason) {
    case 'status':
      return `The calendar address answered ${error.message.replace(/^answered /, '')}`;
    case 'timeout':
      return `Timed out after ${seconds(limits.timeoutMs)}`;
    case 'too_large':
      return `The calendar is larger than ${megabytes(limits.maxBytes)}`;
    case 'not_public':
      return 'Refused: the address is not on the public internet';
    case 'scheme':
      return 'Refused: the address must start with https:// or webcal://';
    case 'credentials':
      return 'Refused: the address holds a user name or password';
    case 'too_many_redirects':
      return 'The calendar address redirected too many times';
    case 'network':
      return /ENOTFOUND|EAI_AGAIN/.test(error.message)
        ? 'The calendar address’s host was not found'
        : 'Could not reach the calendar address';
  }
}

export function createCalendarFeedReader(
  limits: CalendarFeedLimits,
  resolve?: ResolveHost,
): CalendarFeedReader {
  const outbound: OutboundLimits = {
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxBytes,
    maxRedirects: limits.maxRedirects,
    localPeers: limits.allowLoopback ? LOOPBACK_PEERS : [],
  };
  return {
    refusal(url) {
      let parsed: URL;
      try {
        parsed = new URL(url.replace(/^webcals?:\/\//i, 'https://'));
      } catch {
        return 'The calendar address is not a web address';
      }
      const peers = outbound.localPeers ?? [];
      if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && peers.length > 0)) {
        return feedErrorWords(new OutboundFetchError('scheme', ''), limits);
      }
      const host = parsed.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) && !isPublicAddress(host) && !peers.includes(host)) {
        return feedErrorWords(new OutboundFetchError('not_public', ''), limits);
      }
      return null;
    },
    async read(url) {
      try {
        const answer = await fetchFromPublicAddress(url.replace(/^webcals?:\/\//i, 'https://'), outbound, {
          accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
          ...(resolve ? { resolve } : {}),
        });
        return answer.bytes.toString('utf8');
      } catch (error) {
        if (error instanceof OutboundFetchError) throw new CalendarFeedError(feedErrorWords(error, limits));
        if (error instanceof TypeError)
          throw new CalendarFeedError('The calendar address is not a web address');
        throw error;
      }
    },
  };
}
