import { capitalized, plural, type ShareMessageCatalog, type SmsShare } from './catalog.ts';

/**
 * Brazilian Portuguese, addressing the recipient as você (the neutral, polite form in Brazil). The SMS
 * stays in GSM-7: ã, õ, ç, á, ó, ê are not in it, so its wording leaves out 'com você' (the SMS is
 * addressed to the reader anyway) and 'Olá' (the name alone greets), and 'código', which has no
 * natural substitute, is written 'Codigo' as Brazilian SMS senders write it.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const list = checklist ? `a lista "${checklist}"` : 'uma lista';
  if (owner) {
    const sentence = `${owner} compartilhou ${list}. `;
    return recipient ? `${recipient}, ${sentence}` : sentence;
  }
  const passive = `${list} foi compartilhada. `;
  return recipient ? `${recipient}, ${passive}` : capitalized(passive);
}

export const pt: ShareMessageCatalog = {
  language: 'pt',
  dir: 'ltr',
  email: {
    untitled: 'sem título',
    subject: ({ site, owner, checklist }) =>
      `${owner ?? 'Alguém'} compartilhou “${checklist}” com você no ${site}`,
    greeting: (recipient) => (recipient ? `Olá, ${recipient},` : 'Olá,'),
    shared: ({ site, owner, checklist }) =>
      `${owner ?? 'Alguém'} compartilhou com você a checklist “${checklist}” no ${site}.`,
    codeLabel: 'Seu código de verificação:',
    codeLine: (code) => `Seu código de verificação: ${code}`,
    validity: (minutes) =>
      `Ele é válido por ${plural('pt', minutes, { one: 'minuto', other: 'minutos' })} e só pode ser usado uma vez.`,
    openPrompt: 'Abra a checklist e digite o código quando ele for solicitado:',
    openButton: 'Abrir a checklist',
    pasteLink: 'Ou cole este link no seu navegador:',
    ignore: 'Se você não esperava esta mensagem, pode ignorá-la. Não compartilhe este código com ninguém.',
  },
  sms: {
    alphabet: 'gsm7',
    maxSegments: 1,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: ` : ''}${share ? smsLead(share) : ''}Codigo ${code} (expira em ${minutes} min): ${url}`,
  },
};
