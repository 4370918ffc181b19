import { useId, useState } from 'react';
import { type GlossaryEntry, type GlossaryEntryData, GlossaryEntryInput } from '#domain/glossary';
import { type LanguageCode, languageName } from '#domain/languages';
import { Label } from '../../components/ui/field.tsx';
import { useGlossaryActions } from '../../hooks/use-glossary.ts';
import { FormFooter, INLINE_FORM, useFormSubmit } from '../developer-settings/form-parts.tsx';
import { TermFields } from './term-fields.tsx';
import { GLOSSARY_TEXTS } from './texts.ts';

/**
 * 'Add term': language, term and translation, checked by the endpoint's own schema before they are
 * sent; the server's refusals (a term already there, 500 entries, a language outside the plan) are
 * said in the form.
 */
export function GlossaryEntryForm({
  languages,
  initial,
  onAdded,
  onCancel,
}: {
  languages: readonly LanguageCode[];
  initial?: Partial<GlossaryEntryData>;
  onAdded(entry: GlossaryEntry): void;
  onCancel(): void;
}) {
  const ids = useId();
  const { add } = useGlossaryActions();
  const [language, setLanguage] = useState<LanguageCode>(
    initial?.language ?? languages.find((l) => l !== 'en') ?? 'es',
  );
  const [source, setSource] = useState(initial?.source ?? '');
  const [target, setTarget] = useState(initial?.target ?? '');
  const { issues, failure, onSubmit } = useFormSubmit<
    'language' | 'source' | 'target',
    GlossaryEntryData,
    { entry: GlossaryEntry }
  >(
    () => GlossaryEntryInput.safeParse({ language, source, target }),
    (data) => add.mutateAsync(data),
    (answer) => onAdded(answer.entry),
  );

  return (
    <form onSubmit={onSubmit} className={INLINE_FORM} aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
        {GLOSSARY_TEXTS.add}
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-language`}>{GLOSSARY_TEXTS.language}</Label>
        <select
          id={`${ids}-language`}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 sm:w-60"
          value={language}
          onChange={(event) => setLanguage(event.target.value as LanguageCode)}
        >
          {languages.map((code) => (
            <option key={code} value={code}>
              {languageName(code)}
            </option>
          ))}
        </select>
        {issues.language && <p className="text-sm text-red-700">{issues.language}</p>}
      </div>
      <TermFields
        ids={ids}
        language={language}
        source={source}
        target={target}
        issues={issues}
        onSource={setSource}
        onTarget={setTarget}
      />
      <FormFooter
        failure={failure}
        pending={add.isPending}
        submitLabel={GLOSSARY_TEXTS.add}
        pendingLabel={GLOSSARY_TEXTS.adding}
        onCancel={onCancel}
      />
    </form>
  );
}
