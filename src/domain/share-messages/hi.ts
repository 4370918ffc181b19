import type { ShareMessageCatalog, SmsShare } from './catalog.ts';

/**
 * Hindi, polite आप, the recipient greeted with जी, names in “ ”. The ergative ने makes the verb agree
 * with चेकलिस्ट (feminine), never with the owner, whose gender is unknown; the SMS says 'X की चेकलिस्ट'. UCS-2 applies and every
 * vowel sign is a unit of its own, so the SMS (code first) takes two segments with the link.
 */

/** A noun phrase, as SMS write it, so that the owner's name fits beside the code and the link. */
function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (!owner && !checklist) return 'आपके साथ एक चेकलिस्ट साझा की गई है।';
  const list = `${owner ? `${owner} की ` : ''}चेकलिस्ट${checklist ? ` “${checklist}”` : ''}।`;
  return recipient ? `नमस्ते ${recipient} जी, ${list}` : list;
}

export const hi: ShareMessageCatalog = {
  language: 'hi',
  dir: 'ltr',
  email: {
    untitled: 'बिना शीर्षक',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `${owner} ने ${site} पर आपके साथ चेकलिस्ट “${checklist}” साझा की है`
        : `${site} पर आपके साथ चेकलिस्ट “${checklist}” साझा की गई है`,
    greeting: (recipient) => (recipient ? `नमस्ते ${recipient} जी,` : 'नमस्ते,'),
    shared: ({ site, owner, checklist }) =>
      owner
        ? `${owner} ने ${site} पर आपके साथ चेकलिस्ट “${checklist}” साझा की है।`
        : `${site} पर आपके साथ चेकलिस्ट “${checklist}” साझा की गई है।`,
    codeLabel: 'आपका सत्यापन कोड:',
    codeLine: (code) => `आपका सत्यापन कोड: ${code}`,
    validity: (minutes) => `यह कोड ${minutes} मिनट तक मान्य है और केवल एक बार इस्तेमाल किया जा सकता है।`,
    openPrompt: 'चेकलिस्ट खोलें और पूछे जाने पर कोड दर्ज करें:',
    openButton: 'चेकलिस्ट खोलें',
    pasteLink: 'या यह लिंक अपने ब्राउज़र में पेस्ट करें:',
    ignore: 'अगर आपको इस संदेश की उम्मीद नहीं थी, तो आप इसे अनदेखा कर सकते हैं। यह कोड किसी के साथ साझा न करें।',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site} ` : ''}कोड: ${code} (${minutes} मिनट तक मान्य)।${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
