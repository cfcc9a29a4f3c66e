// Passwords of Maven repository servers in settings.xml: <server><id/><username/><password/>
// (or <passphrase> for a private key). Values in braces, {…}, are encrypted with the master
// password of settings-security.xml: still reported (whoever has both files has the password),
// marked encrypted. ${env.X} references are decoys. config-password leaves these to this detector.
import { looksFake } from '../checks.ts';
import type { InfoleakDetector } from '../types.ts';

/** Whether `index` lies inside a <server> element of a Maven settings document. */
export function insideMavenServer(text: string, index: number): boolean {
  const before = text.slice(0, index);
  return before.includes('<servers>') && before.lastIndexOf('<server>') > before.lastIndexOf('</server>');
}

export const MAVEN_SETTINGS_PASSWORD: InfoleakDetector = {
  name: 'maven-settings-password',
  kind: 'passwords',
  version: 1,
  keywords: ['<server>'],
  // <server><id>corp-releases</id><username>deployer</username><password>Tr0ub4dor&amp;3</password></server>
  pattern: /<server>((?:(?!<\/server>)[\s\S]){0,2000}?)<(password|passphrase)>([^<]{1,512})<\/\2>/g,
  secret: true,
  validate: (m) => {
    const before = m.input.slice(0, m.index);
    // The stock settings.xml shows its <server> example inside an XML comment.
    if (!before.includes('<servers>') || before.lastIndexOf('<!--') > before.lastIndexOf('-->')) return undefined;
    const value = decodeXml((m[3] ?? '').trim());
    const body = m[1] ?? '';
    const id = /<id>([^<]*)<\/id>/.exec(body)?.[1]?.trim() ?? '';
    const user = /<username>([^<]*)<\/username>/.exec(body)?.[1]?.trim();
    const encrypted = /^\{[A-Za-z0-9+/=]{8,}\}$/.test(value);
    const decoy = /^\$\{.*\}$/.test(value) || (!encrypted && looksFake(value));
    return {
      value,
      details: { server: id, ...(user !== undefined ? { user } : {}), field: m[2] ?? 'password', encrypted, ...(encrypted ? { note: 'encrypted with the master password in settings-security.xml' } : {}) },
      ...(decoy ? { decoy } : {}),
    };
  },
  samples: {
    path: 'settings.xml',
    positive: [
      '<settings>\n  <servers>\n    <server>\n      <id>corp-releases</id>\n      <username>deployer</username>\n      <password>Tr0ub4dor&amp;3x</password>\n    </server>\n  </servers>\n</settings>',
      '<settings><servers><server><id>corp-snapshots</id><username>ci</username><password>{COQLCE6DU6GtcS5P=}</password></server></servers></settings>',
    ],
    negative: [
      '<settings><servers><server><id>corp</id><username>ci</username><password>${env.MAVEN_PASSWORD}</password></server></servers></settings>',
      '<settings>\n  <servers>\n    <!--\n    <server>\n      <id>deploymentRepo</id>\n      <username>repouser</username>\n      <password>repopwd</password>\n    </server>\n    -->\n  </servers>\n</settings>',
      '<server><id>x</id><password>S3cr3tPw!</password></server>',
      '<servers><server><id>corp</id></server></servers><password>elsewhere1</password>',
    ],
  },
};

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '');
}
