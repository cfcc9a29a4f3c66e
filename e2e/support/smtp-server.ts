// The mail server of journeys that send mail: the server tests' SMTP server on loopback
// (smtp-server, mails parsed with mailparser), started on a free port by the journey.
export { linkToken, startTestSmtp, type ReceivedMail, type TestSmtp } from '../../packages/server/test/smtp.ts';
