import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Ukrainian, addressing the recipient as ви, names in « ». The owner's gender is unknown, so the
 * verb is in the present ('надає вам доступ'), which has none; the SMS says 'список … від'.
 * UCS-2 applies, so the SMS (code first) takes two segments with the link.
 */

/** A noun phrase, as SMS write it, so that the owner's name fits beside the code and the link. */
function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (!owner && !checklist) return 'Вам надали доступ до списку.';
  const list = `список${checklist ? ` «${checklist}»` : ''}${owner ? ` від ${owner}` : ''}.`;
  return recipient ? `${recipient}, ${list}` : capitalized(list);
}

const minutesWord = { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' };

export const uk: ShareMessageCatalog = {
  language: 'uk',
  dir: 'ltr',
  email: {
    untitled: 'без назви',
    subject: ({ site, owner, checklist }) =>
      `${owner ? `${owner} надає вам` : 'Вам надали'} доступ до списку «${checklist}» у ${site}`,
    greeting: (recipient) => (recipient ? `Вітаємо, ${recipient}!` : 'Вітаємо!'),
    shared: ({ site, owner, checklist }) =>
      `${owner ? `${owner} надає вам` : 'Вам надали'} доступ до списку «${checklist}» у ${site}.`,
    codeLabel: 'Ваш код підтвердження:',
    codeLine: (code) => `Ваш код підтвердження: ${code}`,
    validity: (minutes) =>
      `Код дійсний ${plural('uk', minutes, minutesWord)}, його можна використати лише один раз.`,
    openPrompt: 'Відкрийте список і введіть код, коли його буде запитано:',
    openButton: 'Відкрити список',
    pasteLink: 'Або вставте це посилання в адресний рядок браузера:',
    ignore: 'Якщо ви не чекали цього листа, просто не зважайте на нього. Нікому не повідомляйте цей код.',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: код` : 'Код'} ${code}, дійсний ${minutes} хв.${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
