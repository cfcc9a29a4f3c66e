// A real SAML 2.0 identity provider for the SSO journey: Debian's SimpleSAMLphp (1.19) under
// PHP's built-in server on loopback, with its configuration in a temp dir. It signs with a key
// pair made by openssl here, knows the journey's users (exampleauth:UserPass) and one service provider:
// Binlens, by the entity id and ACS URL the journey gives.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

export interface IdpUser {
  username: string;
  password: string;
  email: string;
}

export interface SamlIdp {
  baseUrl: string;
  entityId: string;
  /** HTTP-Redirect SingleSignOnService. */
  ssoUrl: string;
  metadataUrl: string;
  /** The signing certificate, PEM. */
  certificate: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startSamlIdp(options: { sp: { entityId: string; acsUrl: string }; users: IdpUser[] }): Promise<SamlIdp> {
  const dir = await mkdtemp(join(tmpdir(), 'binlens-saml-idp-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  for (const sub of ['config', 'metadata', 'cert', 'log', 'tmp', 'sessions', 'data']) await mkdir(join(dir, sub));
  await promisify(execFile)('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', '/CN=SimpleSAMLphp journey IdP',
    '-keyout', join(dir, 'cert', 'idp.key'), '-out', join(dir, 'cert', 'idp.crt'),
  ]);
  await writeFile(join(dir, 'config', 'config.php'), configPhp(dir, baseUrl));
  await writeFile(join(dir, 'config', 'authsources.php'), authsourcesPhp(options.users));
  await writeFile(join(dir, 'metadata', 'saml20-idp-hosted.php'), idpHostedPhp(entityId));
  await writeFile(join(dir, 'metadata', 'saml20-sp-remote.php'), spRemotePhp(options.sp));

  const child = spawn('php', ['-d', `session.save_path=${join(dir, 'sessions')}`, '-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SIMPLESAMLPHP_CONFIG_DIR: join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const output = () => log;
  const metadataUrl = `${baseUrl}/saml2/idp/metadata.php`;
  try {
    await waitUntilUp(metadataUrl, child, output);
  } catch (error) {
    await stopChild(child);
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    entityId,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    metadataUrl,
    certificate: await readFile(join(dir, 'cert', 'idp.crt'), 'utf8'),
    output,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** PHP single-quoted string literal. */
function php(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function configPhp(dir: string, baseUrl: string): string {
  return `<?php
$config = [
    'baseurlpath' => ${php(`${baseUrl}/`)},
    'certdir' => ${php(join(dir, 'cert'))} . '/',
    'loggingdir' => ${php(join(dir, 'log'))} . '/',
    'datadir' => ${php(join(dir, 'data'))} . '/',
    'tempdir' => ${php(join(dir, 'tmp'))},
    'metadatadir' => ${php(join(dir, 'metadata'))} . '/',
    'metadata.sources' => [['type' => 'flatfile']],
    'technicalcontact_name' => 'Binlens journey',
    'technicalcontact_email' => 'nobody@example.com',
    'timezone' => 'UTC',
    'secretsalt' => ${php(randomBytes(24).toString('hex'))},
    'auth.adminpassword' => ${php(randomBytes(24).toString('hex'))},
    'admin.protectindexpage' => false,
    'admin.protectmetadata' => false,
    'showerrors' => true,
    'errorreporting' => false,
    'logging.level' => SimpleSAML\\Logger::NOTICE,
    'logging.handler' => 'file',
    'logging.logfile' => 'simplesamlphp.log',
    'enable.saml20-idp' => true,
    'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
    'store.type' => 'phpsession',
    'session.cookie.secure' => false,
    'session.phpsession.savepath' => ${php(join(dir, 'sessions'))},
    'language.default' => 'en',
];
`;
}

function authsourcesPhp(users: IdpUser[]): string {
  const entries = users.map((user) => `        ${php(`${user.username}:${user.password}`)} => ['uid' => [${php(user.username)}], 'email' => [${php(user.email)}]],`);
  return `<?php
$config = [
    'admin' => ['core:AdminPassword'],
    'journey-users' => [
        'exampleauth:UserPass',
${entries.join('\n')}
    ],
];
`;
}

function idpHostedPhp(entityId: string): string {
  return `<?php
$metadata[${php(entityId)}] = [
    'host' => '__DEFAULT__',
    'privatekey' => 'idp.key',
    'certificate' => 'idp.crt',
    'auth' => 'journey-users',
    'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
];
`;
}

function spRemotePhp(sp: { entityId: string; acsUrl: string }): string {
  return `<?php
$metadata[${php(sp.entityId)}] = [
    'AssertionConsumerService' => [['Binding' => 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', 'Location' => ${php(sp.acsUrl)}]],
    'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    'simplesaml.nameidattribute' => 'email',
    'saml20.sign.assertion' => true,
    'saml20.sign.response' => true,
];
`;
}

async function waitUntilUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`php -S exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
      throw new Error(`the IdP's metadata answered ${response.status}:\n${(await response.text()).slice(0, 2000)}\n${log()}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("the IdP's metadata")) throw error;
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`php -S did not come up in 30 s:\n${log()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
