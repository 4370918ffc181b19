import type { ShareMessageCatalog, SmsShare } from './catalog.ts';

/**
 * Japanese in です/ます, the recipient addressed as 様 and the owner as さん, names in 「」. The SMS opens
 * with the sender in 【】 and the code; UCS-2 applies, so it takes two segments with the link.
 */

function smsLead({ recipient, owner, checklist }: SmsShare): string {
  const list = checklist ? `「${checklist}」` : 'チェックリスト';
  const sentence = owner ? `${owner}さんから${list}が共有されました。` : `${list}が共有されました。`;
  return recipient ? `${recipient}様、${sentence}` : sentence;
}

export const ja: ShareMessageCatalog = {
  language: 'ja',
  dir: 'ltr',
  email: {
    untitled: '無題',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `${owner} さんが ${site} でチェックリスト「${checklist}」を共有しました`
        : `${site} でチェックリスト「${checklist}」が共有されました`,
    greeting: (recipient) => (recipient ? `${recipient} 様` : 'こんにちは。'),
    shared: ({ site, owner, checklist }) =>
      `${owner ? `${owner} さんから ` : ''}${site} のチェックリスト「${checklist}」が共有されました。`,
    codeLabel: '確認コード：',
    codeLine: (code) => `確認コード：${code}`,
    validity: (minutes) => `このコードの有効期間は ${minutes} 分間で、1 回のみ使用できます。`,
    openPrompt: 'チェックリストを開き、求められたらコードを入力してください。',
    openButton: 'チェックリストを開く',
    pasteLink: 'または、次のリンクをブラウザに貼り付けてください。',
    ignore: 'このメールに心当たりがない場合は、破棄してください。このコードは誰にも教えないでください。',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `【${site}】` : ''}確認コード：${code}（${minutes}分間有効）${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
