import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Russian, addressing the recipient as вы, names in « ». The owner's gender is unknown, so no verb
 * agrees with their name: 'Пользователь … открыл' in the e-mail, 'чек-лист … от' in the SMS.
 * UCS-2 applies, so the SMS (code first) takes two segments with the link.
 */

/** A noun phrase, as SMS write it, so that the owner's name fits beside the code and the link. */
function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (!owner && !checklist) return 'Вам открыт доступ к чек-листу.';
  const list = `чек-лист${checklist ? ` «${checklist}»` : ''}${owner ? ` от ${owner}` : ''}.`;
  return recipient ? `${recipient}, ${list}` : capitalized(list);
}

const minutesWord = { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' };

export const ru: ShareMessageCatalog = {
  language: 'ru',
  dir: 'ltr',
  email: {
    untitled: 'без названия',
    subject: ({ site, owner, checklist }) =>
      `${owner ? `Пользователь ${owner} открыл вам` : 'Вам открыли'} доступ к чек-листу «${checklist}» в ${site}`,
    greeting: (recipient) => (recipient ? `Здравствуйте, ${recipient}!` : 'Здравствуйте!'),
    shared: ({ site, owner, checklist }) =>
      `${owner ? `Пользователь ${owner} открыл вам` : 'Вам открыли'} доступ к чек-листу «${checklist}» в ${site}.`,
    codeLabel: 'Ваш код подтверждения:',
    codeLine: (code) => `Ваш код подтверждения: ${code}`,
    validity: (minutes) =>
      `Код действует ${plural('ru', minutes, minutesWord)}, использовать его можно только один раз.`,
    openPrompt: 'Откройте чек-лист и введите код, когда его запросят:',
    openButton: 'Открыть чек-лист',
    pasteLink: 'Или вставьте эту ссылку в адресную строку браузера:',
    ignore:
      'Если вы не ждали этого письма, просто не обращайте на него внимания. Никому не сообщайте этот код.',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: код` : 'Код'} ${code}, действует ${minutes} мин.${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
