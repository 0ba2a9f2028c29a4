import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../../src/tools/mail/mailer';
import { startSmtpCapture, type SmtpCapture } from '../../helpers/smtp-capture';

// Long enough that nodemailer must wrap it (quoted-printable soft breaks, `=3D` for `=`).
const LINK =
  'http://127.0.0.1:8090/_/#/auth/confirm-password-reset/' +
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJjb2xsZWN0aW9uSWQiOiJfcGJfdXNlcnNfYXV0aF8iLCJlbWFpbCI6InRlc3RAZXhhbXBsZS5jb20iLCJleHAiOjE3MDAwMDAwMDAsImlkIjoiNHE' +
  '?token=abc&next=%2Fhome&x=1';

describe('createMailer with SMTP', () => {
  let capture: SmtpCapture;

  beforeAll(async () => {
    capture = await startSmtpCapture();
  });

  afterAll(async () => {
    await capture.close();
  });

  it('delivers subject, text and html intact', async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      smtpUrl: capture.url,
      from: 'Back office <no-reply@example.com>',
      log: (line) => lines.push(line),
    });
    await mailer.send({
      to: 'alice@example.com',
      subject: 'Reset your password — ünïcödé',
      text: `Hello,\n\nFollow this link to reset your password:\n${LINK}\n\nThanks`,
      html: `<p>Hello,</p><p><a href="${LINK}">Reset password</a></p>`,
    });
    mailer.close();

    const mail = await capture.waitFor((m) => m.to.includes('alice@example.com'));
    expect(mail.subject).toBe('Reset your password — ünïcödé');
    expect(mail.text).toContain(LINK);
    expect(mail.text).toBe(`Hello,\n\nFollow this link to reset your password:\n${LINK}\n\nThanks`);
    expect(mail.html).toContain(`<a href="${LINK}">`);
    // The raw message really was wrapped, so the helper's decoding was exercised.
    expect(mail.raw).not.toContain(LINK);
    expect(mail.raw).toMatch(/^From: .*no-reply@example\.com/m);
    expect(lines).toEqual([]);
  });

  it('sends a text-only message', async () => {
    const mailer = createMailer({ smtpUrl: capture.url, from: 'a@example.com', log: () => {} });
    await mailer.send({ to: 'bob@example.com', subject: 'Plain', text: 'Just text' });
    mailer.close();
    const mail = await capture.waitFor((m) => m.to.includes('bob@example.com'));
    expect(mail.subject).toBe('Plain');
    expect(mail.text).toBe('Just text');
    expect(mail.html).toBe('');
  });

  it('authenticates when the URL carries credentials', async () => {
    const url = capture.url.replace('smtp://', 'smtp://user:p%40ss@');
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: url, from: 'a@example.com', log: (l) => lines.push(l) });
    await mailer.send({ to: 'carol@example.com', subject: 'With auth', text: 'hi' });
    mailer.close();
    expect(lines).toEqual([]);
    expect((await capture.waitFor((m) => m.to.includes('carol@example.com'))).subject).toBe(
      'With auth',
    );
  });

  it('logs instead of throwing when the SMTP server is unreachable', async () => {
    const lines: string[] = [];
    // Port 1 on localhost: connection refused straight away.
    const mailer = createMailer({
      smtpUrl: 'smtp://user:secret@127.0.0.1:1',
      from: 'a@example.com',
      log: (line) => lines.push(line),
    });
    await expect(
      mailer.send({ to: 'dave@example.com', subject: 'Lost', text: 'never arrives' }),
    ).resolves.toBeUndefined();
    mailer.close();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('dave@example.com');
    expect(lines[0]).toContain('Lost');
    expect(lines[0]).not.toContain('secret');
  });

  it('rejects a URL that is not smtp:// or smtps://', () => {
    expect(() =>
      createMailer({ smtpUrl: 'http://user:secret@example.com', from: 'a@b.c', log: () => {} }),
    ).toThrow(/smtp:\/\//);
  });
});

describe('createMailer without SMTP', () => {
  it('writes the whole message to the log', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ from: 'no-reply@example.com', log: (line) => lines.push(line) });
    await mailer.send({
      to: 'alice@example.com',
      subject: 'Reset your password',
      text: `Follow: ${LINK}`,
      html: '<p>ignored in the log</p>',
    });
    mailer.close();
    const output = lines.join('\n');
    expect(output).toContain('To: alice@example.com');
    expect(output).toContain('Subject: Reset your password');
    expect(output).toContain(LINK);
  });

  it('treats an empty smtpUrl as "no SMTP"', async () => {
    const lines: string[] = [];
    const mailer = createMailer({ smtpUrl: '', from: 'x@example.com', log: (l) => lines.push(l) });
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't' });
    expect(lines.join('\n')).toContain('To: a@example.com');
  });
});
