import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message received by the capture server. */
export type CapturedMail = {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** Decoded Subject header. */
  subject: string;
  /** Decoded first text/plain part ('' if none). */
  text: string;
  /** Decoded first text/html part ('' if none). */
  html: string;
  /** The message as received. */
  raw: string;
};

/** A running capture server; see {@link startSmtpCapture}. */
export type SmtpCapture = {
  /** `smtp://127.0.0.1:<port>` for the mailer under test. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: CapturedMail[];
  /** Resolves with the first message (already received or future) matching `predicate`. */
  waitFor(predicate?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
};

type Headers = Map<string, string>;
type Part = { headers: Headers; body: string };

/** Splits a MIME entity into unfolded, lower-cased headers and its body. */
function splitEntity(entity: string): Part {
  const normalized = entity.replace(/\r\n/g, '\n');
  const blank = normalized.indexOf('\n\n');
  const head = blank === -1 ? normalized : normalized.slice(0, blank);
  const body = blank === -1 ? '' : normalized.slice(blank + 2);
  const headers: Headers = new Map();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter such as `boundary` or `charset`, unquoted. */
function headerParam(value: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function toCharset(label: string | undefined): BufferEncoding {
  const normalized = (label ?? 'utf-8').toLowerCase();
  return normalized === 'iso-8859-1' || normalized === 'latin1' || normalized === 'us-ascii'
    ? 'latin1'
    : 'utf8';
}

/** Quoted-printable: drops soft line breaks (`=` at line end) and decodes `=XX` bytes. */
function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = toCharset(headerParam(part.headers.get('content-type') ?? '', 'charset'));
  // splitEntity already turned CRLF into LF, so `=\n` is the soft line break here.
  const body = part.body;
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString(charset);
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString(charset);
  return body;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g,
      (_match, charset: string, kind: string, text: string) => {
        const bytes =
          kind.toLowerCase() === 'b'
            ? Buffer.from(text, 'base64')
            : decodeQuotedPrintable(text.replace(/_/g, ' '));
        return bytes.toString(toCharset(charset));
      },
    );
}

/** Walks a MIME tree and fills in the first text/plain and text/html bodies. */
function collectParts(part: Part, found: { text?: string; html?: string }): void {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';', 1)[0].trim().toLowerCase();
  if (type.startsWith('multipart/')) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // Skip the preamble; stop at the closing delimiter `--boundary--`.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectParts(splitEntity(section.replace(/^\n/, '').replace(/\n$/, '')), found);
    }
    return;
  }
  const disposition = (part.headers.get('content-disposition') ?? '').toLowerCase();
  if (disposition.startsWith('attachment')) return;
  if (type === 'text/plain' && found.text === undefined) found.text = decodeBody(part);
  if (type === 'text/html' && found.html === undefined) found.html = decodeBody(part);
}

/** Parses a raw RFC 5322 message well enough for tests: subject, text and html parts. */
export function parseMail(raw: string, to: string[]): CapturedMail {
  const root = splitEntity(raw);
  const found: { text?: string; html?: string } = {};
  collectParts(root, found);
  return {
    to,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: (found.text ?? '').replace(/\n$/, ''),
    html: (found.html ?? '').replace(/\n$/, ''),
    raw,
  };
}

/**
 * Starts an SMTP server on 127.0.0.1 (random free port) that accepts every message, with or
 * without AUTH, never offers STARTTLS, and keeps what it receives in `messages`.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<(mail: CapturedMail) => void>();

  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'capture' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        messages.push(mail);
        for (const waiter of [...waiters]) waiter(mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate = () => true, timeoutMs = 5_000) {
      const existing = messages.find(predicate);
      if (existing) return Promise.resolve(existing);
      return new Promise<CapturedMail>((resolve, reject) => {
        const waiter = (mail: CapturedMail): void => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`smtp-capture: no matching message within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
