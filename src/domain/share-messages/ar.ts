import { plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Modern Standard Arabic, right to left. The owner's and the reader's gender are unknown, so the
 * sentences use the passive ('تمت مشاركة … من') and verbal nouns ('يُرجى إدخال') rather than a verb
 * that agrees with either. Digits are Western (0-9): the code is typed as written. Names arrive wrapped
 * in isolates, so a Latin name or one ending in punctuation cannot reorder the sentence around it.
 * The SMS opens with Arabic (its first strong letter sets the phone's direction), keeps the link on a
 * line of its own (a left-to-right paragraph), and takes two UCS-2 segments.
 */

const minutesWord = { one: 'دقيقة', two: 'دقيقة', few: 'دقائق', many: 'دقيقة', other: 'دقيقة' };

/** A noun phrase, as SMS write it, so that the owner's name fits beside the code and the link. */
function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (!owner && !checklist) return 'تمت مشاركة قائمة تحقق معك.';
  const list = `قائمة${checklist ? ` «${checklist}»` : ''}${owner ? ` من ${owner}` : ''}.`;
  return recipient ? `مرحبًا ${recipient}، ${list}` : list;
}

export const ar: ShareMessageCatalog = {
  language: 'ar',
  dir: 'rtl',
  email: {
    untitled: 'بدون عنوان',
    subject: ({ site, owner, checklist }) =>
      `تمت مشاركة «${checklist}» معك على ${site}${owner ? ` من ${owner}` : ''}`,
    greeting: (recipient) => (recipient ? `مرحبًا ${recipient}،` : 'مرحبًا،'),
    shared: ({ site, owner, checklist }) =>
      `تمت مشاركة قائمة التحقق «${checklist}» معك على ${site}${owner ? ` من قِبل ${owner}` : ''}.`,
    codeLabel: 'رمز التحقق الخاص بك:',
    codeLine: (code) => `رمز التحقق الخاص بك: ${code}`,
    validity: (minutes) =>
      `الرمز صالح لمدة ${plural('ar', minutes, minutesWord)} ويمكن استخدامه مرة واحدة فقط.`,
    openPrompt: 'يُرجى فتح قائمة التحقق وإدخال الرمز عند الطلب:',
    openButton: 'فتح قائمة التحقق',
    pasteLink: 'أو يمكنك لصق هذا الرابط في المتصفح:',
    ignore: 'إذا لم تكن هذه الرسالة متوقعة، فيمكنك تجاهلها. يُرجى عدم مشاركة هذا الرمز مع أي شخص.',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `رمز ${site || 'التحقق'}: ${code}، صالح لمدة ${plural('ar', minutes, minutesWord)}.${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
