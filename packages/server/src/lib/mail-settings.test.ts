import { describe, expect, it } from 'vitest';
import { parseMailSettings, parsePublicUrl } from './mail-settings.ts';

const valid = { BINLENS_SMTP_URL: 'smtp://mail.example.com:587', BINLENS_MAIL_FROM: 'Binlens <binlens@example.com>', BINLENS_PUBLIC_URL: 'https://binlens.example.com/' };

describe('parseMailSettings', () => {
  it('is null without BINLENS_SMTP_URL: no mail', () => {
    expect(parseMailSettings({})).toBeNull();
    expect(parseMailSettings({ BINLENS_SMTP_URL: ' ', BINLENS_MAIL_FROM: 'x' })).toBeNull();
  });

  it('reads the SMTP URL, the sender and the public address without its trailing slash', () => {
    expect(parseMailSettings(valid)).toEqual({ smtpUrl: 'smtp://mail.example.com:587', from: 'Binlens <binlens@example.com>', publicUrl: 'https://binlens.example.com' });
    expect(parseMailSettings({ ...valid, BINLENS_SMTP_URL: 'smtps://user:pw@mail.example.com', BINLENS_MAIL_FROM: 'binlens@example.com', BINLENS_PUBLIC_URL: 'http://10.0.0.5:8080/binlens' }))
      .toEqual({ smtpUrl: 'smtps://user:pw@mail.example.com', from: 'binlens@example.com', publicUrl: 'http://10.0.0.5:8080/binlens' });
  });

  it('names the variable of a malformed value', () => {
    expect(() => parseMailSettings({ ...valid, BINLENS_SMTP_URL: 'mail.example.com:25' })).toThrow('BINLENS_SMTP_URL must be smtp://host:port or smtps://host:port, got "mail.example.com:25"');
    expect(() => parseMailSettings({ ...valid, BINLENS_SMTP_URL: 'http://mail.example.com' })).toThrow('BINLENS_SMTP_URL must be smtp://host:port or smtps://host:port, got "http://mail.example.com"');
    expect(() => parseMailSettings({ ...valid, BINLENS_SMTP_URL: 'smtp://' })).toThrow('BINLENS_SMTP_URL must be');
    expect(() => parseMailSettings({ ...valid, BINLENS_MAIL_FROM: undefined })).toThrow('BINLENS_MAIL_FROM must be a sender address such as "Binlens <binlens@example.com>" when BINLENS_SMTP_URL is set, got ""');
    expect(() => parseMailSettings({ ...valid, BINLENS_MAIL_FROM: 'two@a.com, three@b.com' })).toThrow('BINLENS_MAIL_FROM must be');
    expect(() => parseMailSettings({ ...valid, BINLENS_PUBLIC_URL: undefined })).toThrow("BINLENS_PUBLIC_URL must be the web app's address (such as https://binlens.example.com) when BINLENS_SMTP_URL is set, got \"\"");
    expect(() => parseMailSettings({ ...valid, BINLENS_PUBLIC_URL: 'ftp://binlens.example.com' })).toThrow('BINLENS_PUBLIC_URL must be an http(s) address without query');
  });
});

describe('parsePublicUrl', () => {
  it('is null when unset or blank, and read without its trailing slash otherwise, mail or not', () => {
    expect(parsePublicUrl(undefined)).toBeNull();
    expect(parsePublicUrl('  ')).toBeNull();
    expect(parsePublicUrl('https://binlens.example.com/')).toBe('https://binlens.example.com');
    expect(parsePublicUrl('http://10.0.0.5:8080/binlens/')).toBe('http://10.0.0.5:8080/binlens');
  });

  it('names the variable of a malformed value', () => {
    expect(() => parsePublicUrl('binlens.example.com')).toThrow('BINLENS_PUBLIC_URL must be the web app\'s address (such as https://binlens.example.com), got "binlens.example.com"');
    expect(() => parsePublicUrl('https://binlens.example.com/?x=1')).toThrow('BINLENS_PUBLIC_URL must be an http(s) address without query (such as https://binlens.example.com), got "https://binlens.example.com/?x=1"');
  });
});
