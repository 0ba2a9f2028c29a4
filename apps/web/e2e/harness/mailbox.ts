/**
 * A small HTTP front for the capture SMTP server, so specs (in worker processes) can read and
 * wait for mail: `GET /mail?to=&since=&subject=&timeout=` (long poll; 404 on timeout) and
 * `GET /last?to=` (404 if none).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CapturedMail, SmtpCapture } from '../../../server/test/helpers/smtp-capture';

/** A captured mail as the specs see it. */
export type Mail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** `Date.now()` when the capture server finished receiving it. */
  receivedAt: number;
};

export type Mailbox = { url: string; close(): Promise<void> };

export async function startMailbox(smtp: SmtpCapture): Promise<Mailbox> {
  // Stamp each message the moment the capture server stores it.
  const stamps = new WeakMap<CapturedMail, number>();
  const listeners = new Set<() => void>();
  const push = smtp.messages.push.bind(smtp.messages);
  smtp.messages.push = (...items: CapturedMail[]) => {
    for (const item of items) stamps.set(item, Date.now());
    const length = push(...items);
    for (const listener of [...listeners]) listener();
    return length;
  };

  const toMail = (mail: CapturedMail): Mail => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    receivedAt: stamps.get(mail) ?? 0,
  });
  const addressedTo = (mail: CapturedMail, to: string) =>
    mail.to.some((address) => address.toLowerCase() === to.toLowerCase());

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to') ?? '';
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/last') {
      const mail = smtp.messages.filter((m) => addressedTo(m, to)).at(-1);
      return mail ? send(200, toMail(mail)) : send(404, { message: `no mail to ${to}` });
    }
    if (url.pathname !== '/mail') return send(404, { message: 'unknown path' });

    const since = Number(url.searchParams.get('since') ?? 0);
    const subject = url.searchParams.get('subject') ?? '';
    const timeout = Math.min(Number(url.searchParams.get('timeout') ?? 15_000), 120_000);
    const find = () =>
      smtp.messages.find(
        (m) => addressedTo(m, to) && (stamps.get(m) ?? 0) >= since && m.subject.includes(subject),
      );
    const found = find();
    if (found) return send(200, toMail(found));
    const check = () => {
      const mail = find();
      if (!mail) return;
      finish();
      send(200, toMail(mail));
    };
    const finish = () => {
      clearTimeout(timer);
      listeners.delete(check);
    };
    const timer = setTimeout(() => {
      finish();
      send(404, { message: `no mail to ${to} since ${since} within ${timeout} ms` });
    }, timeout);
    listeners.add(check);
    request.on('close', () => {
      if (!response.writableEnded) finish();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
