import type { LanguageCode } from '#domain/languages';
import { TextField } from '../developer-settings/form-parts.tsx';
import { GLOSSARY_TEXTS } from './texts.ts';

/** A glossary entry's term and translation, side by side from small tablets up (settings and corrections). */
export function TermFields({
  ids,
  language,
  source,
  target,
  issues,
  onSource,
  onTarget,
}: {
  ids: string;
  language: LanguageCode;
  source: string;
  target: string;
  issues: { source?: string | undefined; target?: string | undefined };
  onSource(value: string): void;
  onTarget(value: string): void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${ids}-source`}
        label={GLOSSARY_TEXTS.term}
        hint={GLOSSARY_TEXTS.termHint}
        issue={issues.source}
        value={source}
        placeholder="turnover"
        autoComplete="off"
        onChange={(event) => onSource(event.target.value)}
      />
      <TextField
        id={`${ids}-target`}
        label={GLOSSARY_TEXTS.translation}
        hint={GLOSSARY_TEXTS.translationHint}
        issue={issues.target}
        value={target}
        placeholder="limpieza de salida"
        autoComplete="off"
        lang={language}
        onChange={(event) => onTarget(event.target.value)}
      />
    </div>
  );
}
