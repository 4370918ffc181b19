import http, { type IncomingMessage, STATUS_CODES } from 'node:http';
import https from 'node:https';
import {
  asOutboundError,
  checkedAddress,
  type OutboundLimits,
  pinnedTo,
  type ResolveHost,
  resolveWithDns,
} from './public-fetch.ts';

/**
 * POSTs a webhook delivery to an endpoint the team chose (docs/integrations.md "Webhooks"): with the
 * checks of public-fetch.ts (https, every resolved address public, the connection pinned to the
 * checked one, no redirects followed), one time limit for the whole attempt, and at most `maxBytes`
 * of the answer read (the rest is not waited for).
 */

export interface WebhookTargetPolicy {
  /** Outside production: plain http and this machine's loopback addresses are allowed too. */
  allowLoopback: boolean;
  resolve?: ResolveHost;
}

export interface WebhookPostLimits {
  timeoutMs: number;
  maxBytes: number;
  excerptMax: number;
}

export interface WebhookPostResult {
  /** The HTTP status; null when no answer came. */
  status: number | null;
  ok: boolean;
  durationMs: number;
  /** Why it failed (in our words); null on a 2xx. */
  error: string | null;
  /** The start of the answer's body, as text. */
  excerpt: string | null;
}

const LOOPBACK = ['127.0.0.1', '::1'];

function limitsFor(policy: WebhookTargetPolicy, post: WebhookPostLimits): OutboundLimits {
  return {
    maxBytes: post.maxBytes,
    timeoutMs: post.timeoutMs,
    maxRedirects: 0,
    localPeers: policy.allowLoopback ? LOOPBACK : [],
  };
}

/** Throws an OutboundFetchError when `url` may not be a target (resolved now: DNS may change). */
export async function checkWebhookTarget(
  url: string,
  policy: WebhookTargetPolicy,
  timeoutMs = 5_000,
): Promise<void> {
  const limits = limitsFor(policy, { timeoutMs, maxBytes: 0, excerptMax: 0 });
  await checkedAddress(
    new URL(url),
    limits,
    policy.resolve ?? resolveWithDns,
    AbortSignal.timeout(timeoutMs),
  );
}

function send(
  url: URL,
  address: string,
  signal: AbortSignal,
  headers: Record<string, string>,
  body: Buffer,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        agent: false,
        lookup: pinnedTo(address),
        signal,
        headers: { ...headers, 'content-length': String(body.byteLength) },
      },
      resolve,
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** Up to `maxBytes` of the answer; stops reading (and drops the connection) past that. */
async function readAtMost(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= maxBytes) {
      response.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes);
}

function failureOf(status: number): string {
  const text = STATUS_CODES[status];
  const said = `answered ${status}${text ? ` ${text}` : ''}`;
  return status >= 300 && status < 400 ? `${said} (redirects are not followed)` : said;
}

export async function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  policy: WebhookTargetPolicy,
  limits: WebhookPostLimits,
): Promise<WebhookPostResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const url = new URL(target);
    const address = await checkedAddress(
      url,
      limitsFor(policy, limits),
      policy.resolve ?? resolveWithDns,
      signal,
    );
    const response = await send(url, address, signal, headers, Buffer.from(body, 'utf8'));
    const status = response.statusCode ?? 0;
    const bytes = await readAtMost(response, limits.maxBytes);
    const ok = status >= 200 && status < 300;
    const excerpt = bytes.subarray(0, limits.excerptMax).toString('utf8');
    return { status, ok, durationMs: elapsed(), error: ok ? null : failureOf(status), excerpt };
  } catch (error) {
    const failure = asOutboundError(error, signal, limits.timeoutMs);
    const message = failure instanceof Error ? failure.message : String(failure);
    return { status: null, ok: false, durationMs: elapsed(), error: message, excerpt: null };
  }
}
