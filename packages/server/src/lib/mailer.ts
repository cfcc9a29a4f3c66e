// Sending mail over SMTP (nodemailer). One transport per server; each mail carries a plain
// text body and a simple HTML one made from the same paragraphs.
import nodemailer from 'nodemailer';
import type { MailSettings } from './mail-settings.ts';

export interface Mail {
  to: string;
  subject: string;
  /** Paragraphs of plain text; a link is a paragraph of its own (it becomes an <a> in the HTML part). */
  paragraphs: string[];
}

export interface Mailer {
  /** The public address of the web app, the base of mailed links. */
  readonly publicUrl: string;
  /** Resolves once the SMTP server has accepted the mail; rejects with its reason otherwise. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createSmtpMailer(settings: MailSettings): Mailer {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  return {
    publicUrl: settings.publicUrl,
    async send(mail) {
      await transport.sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.paragraphs.join('\n\n'),
        html: htmlOf(mail.paragraphs),
      });
    },
    close: () => transport.close(),
  };
}

function htmlOf(paragraphs: string[]): string {
  const body = paragraphs
    .map((text) => (/^https?:\/\/\S+$/.test(text) ? `<p><a href="${escapeHtml(text)}">${escapeHtml(text)}</a></p>` : `<p>${escapeHtml(text)}</p>`))
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.5">\n${body}\n</body></html>\n`;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}
