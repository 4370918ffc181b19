import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/**
 * A real SMTP server (the smtp-server package) on 127.0.0.1 and a free port, for tests of code that
 * sends mail with nodemailer. It keeps every message it accepted, raw, and can refuse recipients or
 * require a login.
 */

export interface ReceivedMail {
  /** MAIL FROM and RCPT TO of the envelope. */
  from: string;
  to: string[];
  /** The message as it came over the wire (headers and MIME body). */
  raw: string;
}

export interface TestSmtpServerOptions {
  /** When set, AUTH is required and only these credentials pass. */
  credentials?: { user: string; pass: string };
  /** An address for which this answers true is refused at RCPT TO with a 550. */
  refuseRecipient?: (address: string) => boolean;
  /** The port to listen on (default: a free one). */
  port?: number;
}

export interface TestSmtpServer {
  port: number;
  /** smtp://[user:pass@]127.0.0.1:port */
  url(credentials?: { user: string; pass: string }): string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

export async function startTestSmtpServer(options: TestSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    // Plain text on loopback: no STARTTLS, so no certificate (and no warning about the built-in one).
    disabledCommands: options.credentials ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authOptional: !options.credentials,
    onAuth(auth, _session, callback) {
      const expected = options.credentials;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      } else {
        callback();
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: (credentials) =>
      credentials
        ? `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string | undefined;
  html: string | undefined;
  /** Parts sent as attachments (Content-Disposition: attachment), their bytes decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Reads a raw message as a mail client would: headers unfolded and decoded, parts decoded to text. */
export function parseMail(raw: string): ParsedMail {
  const parsed: ParsedMail = {
    headers: new Map(),
    subject: '',
    text: undefined,
    html: undefined,
    attachments: [],
  };
  const walk = (part: string, top: boolean) => {
    const { headers, body } = splitPart(part);
    if (top) parsed.headers = headers;
    const contentType = headers.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (contentType.startsWith('multipart/') && boundary) {
      const sections = body.split(`--${boundary}`).slice(1, -1);
      for (const section of sections) walk(section.replace(/^\r?\n/, ''), false);
      return;
    }
    const disposition = headers.get('content-disposition') ?? '';
    if (disposition.startsWith('attachment')) {
      const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
      parsed.attachments.push({
        filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
        contentType: contentType.split(';')[0]?.trim() ?? '',
        content: encoding === 'base64' ? Buffer.from(body, 'base64') : Buffer.from(body, 'latin1'),
      });
      return;
    }
    const decoded = decodeBody(body, headers.get('content-transfer-encoding') ?? '7bit');
    if (contentType.startsWith('text/html')) parsed.html = decoded;
    else if (contentType.startsWith('text/plain')) parsed.text = decoded;
  };
  walk(raw, true);
  parsed.subject = decodeHeaderWords(parsed.headers.get('subject') ?? '');
  return parsed;
}

function splitPart(part: string): { headers: Map<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const body = end === -1 ? '' : part.slice(end + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** Quoted-printable bytes as a latin1 string (one char a byte), to be read back as UTF-8. */
function quotedPrintableBytes(text: string): string {
  return text.replace(/=([0-9A-Fa-f]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

function decodeBody(body: string, encoding: string): string {
  const kind = encoding.toLowerCase();
  if (kind === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (kind === 'quoted-printable') {
    return Buffer.from(quotedPrintableBytes(body.replace(/=\r?\n/g, '')), 'latin1').toString('utf8');
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=); the white space between two goes. */
function decodeHeaderWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QqBb])\?([^?]*)\?=/g, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(quotedPrintableBytes(data.replaceAll('_', ' ')), 'latin1').toString('utf8'),
    );
}
