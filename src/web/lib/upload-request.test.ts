import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '#tests/support/fake-xhr';
import { ApiError } from './api.ts';
import { isAbortError, UploadNetworkError, type UploadProgress, uploadForm } from './upload-request.ts';

beforeEach(() => FakeXhr.install());
afterEach(() => vi.unstubAllGlobals());

function form(): FormData {
  const body = new FormData();
  body.append('photo', new Blob(['jpeg bytes'], { type: 'image/jpeg' }), 'kitchen.jpg');
  return body;
}

describe('uploadForm', () => {
  it('POSTs the form with credentials, reports progress and answers the parsed JSON', async () => {
    const seen: UploadProgress[] = [];
    const answer = uploadForm<{ id: string }>('/api/upload', form(), { onProgress: (p) => seen.push(p) });
    const request = FakeXhr.last();
    expect([request.method, request.url, request.withCredentials]).toEqual(['POST', '/api/upload', true]);
    expect(request.file().name).toBe('kitchen.jpg');
    request.progress(5, 10);
    request.progress(7, null);
    request.respond(200, { id: 'task_1' });
    await expect(answer).resolves.toEqual({ id: 'task_1' });
    expect(seen).toEqual([
      { loaded: 5, total: 10 },
      { loaded: 7, total: null },
    ]);
  });

  it("rejects a refusal with the API's error: status, code, message, Retry-After", async () => {
    const answer = uploadForm('/api/upload', form());
    FakeXhr.last().respond(
      429,
      { error: { code: 'rate_limited', message: 'Too many uploads' } },
      { 'Retry-After': '30' },
    );
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      serverMessage: 'Too many uploads',
      retryAfterSeconds: 30,
    });
  });

  it('rejects a dropped connection as a network error, and a cancel as an AbortError', async () => {
    const dropped = uploadForm('/api/upload', form());
    FakeXhr.last().drop();
    await expect(dropped).rejects.toBeInstanceOf(UploadNetworkError);

    const controller = new AbortController();
    const cancelled = uploadForm('/api/upload', form(), { signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last().aborted).toBe(true);
    expect(isAbortError(await cancelled.catch((caught: unknown) => caught))).toBe(true);

    // Already cancelled: nothing is sent.
    const count = FakeXhr.sent.length;
    const never = uploadForm('/api/upload', form(), { signal: controller.signal });
    expect(isAbortError(await never.catch((caught: unknown) => caught))).toBe(true);
    expect(FakeXhr.sent.length).toBe(count);
  });
});
