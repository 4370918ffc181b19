import { ArrowRight, Trash2 } from 'lucide-react';
import type { GlossaryEntry } from '#domain/glossary';
import { LANGUAGE_CODES, languageName } from '#domain/languages';
import { Button } from '../../components/ui/button.tsx';

/** The entries by language (in the languages' own order), each term with its translation and Delete. */
export function GlossaryEntries({
  entries,
  canManage,
  deleting,
  onDelete,
}: {
  entries: readonly GlossaryEntry[];
  canManage: boolean;
  deleting: string | null;
  onDelete(entry: GlossaryEntry): void;
}) {
  const languages = LANGUAGE_CODES.filter((code) => entries.some((entry) => entry.language === code));
  return (
    <div className="grid gap-5">
      {languages.map((code) => (
        <section key={code} aria-labelledby={`glossary-${code}`}>
          <h3 id={`glossary-${code}`} className="text-sm font-semibold text-slate-700">
            {languageName(code)}
          </h3>
          <ul className="mt-1 divide-y divide-slate-100" data-testid={`glossary-${code}`}>
            {entries
              .filter((entry) => entry.language === code)
              .map((entry) => (
                <li key={entry.id} className="flex items-center gap-3 py-2" data-testid="glossary-entry">
                  <p className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 text-sm">
                    <bdi dir="auto" className="font-medium break-words text-slate-900">
                      {entry.source}
                    </bdi>
                    <ArrowRight
                      className="h-4 w-4 shrink-0 text-slate-400 rtl:rotate-180"
                      aria-label="becomes"
                    />
                    <bdi dir="auto" lang={entry.language} className="break-words text-slate-700">
                      {entry.target}
                    </bdi>
                  </p>
                  {canManage && (
                    <Button
                      variant="destructive-ghost"
                      size="sm"
                      className="shrink-0"
                      disabled={deleting === entry.id}
                      onClick={() => onDelete(entry)}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      <span className="sr-only sm:not-sr-only">Delete</span>{' '}
                      <span className="sr-only">
                        “{entry.source}” ({languageName(entry.language)})
                      </span>
                    </Button>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
