import { TranslationError } from './translation-engine.ts';

/**
 * One JSON request to a translation API with fetch: the caller's signal ends it; any non-2xx status
 * and any body that is not JSON become a TranslationError that names only the status.
 */
export async function requestJson(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown; signal: AbortSignal },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      // Keys go to this address only.
      redirect: 'error',
      signal: init.signal,
    });
  } catch (error) {
    throw failureOf(error, init.signal);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new TranslationError('http', response.status);
  }
  try {
    return await response.json();
  } catch (error) {
    if (init.signal.aborted) throw failureOf(error, init.signal);
    throw new TranslationError('invalid_response');
  }
}

function failureOf(error: unknown, signal: AbortSignal): TranslationError {
  if (signal.aborted) {
    const reason = signal.reason as { name?: string } | undefined;
    return new TranslationError(reason?.name === 'TimeoutError' ? 'timeout' : 'aborted');
  }
  const name = (error as { name?: string } | null)?.name;
  return new TranslationError(name === 'TimeoutError' ? 'timeout' : 'unreachable');
}
