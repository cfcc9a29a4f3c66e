import { expect, it } from 'vitest';
import { insideAny, type Network, networkText, parseNetwork } from './cidr.ts';

const parsed = (text: string) => {
  const result = parseNetwork(text);
  return 'network' in result ? networkText(result.network) : result;
};

it.each([
  ['10.0.0.0/8', '10.0.0.0/8'],
  [' 192.168.1.0/24 ', '192.168.1.0/24'],
  ['192.0.2.7', '192.0.2.7/32'],
  ['0.0.0.0/0', '0.0.0.0/0'],
  ['2001:DB8::/32', '2001:db8::/32'],
  ['2001:0db8:0000:0000:0000:0000:0000:0000/32', '2001:db8::/32'],
  ['::1', '::1/128'],
  ['::/0', '::/0'],
  ['fe80::/10', 'fe80::/10'],
  ['2001:db8:0:0:1:0:0:0/80', '2001:db8:0:0:1::/80'],
  ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1/128'],
  ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1/128'],
  ['::ffff:192.0.2.0/120', '::ffff:c000:200/120'],
])('reads %j as %s', (text, canonical) => {
  expect(parsed(text)).toBe(canonical);
});

it.each([
  ['', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['10.0.0.0/', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['10.0.0.0/+8', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['10.0.0.0/8/8', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['10.0.0.256/32', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['example.com/24', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['fe80::1%eth0/128', 'Enter a network in CIDR notation, e.g. 10.0.0.0/8 or 2001:db8::/32.'],
  ['10.0.0.0/33', 'The prefix length of an IPv4 network is at most 32.'],
  ['2001:db8::/129', 'The prefix length of an IPv6 network is at most 128.'],
  ['10.1.2.3/8', 'The address has bits set after the prefix; the network is 10.0.0.0/8.'],
  ['2001:db8::1/32', 'The address has bits set after the prefix; the network is 2001:db8::/32.'],
])('refuses %j', (text, error) => {
  expect(parseNetwork(text)).toEqual({ error });
});

const networks = ['127.0.0.1/32', '10.0.0.0/8', '2001:db8::/32'].map((text) => {
  const result = parseNetwork(text);
  if (!('network' in result)) throw new Error(text);
  return result.network;
}) satisfies Network[];

it.each([
  ['127.0.0.1', true],
  ['127.0.0.2', false],
  ['::ffff:127.0.0.1', true],
  ['::ffff:127.0.0.2', false],
  ['10.255.255.255', true],
  ['11.0.0.0', false],
  ['2001:db8:ffff::1', true],
  ['2001:db9::1', false],
  ['::1', false],
  ['not an address', false],
])('matches %s: %s', (address, inside) => {
  expect(insideAny(address, networks)).toBe(inside);
});

it('matches nothing against no networks', () => {
  expect(insideAny('127.0.0.1', [])).toBe(false);
});
