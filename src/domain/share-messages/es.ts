import { plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Spanish, neutral between Spain and Latin America, addressing the recipient as usted. The SMS stays
 * in GSM-7: its wording avoids á, í, ó, ú (not in the alphabet; é and ñ are), and 'código', which has
 * no natural substitute, is written 'Codigo' as Spanish-language SMS senders write it.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const what = checklist ? `"${checklist}"` : 'una lista';
  const sentence = owner
    ? `${owner} ha compartido ${what} con usted. `
    : `Se ha compartido ${what} con usted. `;
  return recipient ? `Hola, ${recipient}. ${sentence}` : sentence;
}

export const es: ShareMessageCatalog = {
  language: 'es',
  dir: 'ltr',
  email: {
    untitled: 'sin título',
    subject: ({ site, owner, checklist }) =>
      `${owner ?? 'Alguien'} ha compartido “${checklist}” con usted en ${site}`,
    greeting: (recipient) => (recipient ? `Hola, ${recipient}:` : 'Hola:'),
    shared: ({ site, owner, checklist }) =>
      `${owner ?? 'Alguien'} ha compartido con usted la lista de verificación “${checklist}” en ${site}.`,
    codeLabel: 'Su código de verificación:',
    codeLine: (code) => `Su código de verificación: ${code}`,
    validity: (minutes) =>
      `Es válido durante ${plural('es', minutes, { one: 'minuto', other: 'minutos' })} y solo puede usarse una vez.`,
    openPrompt: 'Abra la lista y escriba el código cuando se le pida:',
    openButton: 'Abrir la lista',
    pasteLink: 'O pegue este enlace en su navegador:',
    ignore: 'Si no esperaba este mensaje, puede ignorarlo. No comparta este código con nadie.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Codigo ${code} (vence en ${minutes} min): ${url}`,
  },
};
