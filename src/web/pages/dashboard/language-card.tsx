import { Languages } from 'lucide-react';
import { useId } from 'react';
import { LANGUAGES, type LanguageCode } from '#domain/languages';
import { Card } from '../../components/ui/card.tsx';
import { useOwnerLanguage } from '../../hooks/use-owner-language.ts';
import { useToast } from '../../hooks/use-toast.ts';

export const LANGUAGE_CARD_MESSAGES = {
  title: 'Your language',
  help: 'The language you write your checklists in. Recipients get them translated from it, and their remarks are translated into it for you.',
  saved: (name: string) => `Your language is now ${name}.`,
  failed: 'Your language could not be changed. Please try again.',
} as const;

/** The owner's language setting (issue 13): the source of recipients' translations, the target of theirs. */
export function LanguageCard() {
  const { language, change } = useOwnerLanguage();
  const { toast } = useToast();
  const id = useId();

  function choose(next: LanguageCode) {
    if (next === language) return;
    change.mutate(next, {
      onSuccess: ({ language: saved }) =>
        toast({
          title: 'Saved',
          description: LANGUAGE_CARD_MESSAGES.saved(LANGUAGES.find((l) => l.code === saved)?.name ?? saved),
        }),
      onError: () =>
        toast({ title: 'Error', description: LANGUAGE_CARD_MESSAGES.failed, variant: 'destructive' }),
    });
  }

  return (
    <Card className="p-5" role="region" aria-labelledby={`${id}-title`}>
      <div className="flex items-center gap-2">
        <Languages className="h-4 w-4 text-indigo-600" aria-hidden="true" />
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          <label htmlFor={id}>{LANGUAGE_CARD_MESSAGES.title}</label>
        </h2>
      </div>
      <select
        id={id}
        value={change.isPending ? (change.variables ?? language) : language}
        disabled={change.isPending}
        aria-describedby={`${id}-help`}
        onChange={(event) => choose(event.target.value as LanguageCode)}
        className="mt-3 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-200 disabled:bg-slate-100"
      >
        {LANGUAGES.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="mt-2 text-sm leading-relaxed text-slate-600">
        {LANGUAGE_CARD_MESSAGES.help}
      </p>
    </Card>
  );
}
