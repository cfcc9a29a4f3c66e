// OSV's per-ecosystem all.zip as a feed: one advisory per member, inflated one at a time.
import { open } from 'node:fs/promises';
import { asRecord } from '../import/feeds/json-values.ts';
import { osvFeed, parseOsvRecord } from '../import/feeds/osv.ts';
import type { Feed, FeedItem } from '../import/types.ts';
import { readMember, zipMembers } from './zip.ts';

export const osvZipFeed: Feed = {
  ...osvFeed,
  title: 'OSV all.zip',
  detect: () => false,
  async read(input, onItem, signal) {
    if (!('path' in input)) throw new Error('osv all.zip is read from a file');
    const handle = await open(input.path, 'r');
    try {
      for (const member of await zipMembers(handle)) {
        signal?.throwIfAborted();
        if (!member.name.endsWith('.json')) continue;
        await onItem(parseMember(member.name, await readMember(handle, member)));
      }
    } finally {
      await handle.close();
    }
  },
};

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
