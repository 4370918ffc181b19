import type { ShareMessageCatalog, SmsShare } from './catalog.ts';

/**
 * Vietnamese, addressing the recipient as bạn, names in “ ”. Vietnamese has no grammatical gender or
 * plural, so no word agrees with a name or a count. The SMS keeps its tone marks (without them the
 * words are ambiguous), so UCS-2 applies and the SMS (code first) takes two segments with the link.
 */

/** A noun phrase, as SMS write it, so that the owner's name fits beside the code and the link. */
function smsLead({ recipient, owner, checklist }: SmsShare): string {
  if (!owner && !checklist) return 'Bạn được chia sẻ một danh sách.';
  const list = `Danh sách${checklist ? ` “${checklist}”` : ''}${owner ? ` của ${owner}` : ''}.`;
  return recipient ? `Chào ${recipient}! ${list}` : list;
}

export const vi: ShareMessageCatalog = {
  language: 'vi',
  dir: 'ltr',
  email: {
    untitled: 'chưa đặt tên',
    subject: ({ site, owner, checklist }) =>
      owner
        ? `${owner} đã chia sẻ danh sách “${checklist}” với bạn trên ${site}`
        : `Danh sách “${checklist}” đã được chia sẻ với bạn trên ${site}`,
    greeting: (recipient) => (recipient ? `Chào ${recipient},` : 'Xin chào,'),
    shared: ({ site, owner, checklist }) =>
      owner
        ? `${owner} đã chia sẻ với bạn danh sách kiểm tra “${checklist}” trên ${site}.`
        : `Danh sách kiểm tra “${checklist}” đã được chia sẻ với bạn trên ${site}.`,
    codeLabel: 'Mã xác minh của bạn:',
    codeLine: (code) => `Mã xác minh của bạn: ${code}`,
    validity: (minutes) => `Mã có hiệu lực trong ${minutes} phút và chỉ dùng được một lần.`,
    openPrompt: 'Mở danh sách và nhập mã khi được hỏi:',
    openButton: 'Mở danh sách',
    pasteLink: 'Hoặc dán liên kết này vào trình duyệt:',
    ignore: 'Nếu bạn không chờ tin nhắn này, hãy bỏ qua nó. Đừng chia sẻ mã này với bất kỳ ai.',
  },
  sms: {
    alphabet: 'ucs2',
    maxSegments: 2,
    message: ({ site, code, minutes, url, share }) =>
      `${site ? `${site}: mã` : 'Mã'} ${code}, hiệu lực ${minutes} phút.${share ? `\n${smsLead(share)}` : ''}\n${url}`,
  },
};
