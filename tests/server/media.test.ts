import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { graphqlUpload, imageFile, largeImageFile, storedMedia, videoFile } from './mediaFixtures';

let app: TestApp;
let member: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  app = await createTestApp();
  member = await registerAndLogin(app);
});
afterAll(() => app?.dispose());

const CREATE = `mutation Create($input: CreatePublicationInput!) {
  createPublication(input: $input) {
    __typename
    ... on Error { message }
    ... on CreatePublicationSuccess { publication { content media { filename fileType mimeType durationSeconds width height url thumbnailUrl } } }
  }
}`;

const UPLOAD_PHOTOS = `mutation Upload($files: [File!]!, $title: String) {
  uploadGalleryMedia(kind: PHOTO, files: $files, title: $title) {
    __typename ... on Error { message } ... on UploadGalleryMediaSuccess { items { title } }
  }
}`;

function uploadForm(field: string, ...files: File[]) {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  return form;
}

describe('uploads are checked by content and size', () => {
  it('refuses an image over 10 MB with 413 and stores nothing', async () => {
    const before = storedMedia(app);
    const big = await largeImageFile('huge.png', 10 * 1024 * 1024 + 1);

    const rest = await app.request('POST', '/media/upload', { token: member.token, body: uploadForm('photo', big) });
    expect(rest.status).toBe(413);
    expect((await rest.json()).detail).toBe('Файл huge.png слишком большой (максимум 10MB)');

    const graphql = await graphqlUpload(
      app,
      CREATE,
      { input: { content: 'с большим файлом', media: [null] } },
      { 'input.media.0': big },
      member.token,
    );
    expect(graphql.data?.createPublication).toEqual({
      __typename: 'FileTooLargeError',
      message: 'Файл huge.png слишком большой (максимум 10MB)',
    });
    expect(await app.db.prisma.publication.count({ where: { content: 'с большим файлом' } })).toBe(0);
    expect(storedMedia(app)).toEqual(before);
  });

  it('refuses a file named .jpg that is not an image, whatever its declared type', async () => {
    const fake = new File(['<script>alert(1)</script>'], 'photo.jpg', { type: 'image/jpeg' });
    const rest = await app.request('POST', '/media/upload', { token: member.token, body: uploadForm('photo', fake) });
    expect(rest.status).toBe(415);
    expect((await rest.json()).detail).toBe('Файл photo.jpg не является изображением');

    // A JPEG signature followed by garbage is not an image either: it must decode.
    const truncated = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8])], 'broken.jpg');
    const broken = await app.request('POST', '/publications/upload-media', {
      token: member.token,
      body: uploadForm('files', truncated),
    });
    expect(broken.status).toBe(415);
    expect((await broken.json()).detail).toBe('Файл broken.jpg не является изображением');

    const graphql = await graphqlUpload(
      app,
      CREATE,
      { input: { content: 'x', media: [null] } },
      { 'input.media.0': fake },
      member.token,
    );
    expect(graphql.data?.createPublication).toEqual({
      __typename: 'UnsupportedFileTypeError',
      message: 'Файл photo.jpg не является изображением или видео',
    });
  });

  it('refuses a video in the photo gallery and a batch in which one file is wrong, keeping none of it', async () => {
    const before = storedMedia(app);
    const batch = await graphqlUpload(
      app,
      UPLOAD_PHOTOS,
      { files: [null, null] },
      { 'files.0': await imageFile('ok.png'), 'files.1': videoFile('clip.mp4') },
      member.token,
    );
    expect(batch.data?.uploadGalleryMedia).toEqual({
      __typename: 'UnsupportedFileTypeError',
      message: 'Файл clip.mp4 не является изображением',
    });
    expect(storedMedia(app)).toEqual(before);
  });

  it('answers a request over the size limit with 413 before reading it', async () => {
    const small = await createTestApp({ maxRequestBytes: 1024 * 1024 });
    try {
      // A browser declares the length of what it uploads.
      const response = await small.request('POST', '/graphql', {
        body: 'x'.repeat(1024 * 1024 + 1),
        headers: {
          'accept-language': 'en',
          'content-length': String(1024 * 1024 + 1),
          'content-type': 'multipart/form-data; boundary=x',
        },
      });
      expect(response.status).toBe(413);
      expect((await response.json()).detail).toBe('The request is too large: at most 1 MB at a time');
    } finally {
      await small.dispose();
    }
  });
});

describe('GET /publications/media/{filename}', () => {
  it('refuses names that try to leave the media folder and answers 404 for unknown files', async () => {
    for (const name of [
      '..%2F..%2Fpackage.json',
      '..%2fconfig.ts',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      'x%00.jpg',
      'package.json',
      '%ZZ.jpg',
    ]) {
      for (const prefix of ['', '/api']) {
        const response = await app.request('GET', `${prefix}/publications/media/${name}`);
        expect(response.status, `${prefix} ${name}`).toBe(400);
        expect(await response.json()).toEqual({ detail: 'Недопустимое имя файла' });
      }
    }
    const unknown = await app.request('GET', `/publications/media/${crypto.randomUUID()}.jpg`);
    expect(unknown.status).toBe(404);
  });

  it('serves an image and its server-made thumbnail with the right types and caching', async () => {
    const created = await graphqlUpload(
      app,
      CREATE,
      { input: { content: 'фото', media: [null] } },
      { 'input.media.0': await imageFile('wide.png', { width: 1600, height: 800 }) },
      member.token,
    );
    const [media] = created.data.createPublication.publication.media;
    const original = await app.request('GET', media.url, { headers: { accept: 'text/html' } });
    expect(original.headers.get('content-type')).toBe('image/png');
    expect(original.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = original.headers.get('etag')!;
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(1600);

    const thumbnail = await app.request('GET', media.thumbnailUrl);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 240]);

    const revalidated = await app.request('GET', media.url, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
  });

  it('stores a video with its duration, serves byte ranges, and its thumbnail is a real frame', async () => {
    const created = await graphqlUpload(
      app,
      CREATE,
      { input: { content: 'видео', media: [null] } },
      { 'input.media.0': videoFile('red.mp4', 'red', '320x240') },
      member.token,
    );
    expect(created.data?.createPublication.__typename, JSON.stringify(created)).toBe('CreatePublicationSuccess');
    const [video] = created.data.createPublication.publication.media;
    expect(video).toMatchObject({ fileType: 'VIDEO', mimeType: 'video/mp4', width: 320, height: 240 });
    expect(video.durationSeconds).toBeCloseTo(2, 0);

    const whole = await app.request('GET', video.url);
    const size = (await whole.arrayBuffer()).byteLength;
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');

    const part = await app.request('GET', video.url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    const tail = await app.request('GET', video.url, { headers: { range: 'bytes=-10' } });
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    const beyond = await app.request('GET', video.url, { headers: { range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);

    const thumbnail = await app.request('GET', video.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    const image = sharp(Buffer.from(await thumbnail.arrayBuffer()));
    const meta = await image.metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 240]);
    // A frame of a red video is red.
    const { channels } = await image.stats();
    expect(channels[0]!.mean).toBeGreaterThan(200);
    expect(channels[1]!.mean).toBeLessThan(60);
    expect(channels[2]!.mean).toBeLessThan(60);
  });

  it('refuses a file that claims to be a video but is not one', async () => {
    const fake = new Uint8Array(4096);
    fake.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42')]);
    const response = await app.request('POST', '/publications/upload-media', {
      token: member.token,
      body: uploadForm('files', new File([fake], 'movie.mp4')),
    });
    expect(response.status).toBe(415);
    expect((await response.json()).detail).toBe('Файл movie.mp4 не является видео');
  });
});
