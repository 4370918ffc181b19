import type { ShareMessageCatalog, SmsShare } from './catalog.ts';

/**
 * Simplified Chinese (Mainland usage), polite 您. The SMS opens with the sender's signature in 【】 as
 * Chinese carriers expect, then the code; UCS-2 applies, so it takes two segments with the link.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const list = checklist ? `清单“${checklist}”` : '一份清单';
  const sentence = owner ? `${owner}与您共享了${list}。` : `${list}已与您共享。`;
  return recipient ? `${recipient}，您好！${sentence}` : sentence;
}

export const zh: ShareMessageCatalog = {
  language: 'zh',
  dir: 'ltr',
  email: {
    untitled: '未命名',
    subject: ({ site, owner, checklist }) =>
      `${owner ? `${owner} ` : '有人'}在 ${site} 上与您共享了清单“${checklist}”`,
    greeting: (recipient) => (recipient ? `${recipient}，您好：` : '您好：'),
    shared: ({ site, owner, checklist }) =>
      `${owner ? `${owner} ` : '有人'}在 ${site} 上与您共享了清单“${checklist}”。`,
    codeLabel: '您的验证码：',
    codeLine: (code) => `您的验证码：${code}`,
    validity: (minutes) => `验证码 ${minutes} 分钟内有效，且只能使用一次。`,
    openPrompt: '请打开清单，并在提示时输入验证码：',
    openButton: '打开清单',
    pasteLink: '或将此链接复制到浏览器中打开：',
    ignore: '如果您并未期待收到此邮件，可直接忽略。请勿将验证码告诉任何人。',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `【${site}】` : ''}验证码：${code}（${minutes}分钟内有效）。${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
