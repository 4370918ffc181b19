import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { VerifyResponse } from '#domain/sharing';
import { type Translate, useT, useUiLanguage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { codeInputProblem, sanitizeCode, verifyFailureMessage } from './code-messages.ts';
import { drawnApiError, drawnCodeScreen } from './drawn-code-screen.ts';
import { useVerifyCode } from './use-share-access.ts';

/** What went wrong, said when shown: a switch of language while it shows says it again in the new one. */
export type Problem = (t: Translate, language: string) => string;

/**
 * The problem the server's answer to a post of the form shows (drawn-code-screen.ts): what the page
 * itself would have said of the code typed, else the words for the server's refusal.
 */
function drawnProblem(): Problem | null {
  const drawn = drawnCodeScreen();
  if (!drawn?.verifyError) return null;
  const error = drawnApiError(drawn.verifyError);
  const invalid = error.code === 'validation_failed' ? codeInputProblem(drawn.code) : null;
  if (invalid) return (say: Translate) => say(invalid);
  return (say: Translate, inLanguage: string) => verifyFailureMessage(say, error, inLanguage);
}

/** The code dialog's field, its problem and the verification it sends. */
export function useCodeDialog(token: string, onVerified: (response: VerifyResponse) => void) {
  const [code, setCode] = useState(() => drawnCodeScreen()?.code ?? '');
  const [problem, setProblem] = useState<Problem | null>(drawnProblem);
  const verify = useVerifyCode(token);
  const t = useT();
  const language = useUiLanguage();
  const field = useRef<HTMLInputElement>(null);

  // The field is uncontrolled: on a prerendered page the recipient may type (or paste, or autofill)
  // the code before the page's code runs, and a controlled field would be emptied by hydration.
  // What is there once it runs is taken as typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount (change only sets state)
  useEffect(() => {
    const typed = field.current?.value ?? '';
    // (The code the server drew the screen with is no change: its problem stays.)
    if (typed && typed !== code) change(typed);
  }, []);

  function change(value: string) {
    const clean = sanitizeCode(value);
    if (field.current && field.current.value !== clean) field.current.value = clean;
    setCode(clean);
    setProblem(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (verify.isPending) return;
    const invalid = codeInputProblem(code);
    if (invalid) {
      setProblem(() => (say: Translate) => say(invalid));
      return;
    }
    setProblem(null);
    verify.mutate(code, {
      onSuccess: (response) => onVerified(response),
      onError: (error) => {
        if (!isApiError(error)) console.warn('Verifying the code failed', error);
        setProblem(
          () => (say: Translate, inLanguage: string) => verifyFailureMessage(say, error, inLanguage),
        );
      },
    });
  }

  return { problem, setProblem, verify, t, language, field, change, submit };
}

export type CodeDialogState = ReturnType<typeof useCodeDialog>;
