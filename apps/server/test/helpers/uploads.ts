import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { CLIENT_HEADER } from '@app/contracts';
import sharp from 'sharp';

/** A JPEG of `width`x`height` with EXIF camera and GPS data, as phones write them. */
export async function jpegWithGps(width = 640, height = 480, orientation?: number): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 60 } } }).withExif({
    IFD0: { Make: 'TestCam', Model: 'Phone 1' },
    IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 22/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 53/1 24/1' },
  });
  if (orientation) img = img.withMetadata({ orientation });
  return img.jpeg().toBuffer();
}

/**
 * POSTs multipart/form-data over node:http (so Host can be set): the text `fields`, then `file` as
 * the part `file` (image/jpeg), with the client header and the session cookie `sid` when given.
 */
export function postMultipart(
  url: string,
  opts: { fields?: Record<string, string>; file: Buffer; filename?: string; sid?: string; host?: string },
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(opts.fields ?? {}).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.filename ?? 'photo.jpg'}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    opts.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const body = Buffer.concat(parts);
  const headers: Record<string, string> = {
    [CLIENT_HEADER.name]: CLIENT_HEADER.value,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(body.length),
  };
  if (opts.sid) headers.cookie = `sid=${opts.sid}`;
  if (opts.host) headers.host = opts.host;
  // biome-ignore lint/suspicious/noExplicitAny: test responses are checked by the assertions
  return new Promise<{ status: number; json: any }>((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
