// OSV's per-ecosystem all.zip as a feed: one advisory per member, inflated one at a time.
// Ubuntu's all.zip holds Ubuntu's OSV records, read by the Ubuntu tracker importer.
import { open } from 'node:fs/promises';
import { asRecord } from '../import/feeds/json-values.ts';
import { osvFeed, parseOsvRecord } from '../import/feeds/osv.ts';
import { parseUbuntuText, ubuntuFeed } from '../import/feeds/ubuntu.ts';
import type { Feed, FeedItem } from '../import/types.ts';
import { readMember, zipMembers } from './zip.ts';

export const osvZipFeed: Feed = zipFeed(osvFeed, 'OSV all.zip', parseMember);

export const ubuntuZipFeed: Feed = zipFeed(ubuntuFeed, 'Ubuntu OSV all.zip', (name, bytes) => parseUbuntuText(bytes.toString('utf8'), name));

function zipFeed(base: Feed, title: string, parse: (name: string, bytes: Buffer) => FeedItem): Feed {
  return {
    ...base,
    title,
    detect: () => false,
    async read(input, onItem, signal) {
      if (!('path' in input)) throw new Error(`${title} is read from a file`);
      const handle = await open(input.path, 'r');
      try {
        for (const member of await zipMembers(handle)) {
          signal?.throwIfAborted();
          if (!member.name.endsWith('.json')) continue;
          await onItem(parse(member.name, await readMember(handle, member)));
        }
      } finally {
        await handle.close();
      }
    },
  };
}

function parseMember(name: string, bytes: Buffer): FeedItem {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { id: name, skip: 'malformed JSON' };
  }
  const record = asRecord(value);
  return record ? parseOsvRecord(record, name) : { id: name, skip: 'not an object' };
}
