import { describe, expect, it } from 'vitest';
import { DeliveryError } from './adapters/messaging/delivery-error.ts';
import { TranslationError } from './adapters/translation/translation-engine.ts';
import { AppMetrics, countFailures, failureKind, type ProviderService } from './metrics.ts';

function recorder() {
  const failures: { service: ProviderService; provider: string; kind: string }[] = [];
  return {
    failures,
    providerFailed: (service: ProviderService, provider: string, error: unknown) =>
      failures.push({ service, provider, kind: failureKind(error) }),
  };
}

class Store {
  readonly kind = 's3';
  #secret = 'inside';
  calls = 0;
  async put(ok: boolean): Promise<string> {
    this.calls += 1;
    if (!ok) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
    return this.#secret;
  }
  check(): string {
    throw new Error('sync');
  }
  plain(): string {
    return this.#secret;
  }
}

describe('countFailures', () => {
  it('passes answers and failures through unchanged, counting each failure once', async () => {
    const metrics = recorder();
    const store = new Store();
    const counted = countFailures(
      store,
      { put: { service: 'storage', provider: 's3' }, check: { service: 'storage', provider: 's3' } },
      metrics,
    );
    await expect(counted.put(true)).resolves.toBe('inside');
    expect(metrics.failures).toEqual([]);
    await expect(counted.put(false)).rejects.toThrow('disk full');
    expect(() => counted.check()).toThrow('sync');
    expect(metrics.failures).toEqual([
      { service: 'storage', provider: 's3', kind: 'no_space' },
      { service: 'storage', provider: 's3', kind: 'error' },
    ]);
    // Everything else is the object's own: fields, and methods that use #private fields.
    expect(counted.kind).toBe('s3');
    expect(counted.plain()).toBe('inside');
    expect(store.calls).toBe(2);
  });
});

describe('failureKind', () => {
  it('names the kind from a small fixed set', () => {
    expect(
      failureKind(new DeliveryError({ channel: 'sms', reason: 'temporarily_unavailable', status: 503 })),
    ).toBe('temporarily_unavailable');
    expect(failureKind(new TranslationError('http', 500))).toBe('http');
    expect(failureKind(Object.assign(new Error('t'), { name: 'TimeoutError' }))).toBe('timeout');
    expect(failureKind(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('unreachable');
    expect(failureKind(Object.assign(new Error('x'), { $metadata: { httpStatusCode: 503 } }))).toBe(
      'http_5xx',
    );
    expect(failureKind(Object.assign(new Error('x'), { statusCode: 402 }))).toBe('http_4xx');
    expect(failureKind(new Error('x', { cause: Object.assign(new Error('y'), { code: 'ENOTFOUND' }) }))).toBe(
      'unreachable',
    );
    // Whatever a message says, it never becomes a label.
    expect(failureKind(new Error('user jane@example.com not found'))).toBe('error');
    expect(failureKind('a string')).toBe('error');
  });
});

describe('AppMetrics', () => {
  it('has a registry of its own per instance', async () => {
    const one = new AppMetrics();
    const two = new AppMetrics();
    one.request('/api/checklists/:id', 'GET', 200, 12);
    one.socketOpened('owner');
    expect(await one.registry.metrics()).toContain(
      'http_request_duration_seconds_count{route="/api/checklists/:id",method="GET",status_class="2xx"} 1',
    );
    expect(await two.registry.metrics()).not.toContain('route="/api/checklists/:id"');
    expect(await two.registry.metrics()).toContain('listsync_websocket_connections{kind="owner"} 0');
  });

  it('labels a request outside any route as unmatched, by its status class', async () => {
    const metrics = new AppMetrics();
    metrics.request(undefined, 'GET', 404, 1);
    metrics.request('/healthz', 'GET', 503, 1);
    const text = await metrics.registry.metrics();
    expect(text).toContain('route="unmatched",method="GET",status_class="4xx"} 1');
    expect(text).toContain('route="/healthz",method="GET",status_class="5xx"} 1');
  });

  it('reads queue sizes at each scrape', async () => {
    const metrics = new AppMetrics();
    let size = 3;
    metrics.queue('change_notices', () => size);
    expect(await metrics.registry.metrics()).toContain('listsync_queue_size{queue="change_notices"} 3');
    size = 0;
    expect(await metrics.registry.metrics()).toContain('listsync_queue_size{queue="change_notices"} 0');
  });
});
