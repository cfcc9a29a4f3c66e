import { describe, expect, it } from 'vitest';
import { classifyAddress } from './classify.ts';
import { addressGuard } from './guard.ts';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.5', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['2606:4700:4700::1111', 'public'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['64:ff9b:1::a00:1', 'private'],
    ['100::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toEqual({ kind });
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
    ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
    ['::FFFF:169.254.169.254', 'metadata', '169.254.169.254'],
    ['::ffff:8.8.8.8', 'public', '8.8.8.8'],
    ['64:ff9b::a9fe:a9fe', 'metadata', '169.254.169.254'],
    ['64:ff9b::192.168.0.1', 'private', '192.168.0.1'],
    ['64:ff9b::808:808', 'public', '8.8.8.8'],
    ['2002:7f00:1::', 'loopback', '127.0.0.1'],
    ['2002:a9fe:a9fe::1', 'metadata', '169.254.169.254'],
    ['2002:0808:0808::1', 'public', '8.8.8.8'],
    ['::10.0.0.1', 'private', '10.0.0.1'],
  ])('%s embeds %s address %s', (address, kind, embedded) => {
    expect(classifyAddress(address)).toEqual({ kind, embedded });
  });

  it.each(['localhost', 'example.com', '', '1.2.3', 'fe80::1%eth0', '::ffff:1.2.3.4.5'])('%s is not an address', (text) => {
    expect(classifyAddress(text)).toBeNull();
  });
});

describe('addressGuard', () => {
  const none = addressGuard([]);
  const loopbackOne = addressGuard([{ family: 'ipv4', address: '127.0.0.1', prefix: 32 }]);
  const linkLocal = addressGuard([{ family: 'ipv4', address: '169.254.0.0', prefix: 16 }, { family: 'ipv6', address: 'fd00::', prefix: 8 }]);

  it('passes public addresses with no list', () => {
    expect(() => none('93.184.216.34', 'example.com')).not.toThrow();
    expect(() => none('2606:4700::1', 'example.com')).not.toThrow();
  });

  it('refuses a loopback literal and a name resolving to loopback, saying why', () => {
    expect(() => none('127.0.0.1', '127.0.0.1')).toThrow(
      'The address 127.0.0.1 is a loopback address; requests to it are refused unless an administrator allows its network (Account → Outbound networks).',
    );
    expect(() => none('::1', 'localhost')).toThrow(
      'localhost resolves to ::1, which is a loopback address; requests to it are refused unless an administrator allows its network (Account → Outbound networks).',
    );
  });

  it('passes an address inside an allowed network, also written IPv4-mapped, and nothing next to it', () => {
    expect(() => loopbackOne('127.0.0.1', 'localhost')).not.toThrow();
    expect(() => loopbackOne('::ffff:127.0.0.1', 'localhost')).not.toThrow();
    expect(() => loopbackOne('127.0.0.2', 'localhost')).toThrow('localhost resolves to 127.0.0.2, which is a loopback address;');
    expect(() => loopbackOne('::1', 'localhost')).toThrow('which is a loopback address');
  });

  it('never passes metadata, even inside an allowed network', () => {
    expect(() => linkLocal('169.254.10.1', 'h')).not.toThrow();
    expect(() => linkLocal('169.254.169.254', 'h')).toThrow('h resolves to 169.254.169.254, which is a cloud metadata address; requests to it are never made.');
    expect(() => linkLocal('fd00:ec2::254', 'h')).toThrow('which is a cloud metadata address; requests to it are never made.');
    expect(() => linkLocal('::ffff:169.254.169.254', 'h')).toThrow('a cloud metadata address (it embeds 169.254.169.254); requests to it are never made.');
  });

  it('never passes multicast, broadcast or unspecified', () => {
    const all = addressGuard([{ family: 'ipv4', address: '0.0.0.0', prefix: 0 }]);
    expect(() => all('0.0.0.0', '0.0.0.0')).toThrow('The address 0.0.0.0 is the unspecified address; requests to it are never made.');
    expect(() => all('255.255.255.255', 'b')).toThrow('the broadcast address; requests to it are never made.');
    expect(() => all('224.0.0.1', 'm')).toThrow('a multicast address; requests to it are never made.');
    expect(() => all('10.0.0.1', 'p')).not.toThrow();
  });
});
