import { CheckCircle2, CircleHelp } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { FileCheckResponse } from '#domain/verify';

/** When ListSync recorded it, in the reader's own time zone and words. */
function recordedOn(recordedAt: string): string {
  return new Date(recordedAt).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' });
}

/**
 * The answer, said plainly: recorded (a report or a photo, and when), or no record, with what that
 * means and does not mean. Focus moves to it, so a screen reader hears it at once.
 */
export function CheckResult(props: { answer: FileCheckResponse; fileName: string | null; sha256: string }) {
  const { answer, fileName, sha256 } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const matched = answer.match;
  return (
    <section
      aria-live="polite"
      data-testid="verify-result"
      className={
        matched
          ? 'rounded-2xl border border-green-300 bg-green-50 p-5'
          : 'rounded-2xl border border-amber-300 bg-amber-50 p-5'
      }
    >
      <div className="flex items-start gap-3">
        {matched ? (
          <CheckCircle2 className="mt-0.5 h-7 w-7 shrink-0 text-green-700" aria-hidden="true" />
        ) : (
          <CircleHelp className="mt-0.5 h-7 w-7 shrink-0 text-amber-700" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
            {answer.match
              ? `ListSync recorded this ${answer.kind} on ${recordedOn(answer.recordedAt)}`
              : 'ListSync has no record of this file'}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">
            {answer.match
              ? answer.kind === 'report'
                ? 'This file is, byte for byte, a report ListSync issued then: nothing in it has changed since.'
                : 'This file is, byte for byte, a photo ListSync received then (as it was sent, or the copy ListSync keeps of it): nothing in it has changed since.'
              : 'This file is not one ListSync issued or received. That does not prove it was forged: a file that was edited, saved again, converted or scanned no longer matches, even when it looks the same. Photos forwarded through messaging apps are re-compressed on the way: ask for the original file, or download the photo from ListSync.'}
          </p>
          <dl className="mt-3 text-xs text-slate-600">
            {fileName && (
              <div className="flex gap-1">
                <dt className="shrink-0 font-semibold">File:</dt>
                <dd className="min-w-0 break-all">{fileName}</dd>
              </div>
            )}
            <div className="flex gap-1">
              <dt className="shrink-0 font-semibold whitespace-nowrap">SHA-256:</dt>
              <dd className="min-w-0 font-mono break-all" data-testid="verify-sha256">
                {sha256}
              </dd>
            </div>
          </dl>
        </div>
      </div>
    </section>
  );
}
