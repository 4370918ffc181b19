import type { LanguageCode } from '../languages.ts';
import { plural } from './catalog.ts';

/**
 * What each language says in the reminder a recipient gets an hour before a shared checklist is due
 * (docs/automation.md "Due dates, overdue and reminders"). The due time is said as minutes from now:
 * the recipient's time zone is not known to the server, and 'in 60 minutes' is true in every zone.
 * Names arrive made safe (and quoted here). The SMS of a Latin-script language stays in GSM-7: its
 * fixed words carry no letter outside it (no á, í, ó, ú, ç, ê; Polish and Romanian without diacritics).
 */
export interface ReminderCatalog {
  subject(checklist: string, minutes: number): string;
  /** The e-mail's sentence. */
  due(checklist: string, minutes: number): string;
  /** The text message; `checklist` null when its name is left out for room. */
  sms(parts: { site: string; checklist: string | null; minutes: number; url: string }): string;
}

const NBSP = '\u00a0';
const lead = (site: string) => (site ? `${site}: ` : '');

const minutesIn = (language: LanguageCode, count: number, forms: Parameters<typeof plural>[2]) =>
  plural(language, count, forms);

export const REMINDER_CATALOGS: Record<LanguageCode, ReminderCatalog> = {
  en: {
    subject: (c, m) =>
      `Reminder: "${c}" is due in ${minutesIn('en', m, { one: 'minute', other: 'minutes' })}`,
    due: (c, m) =>
      `The checklist "${c}" is due in ${minutesIn('en', m, { one: 'minute', other: 'minutes' })}, and no task has been ticked yet.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `"${checklist}"` : 'Your checklist'} is due in ${minutes} min. ${url}`,
  },
  es: {
    subject: (c, m) =>
      `Recordatorio: «${c}» vence en ${minutesIn('es', m, { one: 'minuto', other: 'minutos' })}`,
    due: (c, m) =>
      `La lista «${c}» vence en ${minutesIn('es', m, { one: 'minuto', other: 'minutos' })} y todavía no se ha marcado ninguna tarea.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `"${checklist}"` : 'Tu lista'} vence en ${minutes} min. ${url}`,
  },
  fr: {
    subject: (c, m) =>
      `Rappel${NBSP}: «${NBSP}${c}${NBSP}» est à terminer dans ${minutesIn('fr', m, { one: 'minute', other: 'minutes' })}`,
    due: (c, m) =>
      `La liste «${NBSP}${c}${NBSP}» est à terminer dans ${minutesIn('fr', m, { one: 'minute', other: 'minutes' })}, et aucune tâche n’a encore été cochée.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `"${checklist}"` : 'Votre liste'} est à terminer dans ${minutes} min. ${url}`,
  },
  de: {
    subject: (c, m) =>
      `Erinnerung: „${c}“ ist in ${minutesIn('de', m, { one: 'Minute', other: 'Minuten' })} fällig`,
    due: (c, m) =>
      `Die Checkliste „${c}“ ist in ${minutesIn('de', m, { one: 'Minute', other: 'Minuten' })} fällig, und noch keine Aufgabe ist abgehakt.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `"${checklist}"` : 'Ihre Checkliste'} ist in ${minutes} Min. fällig. ${url}`,
  },
  pt: {
    subject: (c, m) => `Lembrete: “${c}” vence em ${minutesIn('pt', m, { one: 'minuto', other: 'minutos' })}`,
    due: (c, m) =>
      `A lista “${c}” vence em ${minutesIn('pt', m, { one: 'minuto', other: 'minutos' })} e ainda nenhuma tarefa foi marcada.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `"${checklist}"` : 'Sua lista'} vence em ${minutes} min. ${url}`,
  },
  zh: {
    subject: (c, m) => `提醒：“${c}”将在 ${m} 分钟后到期`,
    due: (c, m) => `清单“${c}”将在 ${m} 分钟后到期，目前还没有勾选任何任务。`,
    sms: ({ site, checklist, minutes, url }) =>
      `${site ? `【${site}】` : ''}${checklist ? `“${checklist}”` : '您的清单'}将在${minutes}分钟后到期：\n${url}`,
  },
  ru: {
    subject: (c, m) =>
      `Напоминание: срок «${c}» истекает через ${minutesIn('ru', m, { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' })}`,
    due: (c, m) =>
      `Срок чек-листа «${c}» истекает через ${minutesIn('ru', m, { one: 'минуту', few: 'минуты', many: 'минут', other: 'минуты' })}, а ни одна задача ещё не отмечена.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `срок «${checklist}»` : 'срок чек-листа'} истекает через ${minutes} мин.\n${url}`,
  },
  ja: {
    subject: (c, m) => `リマインダー：「${c}」の期限まであと ${m} 分です`,
    due: (c, m) => `チェックリスト「${c}」の期限まであと ${m} 分です。まだ完了したタスクはありません。`,
    sms: ({ site, checklist, minutes, url }) =>
      `${site ? `【${site}】` : ''}${checklist ? `「${checklist}」` : 'チェックリスト'}の期限まであと${minutes}分です。\n${url}`,
  },
  ar: {
    subject: (c, m) =>
      `تذكير: موعد «${c}» بعد ${minutesIn('ar', m, { one: 'دقيقة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' })}`,
    due: (c, m) =>
      `موعد إنجاز قائمة التحقق «${c}» بعد ${minutesIn('ar', m, { one: 'دقيقة', two: 'دقيقتين', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' })}، ولم تُنجز أي مهمة بعد.`,
    // Arabic first (the phone's direction), the site after it, the link on a line of its own.
    sms: ({ site, checklist, minutes, url }) =>
      `تذكير${site ? ` ${site}` : ''}: موعد ${checklist ? `«${checklist}»` : 'قائمة التحقق'} بعد ${minutes} دقيقة.\n${url}`,
  },
  hi: {
    subject: (c, m) => `रिमाइंडर: “${c}” ${m} मिनट में पूरी करनी है`,
    due: (c, m) => `चेकलिस्ट “${c}” ${m} मिनट में पूरी करनी है, और अभी तक कोई कार्य पूरा नहीं हुआ है।`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `“${checklist}”` : 'आपकी चेकलिस्ट'} ${minutes} मिनट में पूरी करनी है।\n${url}`,
  },
  vi: {
    subject: (c, m) => `Nhắc nhở: “${c}” đến hạn sau ${m} phút`,
    due: (c, m) => `Danh sách “${c}” đến hạn sau ${m} phút và chưa có việc nào được đánh dấu.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${checklist ? `“${checklist}”` : 'Danh sách của bạn'} đến hạn sau ${minutes} phút.\n${url}`,
  },
  tl: {
    subject: (c, m) => `Paalala: ${m} minuto na lang bago ang takdang oras ng “${c}”`,
    due: (c, m) =>
      `${m} minuto na lang bago ang takdang oras ng checklist na “${c}”, at wala pang gawaing natsetsekan.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}${minutes} min na lang bago ang takdang oras ng ${checklist ? `"${checklist}"` : 'iyong checklist'}. ${url}`,
  },
  pl: {
    subject: (c, m) =>
      `Przypomnienie: termin „${c}” mija za ${minutesIn('pl', m, { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' })}`,
    due: (c, m) =>
      `Termin listy „${c}” mija za ${minutesIn('pl', m, { one: 'minutę', few: 'minuty', many: 'minut', other: 'minuty' })}, a żadne zadanie nie jest jeszcze odhaczone.`,
    // Without Polish letters, as the code message: one GSM-7 segment.
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}Termin ${checklist ? `"${checklist}"` : 'Twojej listy'} mija za ${minutes} min. ${url}`,
  },
  uk: {
    subject: (c, m) =>
      `Нагадування: термін «${c}» спливає через ${minutesIn('uk', m, { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' })}`,
    due: (c, m) =>
      `Термін списку «${c}» спливає через ${minutesIn('uk', m, { one: 'хвилину', few: 'хвилини', many: 'хвилин', other: 'хвилини' })}, а жодне завдання ще не позначено.`,
    sms: ({ site, checklist, minutes, url }) =>
      `${site ? `${site}: т` : 'Т'}ермін ${checklist ? `«${checklist}»` : 'списку'} спливає через ${minutes} хв.\n${url}`,
  },
  ro: {
    subject: (c, m) =>
      `Memento: termenul pentru „${c}” expiră în ${minutesIn('ro', m, { one: 'minut', few: 'minute', other: 'de minute' })}`,
    due: (c, m) =>
      `Termenul listei „${c}” expiră în ${minutesIn('ro', m, { one: 'minut', few: 'minute', other: 'de minute' })} și nicio sarcină nu a fost bifată încă.`,
    // Without diacritics, as the code message: one GSM-7 segment.
    sms: ({ site, checklist, minutes, url }) =>
      `${lead(site)}Termenul ${checklist ? `pentru "${checklist}"` : 'listei dvs.'} expira in ${minutes} min. ${url}`,
  },
};
