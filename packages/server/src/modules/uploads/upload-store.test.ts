import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ResumableUploadStore, UploadLengthExceededError } from './upload-store.ts';

let root: string;
let store: ResumableUploadStore;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'binlens-upload-store-'));
  store = new ResumableUploadStore(path.join(root, 'uploads'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const info = { userId: 1, groupId: 2, filename: 'fw.bin', length: 10 };

it('appends chunk after chunk and reads the whole file back', async () => {
  const upload = await store.create(info, new Date('2026-01-02T03:04:05Z'));
  expect(upload).toMatchObject({ ...info, offset: 0, created: '2026-01-02T03:04:05.000Z' });
  expect(upload.id).toMatch(/^[0-9a-f]{32}$/);
  expect(await store.append(upload, Readable.from([Buffer.from('abcd')]))).toBe(4);
  const half = await store.get(upload.id);
  if (!half) throw new Error('the upload is gone');
  expect(half.offset).toBe(4);
  expect(await store.append(half, Readable.from([Buffer.from('ef'), Buffer.from('ghij')]))).toBe(10);
  expect(await text(store.read({ ...upload, offset: 10 }))).toBe('abcdefghij');
});

it('refuses a chunk past the declared length and keeps what came before it', async () => {
  const upload = await store.create(info);
  const source = Readable.from([Buffer.from('abcdef'), Buffer.from('ghijkl')]);
  await expect(store.append(upload, source)).rejects.toBeInstanceOf(UploadLengthExceededError);
  expect((await store.get(upload.id))?.offset).toBe(6);
});

it('keeps the bytes of a request that broke off', async () => {
  const upload = await store.create(info);
  const source = new Readable({ read() {} });
  source.push(Buffer.from('abc'));
  setImmediate(() => source.destroy(new Error('aborted')));
  await expect(store.append(upload, source)).rejects.toThrow('aborted');
  expect((await store.get(upload.id))?.offset).toBe(3);
});

it('knows no id that is not its own 32 hex digits', async () => {
  expect(await store.get('../../etc/passwd')).toBeUndefined();
  expect(await store.get('A'.repeat(32))).toBeUndefined();
  expect(await store.get('a'.repeat(32))).toBeUndefined();
});

it('drops the bytes once complete and answers the scan with the full offset', async () => {
  const upload = await store.create(info);
  await store.append(upload, Readable.from([Buffer.from('abcdefghij')]));
  await store.complete({ ...upload, offset: 10 }, 42);
  expect(await store.get(upload.id)).toMatchObject({ offset: 10, scanId: 42 });
  expect(await readdir(path.join(root, 'uploads'))).toEqual([`${upload.id}.json`]);
});
