// Mail settings from the environment (config.ts): BINLENS_SMTP_URL turns mail on, and then
// the sender and the public address the mailed links point at must be given as well. The public
// address is a setting of its own (parsePublicUrl): report links and SSO use it without mail too.

export interface MailSettings {
  /** `smtp://host:port` (STARTTLS when offered) or `smtps://host:port` (TLS from the start), optionally with user:password@. */
  smtpUrl: string;
  /** The From: of every mail, e.g. `Binlens <binlens@example.com>`. */
  from: string;
  /** Where users open the web app, without a trailing slash, e.g. `https://binlens.example.com`: the base of mailed links. */
  publicUrl: string;
}

/** null when BINLENS_SMTP_URL is unset or empty (no mail); a malformed value throws, naming the variable. */
export function parseMailSettings(env: NodeJS.ProcessEnv): MailSettings | null {
  const smtp = env.BINLENS_SMTP_URL?.trim() ?? '';
  if (smtp === '') return null;
  let url: URL;
  try {
    url = new URL(smtp);
  } catch {
    throw new Error(`BINLENS_SMTP_URL must be a URL such as smtp://mail.example.com:587, got "${smtp}"`);
  }
  if ((url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || url.hostname === '') {
    throw new Error(`BINLENS_SMTP_URL must be smtp://host:port or smtps://host:port, got "${smtp}"`);
  }
  const from = env.BINLENS_MAIL_FROM?.trim() ?? '';
  // One address, bare or after a display name: "binlens@example.com", "Binlens <binlens@example.com>".
  if (!/^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(from)) {
    throw new Error(`BINLENS_MAIL_FROM must be a sender address such as "Binlens <binlens@example.com>" when BINLENS_SMTP_URL is set, got "${from}"`);
  }
  const publicUrl = parsePublicUrl(env.BINLENS_PUBLIC_URL);
  if (publicUrl === null) throw new Error(`BINLENS_PUBLIC_URL must be the web app's address (${PUBLIC_URL_EXAMPLE}) when BINLENS_SMTP_URL is set, got ""`);
  return { smtpUrl: smtp, from, publicUrl };
}

const PUBLIC_URL_EXAMPLE = 'such as https://binlens.example.com';

/**
 * BINLENS_PUBLIC_URL, where users open the web app, without a trailing slash; null when unset or
 * empty. A malformed value throws, naming the variable.
 */
export function parsePublicUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const example = PUBLIC_URL_EXAMPLE;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`BINLENS_PUBLIC_URL must be the web app's address (${example}), got "${text}"`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '') {
    throw new Error(`BINLENS_PUBLIC_URL must be an http(s) address without query (${example}), got "${text}"`);
  }
  return url.href.replace(/\/+$/, '');
}
