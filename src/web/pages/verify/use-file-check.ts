import { useRef, useState } from 'react';
import { type FileCheckResponse, SHA256_HEX, VERIFY_MESSAGES } from '#domain/verify';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { sha256OfFile } from './file-hash.ts';

/** Where a check stands: nothing yet, hashing a file (its share read), asking, answered, or failed. */
export type FileCheckState =
  | { step: 'idle' }
  | { step: 'hashing'; fileName: string; progress: number }
  | { step: 'asking'; fileName: string | null; sha256: string }
  | { step: 'answered'; fileName: string | null; sha256: string; answer: FileCheckResponse }
  | { step: 'failed'; message: string };

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'rate_limited') {
    const wait = error.retryAfterSeconds ? ` in ${error.retryAfterSeconds} seconds` : ' in a minute';
    return `Too many checks from your network. Please try again${wait}.`;
  }
  if (isApiError(error) && error.serverMessage && error.status < 500) return error.serverMessage;
  return 'The check could not be made. Please try again.';
}

/**
 * The /verify page's one check at a time: a file hashed here and its hash sent, or a pasted hash sent.
 * A newer check makes an older one's answer moot (it is dropped when it arrives).
 */
export function useFileCheck() {
  const [state, setState] = useState<FileCheckState>({ step: 'idle' });
  const latest = useRef(0);

  async function ask(sha256: string, fileName: string | null, turn: number) {
    setState({ step: 'asking', fileName, sha256 });
    try {
      const answer = await apiRequest<FileCheckResponse>('POST', '/api/verify', { sha256 });
      if (latest.current === turn) setState({ step: 'answered', fileName, sha256, answer });
    } catch (error) {
      if (latest.current === turn) setState({ step: 'failed', message: failureMessage(error) });
    }
  }

  async function checkFile(file: File) {
    const turn = ++latest.current;
    setState({ step: 'hashing', fileName: file.name, progress: 0 });
    let sha256: string;
    try {
      sha256 = await sha256OfFile(file, (progress) => {
        if (latest.current === turn) setState({ step: 'hashing', fileName: file.name, progress });
      });
    } catch {
      if (latest.current === turn) setState({ step: 'failed', message: 'This file could not be read.' });
      return;
    }
    if (latest.current === turn) await ask(sha256, file.name, turn);
  }

  /** A pasted hash: refused here when it is not one (the server would say the same). */
  async function checkHash(text: string): Promise<boolean> {
    const sha256 = text.trim().toLowerCase();
    if (!SHA256_HEX.test(sha256)) return false;
    await ask(sha256, null, ++latest.current);
    return true;
  }

  return { state, checkFile, checkHash, invalidHashMessage: VERIFY_MESSAGES.sha256 };
}
