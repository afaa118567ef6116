import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A local SMTP server on a free port that requires AUTH with `user`/`pass` (over plain text:
 * no STARTTLS, so no certificate) and keeps what it is sent. `refuse` answers RCPT TO for an
 * address with an SMTP code, e.g. 451 (try later) or 550 (no such mailbox).
 */
export async function startFakeSmtp({ user, pass }: { user: string; pass: string }) {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, { code: number; text: string }>();
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address);
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
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
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** The connection url with these credentials (others may be passed to test a refusal). */
    url(credentials = { user, pass }) {
      return `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`;
    },
    refuse(address: string, code: number, text: string) {
      refusals.set(address, { code, text });
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface ReadMail {
  /** Header values with RFC 2047 encoded words decoded, names lower-cased. */
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

/**
 * Decodes what tests need of a raw message: headers, and the text and HTML bodies (base64 or
 * quoted-printable, in a multipart/alternative or alone). Enough for nodemailer's output.
 */
export function readMail(raw: string): ReadMail {
  const { headers, body } = splitPart(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => splitPart(part.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  const partOf = (mime: string) => {
    const part = parts.find((p) => (p.headers['content-type'] ?? 'text/plain').startsWith(mime));
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : null;
  };
  return { headers, text: partOf('text/plain'), html: partOf('text/html') };
}

function splitPart(raw: string) {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeBody(body: string, encoding = '7bit'): string {
  const trimmed = body.replace(/\r?\n$/, '');
  if (/base64/i.test(encoding)) return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return quotedPrintable(trimmed.replace(/=\r?\n/g, ''));
  return trimmed;
}

function quotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
