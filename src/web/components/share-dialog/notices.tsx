import { AlertCircle, FlaskConical } from 'lucide-react';
import { useId } from 'react';

/** The dialog's error banner: what failed and, from the server, what to do about it. */
export function ErrorBanner({ id, message }: { id?: string; message: string }) {
  return (
    <div
      id={id}
      role="alert"
      data-testid="share-error"
      className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>{message}</p>
    </div>
  );
}

/**
 * Local mode only: messages go to the local outbox instead of a real inbox or phone, so the code is
 * shown here for whoever is testing (docs/modes-and-limits.md "Modes": a fallback is never silent).
 */
export function LocalCodeBox({ code }: { code: string }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
      data-testid="local-code-box"
    >
      <h4 id={titleId} className="flex items-center gap-1.5 font-semibold">
        <FlaskConical className="h-4 w-4" aria-hidden="true" />
        Local mode
      </h4>
      <p className="mt-1">
        Verification code:{' '}
        <span
          className="font-mono text-base font-bold tracking-[0.2em]"
          data-testid="local-verification-code"
        >
          {code}
        </span>
      </p>
      <p className="mt-1 text-amber-900">
        Shown because this server delivers messages to its local outbox, not to a real inbox or phone.
      </p>
    </section>
  );
}
