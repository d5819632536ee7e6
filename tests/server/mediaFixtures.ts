import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { multipartOperation, type TestApp } from '../support/app';

/** A real PNG or JPEG of one colour, made with sharp. */
export async function imageFile(
  name: string,
  opts: { width?: number; height?: number; color?: string; format?: 'png' | 'jpeg' } = {},
) {
  const { width = 640, height = 480, color = '#2b6cb0', format = 'png' } = opts;
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  const bytes = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: `image/${format}` });
}

/**
 * A real image larger than `bytes`: random pixels do not compress, so the PNG stays big.
 * (A file of zeros with a PNG header would be refused as unreadable, not as too large.)
 */
export async function largeImageFile(name: string, bytes: number) {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 16;
  const noise = new Uint8Array(side * side * 3);
  for (let i = 0; i < noise.length; i += 65536) crypto.getRandomValues(noise.subarray(i, Math.min(i + 65536, noise.length)));
  const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  if (png.byteLength <= bytes) throw new Error('fixture too small');
  return new File([new Uint8Array(png)], name, { type: 'image/png' });
}

/** A two-second MP4 (H.264) of one colour, made with ffmpeg (the same tool the server uses). */
export function videoFile(name: string, color = 'red', size = '320x240'): File {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-video-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `color=c=${color}:s=${size}:d=2:r=25`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      file,
    ]);
    return new File([new Uint8Array(fs.readFileSync(file))], name, { type: 'video/mp4' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A GraphQL request with files (see multipartOperation) as the member with `token`. */
export async function graphqlUpload<T = any>(
  app: TestApp,
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, File>,
  token?: string,
): Promise<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }> {
  const response = await app.request('POST', '/graphql', {
    body: multipartOperation(query, variables, files),
    token,
    headers: { accept: 'application/graphql-response+json' },
  });
  return response.json();
}

/** Every file in the app's media folder. */
export const storedMedia = (app: TestApp) => {
  const folder = path.join(app.dataDir, 'media');
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
};
