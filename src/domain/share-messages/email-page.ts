import { THEME_COLOR } from '../site.ts';
import { html } from './names.ts';

/**
 * The frame of the e-mails a recipient gets (the code, the due reminder): a card with the site's name,
 * the message's paragraphs, and the link as a button and written out. Gmail and others drop the
 * attributes of <html> and <body>: the card says its language and direction again.
 */
export const EMAIL_STYLES = {
  paragraph: 'margin:0 0 16px;font-size:16px;line-height:1.5;',
  muted: 'margin:0 0 12px;font-size:13px;line-height:1.5;color:#6b7280;',
} as const;

export function emailPage(page: {
  language: string;
  rtl: boolean;
  /** The subject (escaped here). */
  title: string;
  /** The site's name as HTML. */
  siteHtml: string;
  /** The paragraphs between the site's name and the end of the card, as HTML. */
  body: string;
}): string {
  const direction = page.rtl ? ' dir="rtl"' : '';
  return `<!doctype html>
<html lang="${page.language}"${direction}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(page.title)}</title>
</head>
<body${direction} style="margin:0;padding:24px 12px;background:#f4f4f7;color:#1f2937;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div lang="${page.language}"${direction} style="max-width:480px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px;">
<p style="margin:0 0 20px;font-size:15px;font-weight:600;color:${THEME_COLOR};">${page.siteHtml}</p>
${page.body}
</div>
</body>
</html>
`;
}

/** The link as a button, then written out after `pasteLink` (both escaped here). */
export function emailLink(url: string, button: string, pasteLink: string): string {
  const link = html(url);
  return `<p style="margin:0 0 24px;"><a href="${link}" style="display:inline-block;padding:12px 20px;background:${THEME_COLOR};color:#ffffff;border-radius:6px;font-weight:600;text-decoration:none;">${html(button)}</a></p>
<p style="${EMAIL_STYLES.muted}">${html(pasteLink)}<br><a href="${link}" dir="ltr" style="color:${THEME_COLOR};word-break:break-all;">${link}</a></p>`;
}
