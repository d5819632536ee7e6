import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipartOperation, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { resizeImage } from '../../server/src/storage/mediaProcessing';
import { detectFileType } from '../../server/src/storage/fileTypes';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const picture = (width: number, height: number, format: 'png' | 'jpeg') => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });
  return image[format]().toBuffer();
};

function uploadForm(file: Blob | Uint8Array<ArrayBuffer>, name: string, type: 'avatar' | 'cover') {
  const form = new FormData();
  form.append('type', type);
  form.append('file', new File([file], name));
  return form;
}

// `/uploads/<folder>/<name>` is kept at `<dataDir>/uploads/<folder>/<name>`.
const storedPath = (url: string) => path.join(app.dataDir, url);

const storedFiles = () =>
  ['avatars', 'covers'].flatMap((folder) => {
    const dir = path.join(app.dataDir, 'uploads', folder);
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
  });

describe('image content checks', () => {
  it('recognises JPEG, PNG, GIF and WebP by their first bytes, and not text or a cut-off header', async () => {
    const mime = (bytes: Uint8Array) => detectFileType(bytes)?.mime ?? null;
    expect(mime(await picture(4, 4, 'jpeg'))).toBe('image/jpeg');
    expect(mime(await picture(4, 4, 'png'))).toBe('image/png');
    expect(mime(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(mime(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(mime(Buffer.from('hello, I am text'))).toBeNull();
    expect(mime(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('resizes without enlarging and refuses bytes that only look like an image', async () => {
    const small = await resizeImage(await picture(100, 50, 'png'), { width: 256, height: 256, fit: 'inside' }, 40e6);
    expect([small.width, small.height]).toEqual([100, 50]);
    const header = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('garbage')]);
    await expect(resizeImage(header, { width: 10, height: 10, fit: 'cover' }, 40e6)).rejects.toThrow('not a decodable image');
  });
});

describe('avatar and cover upload', () => {
  it('accepts a PNG named .jpg, stores it resized, serves it cached, and deletes it when replaced', async () => {
    const { token, user } = await registerAndLogin(app);
    const first = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(await picture(1200, 800, 'png'), 'holiday.jpg', 'avatar'),
    });
    expect(first.status).toBe(200);
    const { success, image_url: firstUrl } = await first.json();
    expect(success).toBe(true);
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/);
    expect(await sharp(storedPath(firstUrl)).metadata()).toMatchObject({ width: 256, height: 256, format: 'jpeg' });

    const served = await app.request('GET', firstUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.get('etag')!;
    expect((await app.request('GET', firstUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);

    const profile = await (await app.request('GET', '/auth/me', { token })).json();
    expect(profile).toMatchObject({ avatar_image: firstUrl, avatar: firstUrl });

    const second = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(await picture(300, 300, 'jpeg'), 'me.jpeg', 'avatar'),
    });
    const secondUrl = (await second.json()).image_url;
    expect(secondUrl).not.toBe(firstUrl);
    expect(fs.existsSync(storedPath(secondUrl))).toBe(true);
    expect(fs.existsSync(storedPath(firstUrl))).toBe(false);
    expect((await app.request('GET', firstUrl)).status).toBe(404);
    expect((await app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).avatarImage).toBe(secondUrl);
  });

  it('keeps a cover whole within 1600x900', async () => {
    const { token } = await registerAndLogin(app);
    const response = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(await picture(3200, 1000, 'jpeg'), 'cover.jpg', 'cover'),
    });
    const url = (await response.json()).image_url;
    expect(url).toMatch(/^\/uploads\/covers\//);
    expect(await sharp(storedPath(url)).metadata()).toMatchObject({ width: 1600, height: 500 });
  });

  it("refuses a text file named .png, a GIF and anything over 5 MB with the spec's texts, storing nothing", async () => {
    const { token, user } = await registerAndLogin(app);
    const filesBefore = storedFiles();
    const text = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(new Blob(['just some text, not a picture']), 'photo.png', 'avatar'),
    });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ detail: 'Поддерживаются только файлы JPG и PNG' });

    const gif = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(new Blob([Buffer.from('GIF89a\x01\x00\x01\x00')]), 'anim.gif', 'avatar'),
      headers: { 'accept-language': 'fr' },
    });
    expect(gif.status).toBe(415);
    expect(await gif.json()).toEqual({ detail: 'Seuls les fichiers JPG et PNG sont acceptés' });

    const png = await picture(10, 10, 'png');
    const huge = Buffer.concat([png, Buffer.alloc(5_242_880 - png.length + 1)]);
    const tooLarge = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(new Blob([huge]), 'big.png', 'cover'),
    });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ detail: 'Размер файла не должен превышать 5MB' });

    const noFile = new FormData();
    noFile.append('type', 'avatar');
    const missing = await app.request('POST', '/users/upload-image', { token, body: noFile });
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail).toBe('Выберите файл');

    const stored = await app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect([stored.avatarImage, stored.coverImage]).toEqual([null, null]);
    const unknownKind = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(await picture(10, 10, 'png'), 'a.png', 'banner' as 'cover'),
    });
    expect(unknownKind.status).toBe(400);

    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes a GraphQL multipart upload and answers with the typed result', async () => {
    const { token } = await registerAndLogin(app);
    const query = `mutation($kind: ProfileImageKind!, $file: File!) {
      uploadProfileImage(kind: $kind, file: $file) {
        __typename ... on ProfileChange { imageUrl user { avatarImage } } ... on Error { message }
      }
    }`;
    const ok = await app.request('POST', '/graphql', {
      token,
      body: multipartOperation(query, { kind: 'AVATAR' }, { file: new File([await picture(64, 64, 'png')], 'a.png') }),
    });
    const { data } = await ok.json();
    expect(data.uploadProfileImage.__typename).toBe('ProfileChange');
    expect(data.uploadProfileImage.user.avatarImage).toBe(data.uploadProfileImage.imageUrl);

    const refused = await app.request('POST', '/graphql', {
      token,
      body: multipartOperation(query, { kind: 'COVER' }, { file: new File(['<svg/>'], 'x.png') }),
      headers: { 'accept-language': 'en' },
    });
    expect((await refused.json()).data.uploadProfileImage).toEqual({
      __typename: 'UnsupportedFileTypeError',
      message: 'Only JPG and PNG files are supported',
    });
  });

  it('still serves an avatar stored under the older 32-digit name', async () => {
    const url = '/uploads/avatars/0123456789abcdef0123456789abcdef.png';
    fs.mkdirSync(path.dirname(storedPath(url)), { recursive: true });
    fs.writeFileSync(storedPath(url), await picture(8, 8, 'png'));
    const served = await app.request('GET', url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('serves only generated names from the upload folders', async () => {
    for (const url of [
      '/uploads/avatars/..%2f..%2ftoken-secret',
      '/uploads/avatars/x.jpg',
      '/uploads/other/0123456789abcdef0123456789abcdef.jpg',
    ]) {
      expect((await app.request('GET', url)).status, url).toBe(404);
    }
  });
});

describe('images with too many pixels', () => {
  /** A valid PNG header claiming width x height, followed by a few pixels' worth of data: a decompression bomb's shape. */
  async function claimedSize(width: number, height: number) {
    const png = Buffer.from(await picture(4, 4, 'png'));
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29); // the IHDR chunk's CRC covers its type and data
    return new Uint8Array(png);
  }

  it('refuses them from the header, before decoding, with 413 and the configured limit', async () => {
    const { token } = await registerAndLogin(app);
    const avatar = await app.request('POST', '/users/upload-image', {
      token,
      body: uploadForm(await claimedSize(9000, 5000), 'huge.png', 'avatar'),
      headers: { 'accept-language': 'en' },
    });
    expect(avatar.status).toBe(413);
    expect(await avatar.json()).toEqual({ detail: 'The image huge.png is too large (maximum 40 megapixels)' });

    const form = new FormData();
    form.append('content', 'bomb');
    form.append('files', new File([await claimedSize(20000, 20000)], 'bomb.png'));
    const media = await app.request('POST', '/publications/', { token, body: form });
    expect(media.status).toBe(413);
    expect(await app.services.prisma.publication.count({ where: { content: 'bomb' } })).toBe(0);
  });
});
