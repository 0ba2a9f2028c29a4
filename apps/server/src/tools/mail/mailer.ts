import { createTransport } from 'nodemailer';

/** One outgoing e-mail. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Settings for {@link createMailer}. */
export type MailerOptions = {
  /** `smtp://user:pass@host:port` or `smtps://…`; without it mail goes to `log`. */
  smtpUrl?: string;
  /** Sender address, e.g. `Back office <no-reply@example.com>`. */
  from: string;
  /** Where delivery failures, and without SMTP the messages themselves, are written. */
  log: (line: string) => void;
};

/** Sends mail; never rejects. */
export type Mailer = {
  /** Delivers `msg`; failures are logged, not thrown, so they can't turn into a 500. */
  send(msg: MailMessage): Promise<void>;
  /** Releases the SMTP connection(s). */
  close(): void;
};

// Short timeouts: a dead SMTP server should fail a send in seconds, not hang for minutes.
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
};

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as Error & { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Creates a mailer. With `smtpUrl`, messages go through nodemailer's SMTP transport (STARTTLS
 * is used when the server offers it; `smtps://` means implicit TLS). Without it, each message
 * (recipient, subject and full text) is written to `log`, so a developer can follow a
 * password-reset link from the console. `send` never rejects: callers have usually answered
 * the request already (e.g. 204 for request-password-reset), so failures are only logged.
 * Throws at creation if `smtpUrl` is not an smtp:// or smtps:// URL.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, log } = options;

  if (!smtpUrl) {
    return {
      async send(msg) {
        log(
          [
            '----- mail (no SMTP configured, not sent) -----',
            `From: ${from}`,
            `To: ${msg.to}`,
            `Subject: ${msg.subject}`,
            '',
            msg.text,
            '-----------------------------------------------',
          ].join('\n'),
        );
      },
      close() {},
    };
  }

  if (!/^smtps?:\/\//i.test(smtpUrl)) {
    // Don't echo the URL: it may carry a password.
    throw new Error('createMailer: smtpUrl must start with smtp:// or smtps://');
  }
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });

  return {
    async send(msg) {
      try {
        await transport.sendMail({
          from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          ...(msg.html === undefined ? {} : { html: msg.html }),
        });
      } catch (error) {
        log(`mail: failed to send "${msg.subject}" to ${msg.to}: ${describeError(error)}`);
      }
    },
    close() {
      transport.close();
    },
  };
}
