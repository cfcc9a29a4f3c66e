// Does an upload stream to the blob store, or does the server hold it in memory? Starts the
// real server (PGlite, a temp data directory, scans held back so only the upload is measured),
// then sends a 100 MiB baseline and a 1 GiB file, each as a resumable (tus) upload in 256 MiB
// PATCHes and as one multipart POST, with bytes generated on the fly (the client holds no file
// either). Prints the server process's peak RSS during each upload (sampled from /proc every
// 50 ms) and its throughput. Printed, never asserted: flat memory means the 1 GiB peak is
// close to the 100 MiB one.
//
//   node bench/upload/streaming-memory.ts [--gib 1]
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ApiSession } from '../../e2e/support/api-session.ts';
import { startServer } from '../../e2e/support/server-process.ts';

const MIB = 1024 * 1024;
const { values } = parseArgs({ options: { gib: { type: 'string', default: '1' } } });
const largeBytes = Math.round(Number(values.gib) * 1024 * MIB);

const server = await startServer({
  env: { BINLENS_TEST_SCAN_DELAY_MS: '3600000', BINLENS_MAX_UPLOAD_BYTES: String(largeBytes + MIB) },
});
try {
  const session = new ApiSession(server.baseUrl);
  await session.login(server.adminEmail, server.adminPassword);
  const group = await session.json<{ id: number }>('POST', '/rest/groups/', { name: 'Upload bench' });
  const port = Number(new URL(server.baseUrl).port);

  /** Bytes made as they are read, 1 MiB at a time, different for each `seed`. */
  const generated = (size: number, seed: number) => {
    let sent = 0;
    return new Readable({
      read() {
        if (sent >= size) return void this.push(null);
        const chunk = Buffer.alloc(Math.min(MIB, size - sent), (sent / MIB + seed) % 251);
        sent += chunk.length;
        this.push(chunk);
      },
    });
  };

  const send = (method: string, path: string, headers: Record<string, string>, body: Readable | null) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, method, path, headers: { ...session.headersFor(method), ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      });
      outgoing.on('error', reject);
      if (body) body.pipe(outgoing);
      else outgoing.end();
    });

  const peakDuring = async (work: () => Promise<void>) => {
    let peak = 0;
    const sample = async () => {
      const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
      peak = Math.max(peak, Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
    };
    await sample();
    const timer = setInterval(() => void sample(), 50);
    const started = performance.now();
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
    await sample();
    return { peak, seconds: (performance.now() - started) / 1000 };
  };

  const tus = async (size: number, seed: number) => {
    const created = await send('POST', '/rest/uploads/', {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from(`tus-${size}.bin`).toString('base64')},group ${Buffer.from(String(group.id)).toString('base64')}`,
    }, null);
    if (created.status !== 201) throw new Error(`creation: ${created.status} ${created.text}`);
    const location = String(created.headers.location);
    for (let offset = 0; offset < size; offset += 256 * MIB) {
      const length = Math.min(256 * MIB, size - offset);
      const patched = await send('PATCH', location, {
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(length),
      }, generated(length, seed + offset / MIB));
      if (patched.status !== 204) throw new Error(`PATCH at ${offset}: ${patched.status} ${patched.text}`);
    }
  };

  const multipart = async (size: number, seed: number) => {
    const boundary = 'binlens-bench-boundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="multipart-${size}.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Readable.from((async function* () {
      yield head;
      for await (const chunk of generated(size, seed)) yield chunk as Buffer;
      yield tail;
    })());
    const posted = await send('POST', `/rest/groups/${group.id}/upload/`, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    }, body);
    if (posted.status !== 201) throw new Error(`multipart: ${posted.status} ${posted.text}`);
  };

  const mb = (bytes: number) => `${(bytes / MIB).toFixed(0)} MiB`;
  console.log(`server pid ${server.pid}; peak RSS of the server process during each upload`);
  console.log('upload              size       peak RSS    time     throughput');
  let seed = 0;
  for (const [name, run] of [['tus (256 MiB PATCHes)', tus], ['multipart POST', multipart]] as const) {
    for (const size of [100 * MIB, largeBytes]) {
      seed += 7;
      const { peak, seconds } = await peakDuring(() => run(size, seed));
      console.log(`${name.padEnd(22)}${mb(size).padStart(9)}  ${mb(peak).padStart(9)}  ${seconds.toFixed(1).padStart(6)} s  ${(size / MIB / seconds).toFixed(0).padStart(5)} MiB/s`);
    }
  }
} finally {
  await server.stop();
}
