import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { keptByContent } from '../src/http/compressed-answers.js';
import { dbKinds } from './helpers/database.js';
import { createSite } from './helpers/factories.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const brotli = (buffer: Buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } });

describe('compressed answers kept by content (issue 31)', () => {
  it('gives the bytes zlib gives, compressing an answer sent before only once', () => {
    let calls = 0;
    const compress = keptByContent((buffer) => {
      calls += 1;
      return brotli(buffer);
    });
    const answer = Buffer.from(JSON.stringify({ name: 'Site', texts: 'x'.repeat(1500) }));
    const first = compress(answer);
    const second = compress(Buffer.from(answer));
    const third = compress(Buffer.from(answer));
    expect(first.equals(brotli(answer))).toBe(true);
    expect(second.equals(first)).toBe(true);
    // Seen once: compressed and not kept; the second time kept, the third sent as kept.
    expect(third).toBe(second);
    expect(calls).toBe(2);
    expect(zlib.brotliDecompressSync(third).equals(answer)).toBe(true);
  });

  it('compresses different answers apart, and large ones every time', () => {
    let calls = 0;
    const compress = keptByContent((buffer) => {
      calls += 1;
      return brotli(buffer);
    });
    const a = Buffer.from(JSON.stringify({ member: 1, name: 'Anna' }));
    const b = Buffer.from(JSON.stringify({ member: 2, name: 'Bert' }));
    for (let round = 0; round < 3; round++) {
      expect(zlib.brotliDecompressSync(compress(a)).equals(a)).toBe(true);
      expect(zlib.brotliDecompressSync(compress(b)).equals(b)).toBe(true);
    }
    expect(calls).toBe(4);
    const large = Buffer.from('y'.repeat(20_000));
    compress(large);
    compress(large);
    compress(large);
    expect(calls).toBe(7);
  });

  it('keeps at most 2048 answers, dropping the least recently sent', () => {
    let calls = 0;
    const compress = keptByContent((buffer) => {
      calls += 1;
      return brotli(buffer);
    });
    const answer = (n: number) => Buffer.from(`{"n":${n}}`);
    const twice = (n: number) => {
      compress(answer(n));
      compress(answer(n));
    };
    for (let n = 0; n < 2048; n++) twice(n);
    compress(answer(0)); // sent again: now the most recent
    twice(2048); // drops answer 1
    calls = 0;
    compress(answer(0));
    expect(calls).toBe(0);
    compress(answer(1));
    expect(calls).toBe(1);
  });
});

describe.each(dbKinds())('compressed answers of the app (%s)', (kind) => {
  let server: TestServer | undefined;
  afterAll(async () => server?.close());

  it('sends settings.php compressed with brotli, the same bytes each time, decoding to the plain answer', async () => {
    server = await startTestServer(kind);
    await createSite(server.database.db, { is_default: true, domain: '127.0.0.1' });
    const get = async (encoding: string) => {
      const answer = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${server?.url}/api/settings.php`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      return answer;
    };
    const plain = await get('identity');
    const first = await get('br');
    const second = await get('br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-encoding']).toBe('br');
    expect(second.body.equals(first.body)).toBe(true);
    expect(zlib.brotliDecompressSync(second.body).equals(plain.body)).toBe(true);
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
  });
});
