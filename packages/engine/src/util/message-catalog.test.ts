import { describe, expect, it } from 'vitest';
import { isMessageCatalog } from './message-catalog.ts';
import { messageCatalog } from '../../test/message-catalog.ts';

describe('isMessageCatalog', () => {
  it('knows a catalog by its magic number in either byte order', () => {
    expect(isMessageCatalog(messageCatalog([['Hello', 'Bonjour']], 'le'))).toBe(true);
    expect(isMessageCatalog(messageCatalog([['Hello', 'Bonjour']], 'be'))).toBe(true);
  });

  it('takes nothing else for one', () => {
    expect(isMessageCatalog(Buffer.from('\x7fELF\x02\x01\x01\0', 'latin1'))).toBe(false);
    expect(isMessageCatalog(Buffer.from([0xde, 0x12, 0x04]))).toBe(false);
    expect(isMessageCatalog(Buffer.from([0x95, 0x04, 0x12, 0xdf]))).toBe(false);
    expect(isMessageCatalog(new Uint8Array(0))).toBe(false);
  });
});
