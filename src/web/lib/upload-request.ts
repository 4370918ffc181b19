import type { PhotoCaptureFacts } from '#domain/photo-evidence';
import { ApiError } from './api.ts';
import { UploadNetworkError } from './upload-errors.ts';

export { isAbortError, UploadNetworkError } from './upload-errors.ts';

export interface UploadProgress {
  loaded: number;
  /** Null when the browser cannot tell the whole size. */
  total: number | null;
}

export interface UploadOptions {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
  /** Extra request headers (the Idempotency-Key). */
  headers?: Record<string, string>;
  /** A proof photo's capture source and, only with consent, its location (sent as form fields). */
  evidence?: PhotoCaptureFacts;
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

function parse<T>(text: string): T {
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * A form sent with XMLHttpRequest, because fetch cannot report how much of a request body has gone
 * (upload progress). Credentials go with it as with every call of ours; a refusal rejects with the
 * same ApiError as `apiRequest`, so callers read the server's code and message alike.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  { onProgress, signal, headers = {} }: UploadOptions = {},
) {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    };
    const onAbort = () => request.abort();
    const settle = () => signal?.removeEventListener('abort', onAbort);
    request.onload = () => {
      settle();
      if (request.status >= 200 && request.status < 300) {
        resolve(parse<T>(request.responseText));
        return;
      }
      const retryAfter = request.getResponseHeader('retry-after');
      const answerHeaders = new Headers(retryAfter ? { 'retry-after': retryAfter } : {});
      reject(new ApiError(request.status, request.statusText, request.responseText, answerHeaders));
    };
    request.onerror = () => {
      settle();
      reject(new UploadNetworkError());
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      settle();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.send(form);
  });
}
