import { vi } from 'vitest';

/**
 * XMLHttpRequest as a test drives it (photo uploads use XHR for their progress): each request sent is
 * kept in `FakeXhr.sent`, and the test reports progress, answers, or drops the connection.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];

  /** Replaces the global XMLHttpRequest with this fake (undone by vi.unstubAllGlobals). */
  static install(): void {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  static last(): FakeXhr {
    const request = FakeXhr.sent.at(-1);
    if (!request) throw new Error('No request was sent');
    return request;
  }

  method = '';
  url = '';
  withCredentials = false;
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  readonly requestHeaders: Record<string, string> = {};
  private responseHeaders: Record<string, string> = {};
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.requestHeaders[name.toLowerCase()] = value;
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  send(body: unknown): void {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in the form's field. */
  file(field = 'photo'): File {
    const value = (this.body as FormData).get(field);
    if (!(value instanceof File)) throw new Error(`No file in the field ${field}`);
    return value;
  }

  progress(loaded: number, total: number | null): void {
    this.upload.onprogress?.({
      loaded,
      total: total ?? 0,
      lengthComputable: total !== null,
    } as ProgressEvent);
  }

  respond(status: number, body: unknown, headers: Record<string, string> = {}): void {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    this.onload?.();
  }

  /** The connection fails before any answer. */
  drop(): void {
    this.onerror?.();
  }
}
