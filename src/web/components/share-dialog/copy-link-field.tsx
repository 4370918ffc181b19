import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SHARE_MESSAGES } from '#domain/sharing';
import { Button } from '../ui/button.tsx';
import { Label, Textarea } from '../ui/field.tsx';
import { copyText } from './copy-text.ts';

/** How long the button reads 'Copied!' (spec section 9). */
export const COPIED_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/** The read-only share link and its Copy button ('Copied!' for 2 seconds). Key it by the link. */
export function CopyLinkField({ link }: { link: string }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyText(link, field.current);
    clearTimeout(timer.current);
    setState(copied ? 'copied' : 'failed');
    if (copied) timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  }

  return (
    <div>
      <Label htmlFor={`${id}-link`}>Share link</Label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row sm:items-start">
        {/* A textarea so the whole link shows, wrapped, even on a phone. */}
        <Textarea
          id={`${id}-link`}
          ref={field}
          readOnly
          rows={2}
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="min-w-0 flex-1 resize-none font-mono text-sm break-all"
          aria-describedby={state === 'failed' ? `${id}-failed` : undefined}
        />
        <Button variant="secondary" onClick={() => void copy()} className="h-11 shrink-0 sm:w-28">
          {state === 'copied' ? (
            <Check className="h-4 w-4 text-green-600" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          {state === 'copied' ? SHARE_MESSAGES.copied : 'Copy'}
        </Button>
      </div>
      <p aria-live="polite" className="text-sm">
        {state === 'failed' && (
          <span id={`${id}-failed`} className="mt-1.5 block text-red-700">
            The link could not be copied automatically. It is selected: press Ctrl+C (⌘C on a Mac) to copy it.
          </span>
        )}
      </p>
    </div>
  );
}
