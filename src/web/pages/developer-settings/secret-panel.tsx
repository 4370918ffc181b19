import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/field.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { DEVELOPER_TEXTS } from './texts.ts';

/**
 * A secret the server gives once (a token's `ls_…`, a webhook's `whsec_…`): read-only, with 'Copy'
 * and the warning that it will not be shown again. 'Done' forgets it: nothing keeps it after that.
 */
export function SecretPanel({
  title,
  label,
  secret,
  onDone,
  testId,
}: {
  title: string;
  /** The field's accessible name ('Token secret', 'Signing secret'). */
  label: string;
  secret: string;
  onDone(): void;
  testId?: string;
}) {
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'selected'>('idle');

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4"
      data-testid={testId}
    >
      <h3 id={`${ids}-title`} className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span className="min-w-0 break-words">{title}</span>
      </h3>
      <p id={`${ids}-warning`} className="mt-1 text-sm font-medium text-amber-800">
        {DEVELOPER_TEXTS.secretOnce}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${ids}-secret`} className="sr-only">
          {label}
        </label>
        <Input
          ref={field}
          id={`${ids}-secret`}
          readOnly
          value={secret}
          aria-describedby={`${ids}-warning`}
          spellCheck={false}
          autoComplete="off"
          className="min-w-0 font-mono text-sm sm:flex-1"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          variant="secondary"
          className="h-11 shrink-0"
          onClick={() => void copyText(secret, field.current).then(setCopy)}
        >
          {copy === 'copied' ? (
            <Check className="h-4 w-4 text-emerald-700" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          Copy
        </Button>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
        <p role="status" className="text-sm text-slate-700">
          {copy === 'copied' ? DEVELOPER_TEXTS.copied : copy === 'selected' ? DEVELOPER_TEXTS.copyFailed : ''}
        </p>
      </div>
    </section>
  );
}
