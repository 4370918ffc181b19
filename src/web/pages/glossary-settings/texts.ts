/** What the glossary's pages say (settings and the checklist page's translation card). */
export const GLOSSARY_TEXTS = {
  title: 'Glossary',
  intro:
    'Terms your team always wants translated the same way. Every translation your recipients read uses them: whole words, in any case.',
  example: 'For example: turnover → limpieza de salida (Spanish).',
  add: 'Add term',
  adding: 'Adding…',
  term: 'Term',
  termHint: 'As your team writes it in checklists.',
  translation: 'Translation',
  translationHint: 'What recipients should read instead.',
  language: 'Language',
  empty: 'No terms yet. Add the words machine translation gets wrong for your trade.',
  managersOnly: 'Only your team’s owner and admins change the glossary. Ask them to add a term.',
  freePlanLanguages: 'Your plan translates into English and Spanish. Upgrade for every language.',
  loadFailed: 'The glossary could not be loaded.',
  deleteFailed: 'The term could not be deleted. Please try again.',
  deleted: (source: string) => `“${source}” was removed from the glossary.`,
  added: (source: string) => `“${source}” is in the glossary.`,
} as const;
