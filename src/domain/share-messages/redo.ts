import type { LanguageCode } from '../languages.ts';

/**
 * What each language says when the team sends tasks of a submitted checklist back to be done again
 * (issue 34, docs/review-and-proof.md "Review"). The note itself is not in the message: it is written
 * in the team's language, and the shared page shows it translated into the recipient's. Names arrive
 * made safe (and are quoted here). The SMS of a Latin-script language stays in GSM-7: its fixed words
 * carry no letter outside it (no á, í, ó, ú, ç, ê, ã; Polish and Romanian without diacritics).
 */
export interface RedoCatalog {
  subject(checklist: string): string;
  /** The e-mail's sentence. */
  sentBack(checklist: string): string;
  /** The text message; `checklist` null when its name is left out for room. */
  sms(parts: { site: string; checklist: string | null; url: string }): string;
}

const NBSP = '\u00a0';
const lead = (site: string) => (site ? `${site}: ` : '');

export const REDO_CATALOGS: Record<LanguageCode, RedoCatalog> = {
  en: {
    subject: (c) => `Some tasks of "${c}" need to be done again`,
    sentBack: (c) =>
      `Some tasks of the checklist "${c}" were sent back to be done again. Open it to read the note on each and fix them, then submit again.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}tasks of ${checklist ? `"${checklist}"` : 'your checklist'} were sent back. See the note and redo them: ${url}`,
  },
  es: {
    subject: (c) => `Algunas tareas de «${c}» deben hacerse de nuevo`,
    sentBack: (c) =>
      `Se devolvieron algunas tareas de la lista «${c}» para hacerlas de nuevo. Ábrela para leer la nota de cada una, corrígelas y vuelve a enviarla.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}se devolvieron tareas de ${checklist ? `"${checklist}"` : 'tu lista'}. Lee la nota y rehazlas: ${url}`,
  },
  fr: {
    subject: (c) => `Des tâches de «${NBSP}${c}${NBSP}» sont à refaire`,
    sentBack: (c) =>
      `Des tâches de la liste «${NBSP}${c}${NBSP}» vous ont été renvoyées pour être refaites. Ouvrez-la pour lire la note de chacune, corrigez-les, puis envoyez-la de nouveau.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}certains points de ${checklist ? `"${checklist}"` : 'votre liste'} sont à refaire. Lisez la note : ${url}`,
  },
  de: {
    subject: (c) => `Einige Aufgaben von „${c}“ müssen neu erledigt werden`,
    sentBack: (c) =>
      `Einige Aufgaben der Checkliste „${c}“ wurden zur Nacharbeit zurückgeschickt. Öffnen Sie sie, lesen Sie die Notiz zu jeder Aufgabe, erledigen Sie sie und senden Sie die Liste erneut ab.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}Aufgaben von ${checklist ? `"${checklist}"` : 'Ihrer Checkliste'} wurden zurückgeschickt. Notiz lesen und nacharbeiten: ${url}`,
  },
  pt: {
    subject: (c) => `Algumas tarefas de “${c}” precisam ser refeitas`,
    sentBack: (c) =>
      `Algumas tarefas da lista “${c}” foram devolvidas para serem refeitas. Abra-a para ler a nota de cada uma, corrija-as e envie de novo.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}tarefas de ${checklist ? `"${checklist}"` : 'sua lista'} foram devolvidas. Leia a nota e refaca: ${url}`,
  },
  zh: {
    subject: (c) => `“${c}”中的部分任务需要重做`,
    sentBack: (c) => `清单“${c}”中的部分任务已被退回重做。请打开清单查看每项任务的说明，完成修改后再次提交。`,
    sms: ({ site, checklist, url }) =>
      `${site ? `【${site}】` : ''}${checklist ? `“${checklist}”` : '您的清单'}中有任务被退回重做，请查看说明：\n${url}`,
  },
  ru: {
    subject: (c) => `Часть задач в «${c}» нужно переделать`,
    sentBack: (c) =>
      `Часть задач чек-листа «${c}» возвращена на доработку. Откройте его, прочитайте примечание к каждой задаче, исправьте и отправьте снова.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}задачи ${checklist ? `в «${checklist}»` : 'чек-листа'} возвращены на доработку. Примечание: ${url}`,
  },
  ja: {
    subject: (c) => `「${c}」の一部のタスクをやり直してください`,
    sentBack: (c) =>
      `チェックリスト「${c}」の一部のタスクがやり直しのために差し戻されました。開いて各タスクのメモを確認し、修正してからもう一度提出してください。`,
    sms: ({ site, checklist, url }) =>
      `${site ? `【${site}】` : ''}${checklist ? `「${checklist}」` : 'チェックリスト'}のタスクが差し戻されました。メモを確認してください：\n${url}`,
  },
  ar: {
    subject: (c) => `بعض مهام «${c}» تحتاج إلى إعادة`,
    sentBack: (c) =>
      `أُعيدت بعض مهام قائمة التحقق «${c}» لإنجازها من جديد. افتحها لقراءة الملاحظة على كل مهمة وإصلاحها، ثم أرسلها مرة أخرى.`,
    sms: ({ site, checklist, url }) =>
      `${site ? `${site}: ` : ''}أُعيدت مهام ${checklist ? `«${checklist}»` : 'قائمة التحقق'} لإعادتها. اقرأ الملاحظة:\n${url}`,
  },
  hi: {
    subject: (c) => `“${c}” के कुछ कार्य फिर से करने हैं`,
    sentBack: (c) =>
      `चेकलिस्ट “${c}” के कुछ कार्य फिर से करने के लिए वापस भेजे गए हैं। इसे खोलें, हर कार्य पर लिखा नोट पढ़ें, उन्हें ठीक करें और फिर से जमा करें।`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}${checklist ? `“${checklist}”` : 'आपकी चेकलिस्ट'} के कार्य वापस भेजे गए हैं। नोट पढ़ें:\n${url}`,
  },
  vi: {
    subject: (c) => `Một số việc trong “${c}” cần làm lại`,
    sentBack: (c) =>
      `Một số việc trong danh sách “${c}” đã được gửi lại để làm lại. Hãy mở danh sách, đọc ghi chú ở từng việc, sửa lại rồi gửi lại.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}một số việc trong ${checklist ? `“${checklist}”` : 'danh sách của bạn'} cần làm lại. Xem ghi chú:\n${url}`,
  },
  tl: {
    subject: (c) => `May mga gawain sa “${c}” na kailangang ulitin`,
    sentBack: (c) =>
      `Ibinalik ang ilang gawain ng checklist na “${c}” para ulitin. Buksan ito para basahin ang tala sa bawat isa, ayusin ang mga ito, at isumite muli.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}ibinalik ang mga gawain ng ${checklist ? `"${checklist}"` : 'iyong checklist'}. Basahin ang tala at ulitin: ${url}`,
  },
  pl: {
    subject: (c) => `Część zadań z „${c}” trzeba wykonać ponownie`,
    sentBack: (c) =>
      `Część zadań z listy „${c}” została odesłana do poprawy. Otwórz ją, przeczytaj notatkę przy każdym zadaniu, popraw je i wyślij listę ponownie.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}zadania z ${checklist ? `"${checklist}"` : 'Twojej listy'} odeslano do poprawy. Przeczytaj notatke: ${url}`,
  },
  ro: {
    subject: (c) => `Unele sarcini din „${c}” trebuie refăcute`,
    sentBack: (c) =>
      `Unele sarcini din lista „${c}” au fost trimise înapoi pentru a fi refăcute. Deschideți-o, citiți nota de la fiecare sarcină, corectați-le și trimiteți din nou.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}sarcini din ${checklist ? `"${checklist}"` : 'lista dvs.'} au fost trimise inapoi. Cititi nota si refaceti: ${url}`,
  },
  uk: {
    subject: (c) => `Частину завдань у «${c}» треба переробити`,
    sentBack: (c) =>
      `Частину завдань чек-листа «${c}» повернуто на доопрацювання. Відкрийте його, прочитайте примітку до кожного завдання, виправте та надішліть знову.`,
    sms: ({ site, checklist, url }) =>
      `${lead(site)}завдання ${checklist ? `у «${checklist}»` : 'чек-листа'} повернуто на доопрацювання. Примітка: ${url}`,
  },
};
