/**
 * How an upload can fail without an answer, apart from the XHR code that sends it: the app's entry
 * (the offline queue) tells these apart, and the upload code itself loads only when a photo is sent.
 */

/** The connection failed before an answer came (offline, dropped): nothing is known to be saved. */
export class UploadNetworkError extends Error {
  constructor() {
    super('The upload could not reach the server');
    this.name = 'UploadNetworkError';
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
