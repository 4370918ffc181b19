import { SIGN_IN_POPUP } from '#domain/site';

/** The provider error codes the spec lists (section 8) that our popup flow can produce. */
export type SignInFailureCode =
  | 'popup-blocked'
  | 'popup-closed-by-user'
  | 'cancelled-popup-request'
  | 'network-request-failed'
  | 'user-mismatch'
  | 'internal-error';

export const SIGN_IN_FAILURE_MESSAGES: Record<SignInFailureCode, string> = {
  'popup-blocked': 'Your browser blocked the sign-in window. Allow pop-ups for this site, then try again.',
  'popup-closed-by-user': 'The sign-in window was closed before you finished signing in.',
  'cancelled-popup-request': 'Sign-in was cancelled.',
  'network-request-failed': 'We could not reach the sign-in service. Check your connection and try again.',
  'user-mismatch': 'Your sign-in could not be verified. Please try again.',
  'internal-error': 'Sign-in failed. Please try again.',
};

/** The title of the toast a failed sign-in shows (the app's and the landing page's own script's). */
export const SIGN_IN_FAILED_TITLE = 'Sign-in failed';

export class SignInError extends Error {
  constructor(
    readonly code: SignInFailureCode,
    message: string = SIGN_IN_FAILURE_MESSAGES[code],
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

export interface PopupAuthMessage {
  type: 'listsync:auth';
  ok: boolean;
  code: SignInFailureCode | null;
  message: string | null;
}

export const AUTH_CHANNEL = 'listsync-auth';

function isAuthMessage(data: unknown): data is PopupAuthMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'listsync:auth';
}

/**
 * Opens the 500x600 sign-in popup and resolves when it reports success. It rejects with a
 * SignInError when the popup is blocked, closed early, or reports a failure. `checkSignedIn` is
 * asked once the popup has closed without a word (a provider's COOP header can hide its messages).
 */
export function signInWithPopup(checkSignedIn: () => Promise<boolean>): Promise<void> {
  const { width, height } = SIGN_IN_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  const popup = window.open(
    '/api/auth/login',
    'listsync-sign-in',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.reject(new SignInError('popup-blocked'));
  popup.focus();

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_CHANNEL);
    const finish = (error?: SignInError) => {
      if (settled) return;
      settled = true;
      window.clearInterval(poll);
      window.removeEventListener('message', onWindowMessage);
      channel?.close();
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (data: unknown) => {
      if (!isAuthMessage(data)) return;
      if (data.ok) finish();
      else finish(new SignInError(data.code ?? 'internal-error', data.message ?? undefined));
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) onMessage(event.data);
    };
    window.addEventListener('message', onWindowMessage);
    if (channel) channel.onmessage = (event) => onMessage(event.data);

    const poll = window.setInterval(() => {
      if (!popup.closed || settled) return;
      window.clearInterval(poll);
      // Give a message sent just before closing a moment to arrive, then ask the server.
      window.setTimeout(() => {
        if (settled) return;
        checkSignedIn()
          .then((signedIn) => finish(signedIn ? undefined : new SignInError('popup-closed-by-user')))
          .catch(() => finish(new SignInError('network-request-failed')));
      }, 400);
    }, 400);
  });
}
