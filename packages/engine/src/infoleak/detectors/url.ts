// URLs of network schemes. A URL with a password in its userinfo (user:pass@host) is an
// HTTP credential (kind http_credentials, masked). Decoys: example/localhost/test hosts,
// loopback and unspecified addresses, XML namespace / schema hosts that every binary and
// document carries, and (`attribution`) a package's links where it publishes its credits
// (package-attribution.ts), unless they carry a password.
import { DECOY_DOMAINS, type InfoleakDetector } from '../types.ts';

const NAMESPACE_HOSTS = /^(www\.w3\.org|schemas\.(xmlsoap\.org|microsoft\.com|openxmlformats\.org|android\.com)|ns\.adobe\.com|purl\.org|xml\.org|www\.apache\.org\/licenses|www\.gnu\.org|gnu\.org)$/i;
// XML namespaces, schemas and licence texts' URLs: identifiers, not places anyone connects to.
const NAMESPACE_URLS = /^https?:\/\/(www\.)?(maven\.apache\.org\/(POM|xsd|maven-v)|apache\.org\/licenses|gnu\.org\/licenses|opensource\.org\/licenses|xmlns\.)/i;
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1?\])$/;

export const URL_DETECTOR: InfoleakDetector = {
  name: 'url',
  kind: 'urls',
  version: 2,
  keywords: ['://'],
  // https://api.corp-mail.net/v2/hooks?id=7 ; postgres://app:s3cr3t@db.internal:5432/app
  pattern: /\b(?:https?|ftps?|sftp|ssh|git|wss?|ldaps?|smb|redis|rediss|amqps?|mongodb(?:\+srv)?|postgres(?:ql)?|mysql|mssql|jdbc:[a-z]+):\/\/[^\s"'<>`\\{}|^]{3,2000}/g,
  secret: false,
  attribution: true,
  validate: (m) => {
    const text = m[0].replace(/[.,;:!?)\]]+$/, '');
    let url: URL;
    try {
      url = new URL(text.replace(/^jdbc:/, ''));
    } catch {
      return undefined;
    }
    const host = url.hostname;
    if (!host || /%[sd]|\$\{/.test(host)) return undefined;
    const decoy = DECOY_DOMAINS.test(host) || LOOPBACK.test(host) || NAMESPACE_HOSTS.test(host) || NAMESPACE_URLS.test(text) || /x{6,}/i.test(text);
    if (url.password) {
      return { value: text, kind: 'http_credentials', secret: true, details: { user: decodeURIComponent(url.username), host }, ...(decoy ? { decoy } : {}) };
    }
    return { value: text, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['see https://api.corp-mail.net/v2/hooks?id=7.', 'DATABASE_URL=postgres://app:s3cr3tPw@db.internal.corp:5432/app'],
    negative: ['http://www.w3.org/2001/XMLSchema', 'http://maven.apache.org/POM/4.0.0', 'http://www.apache.org/licenses/LICENSE-2.0', 'https://example.com/docs', 'http://localhost:8080/', 'http://127.0.0.1:9000', 'https://hooks.corp.net/Txxxxxxxx/', 'fmt "%s://%s"'],
  },
};
