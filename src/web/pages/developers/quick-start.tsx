import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type QuickStartCommand,
  type QuickStartStep,
  TOKENS_SETTINGS_PATH,
} from '#domain/developer-quick-start';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/**
 * The three steps of the quick start (src/domain/developer-quick-start.ts: the commands a test runs),
 * each command in a block with a Copy button.
 */
export function QuickStart({ steps }: { steps: QuickStartStep[] }) {
  return (
    <ol className="grid grid-cols-1 gap-4" aria-label="Quick start">
      {steps.map((step, index) => (
        <li key={step.id} className="min-w-0">
          <Card className="p-5 sm:p-6">
            <div className="flex items-start gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{step.text}</p>
                {step.id === 'token' && (
                  <p className="mt-2 text-sm">
                    <Link
                      href={TOKENS_SETTINGS_PATH}
                      className="font-medium text-indigo-700 underline-offset-4 hover:underline"
                    >
                      Open Settings → Developers
                    </Link>
                  </p>
                )}
                {step.commands.map((command) => (
                  <CommandBlock key={command.label} command={command} />
                ))}
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ol>
  );
}

function CommandBlock({ command }: { command: QuickStartCommand }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command.code);
      setCopied(true);
    } catch {
      // The browser refused (no permission): the text can still be selected and copied by hand.
      setCopied(false);
    }
  };
  return (
    <figure className="mt-4">
      <div className="flex items-center justify-between gap-2">
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">
          {command.label}
        </figcaption>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          onClick={() => void copy()}
          aria-label={`Copy: ${command.label}`}
        >
          {copied ? (
            <Check className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Copy className="h-4 w-4" aria-hidden="true" />
          )}
          <span className="text-xs">{copied ? 'Copied' : 'Copy'}</span>
        </Button>
      </div>
      <pre
        className="mt-1 overflow-x-auto rounded-lg bg-slate-900 p-4 text-[13px] leading-relaxed text-slate-100"
        data-language={command.language}
      >
        <code>{command.code}</code>
      </pre>
    </figure>
  );
}
