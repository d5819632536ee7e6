import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { imageFile } from './mediaFixtures';

/** The admin media library (issue 14 point 7): the register of stored files, GET/PATCH/DELETE /admin/media. */
let app: TestApp;
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
let admin: Member;
let moderator: Member;
let member: Member;

async function withRole(role: 'admin' | 'moderator') {
  const account = await registerAndLogin(app);
  await app.services.prisma.user.update({ where: { id: account.user.id }, data: { role } });
  return account;
}

async function call(method: string, url: string, token?: string, json?: unknown) {
  const response = await app.request(method, url, { token, json });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function uploadPublicationImage(owner: Member, name = 'photo.png') {
  const form = new FormData();
  form.append('files', await imageFile(name));
  const response = await app.request('POST', '/publications/upload-media', { token: owner.token, body: form });
  expect(response.status).toBe(201);
  const { files } = await response.json();
  const created = await app.request('POST', '/publications/', {
    token: owner.token,
    json: { content: 'С картинкой', media_files: [files[0].filename] },
  });
  expect(created.status).toBe(201);
  return { filename: files[0].filename as string, publication: await created.json() };
}

async function uploadAvatar(owner: Member) {
  const form = new FormData();
  form.append('type', 'avatar');
  form.append('file', await imageFile('me.jpg', { format: 'jpeg' }));
  const response = await app.request('POST', '/users/upload-image', { token: owner.token, body: form });
  expect(response.status).toBe(200);
  return (await response.json()).image_url as string;
}

const rowOf = (filename: string) => app.services.prisma.mediaFile.findUniqueOrThrow({ where: { filename } });
const storedFile = (...parts: string[]) => path.join(app.dataDir, ...parts);

beforeAll(async () => {
  app = await createTestApp();
  admin = await withRole('admin');
  moderator = await withRole('moderator');
  member = await registerAndLogin(app);
});
afterAll(() => app?.dispose());

describe('every upload is recorded in the register', () => {
  it('publication media and avatars get a row with uploader, kind, size and type; a replaced avatar leaves it', async () => {
    const { filename } = await uploadPublicationImage(member);
    const media = await rowOf(filename);
    expect(media).toMatchObject({
      kind: 'publication',
      uploaderId: member.user.id,
      mimeType: 'image/png',
      originalName: 'photo.png',
    });
    expect(media.size).toBe(fs.statSync(storedFile('media', filename)).size);

    const first = await uploadAvatar(member);
    const firstName = path.basename(first);
    expect(await rowOf(firstName)).toMatchObject({ kind: 'avatar', uploaderId: member.user.id, mimeType: 'image/jpeg' });
    const second = await uploadAvatar(member);
    expect(await app.services.prisma.mediaFile.count({ where: { filename: firstName } })).toBe(0);
    expect(await rowOf(path.basename(second))).toMatchObject({ kind: 'avatar' });
  });
});

describe('the media library rows refuse members and moderators', () => {
  const rows: [string, string, unknown?][] = [
    ['GET', '/admin/media'],
    ['PATCH', '/admin/media/1', { alt_text: 'x' }],
    ['DELETE', '/admin/media/1'],
  ];
  it.each(rows)('%s %s', async (method, url, body) => {
    expect((await call(method, url, undefined, body)).status).toBe(401);
    for (const caller of [member, moderator]) {
      expect(await call(method, url, caller.token, body)).toEqual({
        status: 403,
        body: { detail: 'Недостаточно прав для этого действия' },
      });
    }
  });
});

describe('GET /admin/media', () => {
  it('lists every stored file newest first, with the spec’s fields, paged', async () => {
    const { filename } = await uploadPublicationImage(member, 'newest.png');
    const page = await call('GET', '/admin/media?limit=1', admin.token);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(await app.services.prisma.mediaFile.count());
    expect(page.body.media_files).toHaveLength(1);
    const [file] = page.body.media_files;
    expect(file).toEqual({
      id: (await rowOf(filename)).id,
      filename,
      stored_name: filename,
      original_name: 'newest.png',
      url: `/publications/media/${filename}`,
      size: expect.any(Number),
      size_text: expect.stringMatching(/^\d+(\.\d{2})? (Bytes|KB|MB)$/),
      mime_type: 'image/png',
      file_type: 'image',
      kind: 'publication',
      description: null,
      alt_text: null,
      created_at: expect.any(String),
      uploader: {
        id: member.user.id,
        first_name: member.user.first_name,
        last_name: member.user.last_name,
        email: member.user.email,
      },
    });
    expect(page.body.next_cursor).toEqual(expect.any(String));
    const next = await call('GET', `/admin/media?limit=1&after=${encodeURIComponent(page.body.next_cursor)}`, admin.token);
    expect(next.body.media_files[0].id).toBeLessThan(file.id);
  });
});

describe('PATCH /admin/media/{id}', () => {
  it('edits the shown name, description and alt text, audited; the publication image then carries the alt text', async () => {
    const { filename, publication } = await uploadPublicationImage(member);
    const { id } = await rowOf(filename);
    const answer = await call('PATCH', `/admin/media/${id}`, admin.token, {
      filename: 'Закат.png',
      description: 'Вечер на море',
      alt_text: 'Солнце садится в море',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      filename: 'Закат.png',
      stored_name: filename,
      description: 'Вечер на море',
      alt_text: 'Солнце садится в море',
      message: 'Информация о файле обновлена!',
    });
    const entry = await app.services.prisma.auditEntry.findFirstOrThrow({
      where: { action: 'media.update', targetId: String(id) },
    });
    expect(entry).toMatchObject({ actorId: admin.user.id, targetType: 'media' });
    expect(entry.after).toMatchObject({ altText: 'Солнце садится в море' });

    const seen = await app.graphql(
      `query($id: ID!) { node(id: $id) { ... on Publication { media { filename altText } } } }`,
      { id: await publicationGlobalId(publication.id) },
      { token: member.token },
    );
    expect(seen.data.node.media).toEqual([{ filename, altText: 'Солнце садится в море' }]);

    // A blank alt text removes it; a name with a slash is refused with a translated 422.
    expect((await call('PATCH', `/admin/media/${id}`, admin.token, { alt_text: '' })).body.alt_text).toBeNull();
    const bad = await app.request('PATCH', `/admin/media/${id}`, {
      token: admin.token,
      json: { filename: '../x' },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('A file name cannot contain / or \\\\');
  });

  it('is 404 for a file that does not exist', async () => {
    const answer = await call('PATCH', '/admin/media/999999', admin.token, { alt_text: 'x' });
    expect(answer).toEqual({ status: 404, body: { detail: 'Файл не найден' } });
  });
});

describe('DELETE /admin/media/{id}', () => {
  it('removes the file from storage, audited; the publication keeps its place and the file answers 404', async () => {
    const { filename } = await uploadPublicationImage(member);
    const { id } = await rowOf(filename);
    expect(fs.existsSync(storedFile('media', filename))).toBe(true);
    const answer = await call('DELETE', `/admin/media/${id}`, admin.token);
    expect(answer).toEqual({ status: 200, body: { success: true, message: 'Файл удален!' } });
    expect(fs.existsSync(storedFile('media', filename))).toBe(false);
    expect(await app.services.prisma.mediaFile.count({ where: { id } })).toBe(0);
    expect(await app.services.prisma.auditEntry.count({ where: { action: 'media.delete', targetId: String(id) } })).toBe(1);
    expect((await app.request('GET', `/publications/media/${filename}`, { token: member.token })).status).toBe(404);
    expect((await app.request('GET', '/publications/feed?limit=50', { token: member.token })).status).toBe(200);

    // Deleting what is gone.
    expect(await call('DELETE', `/admin/media/${id}`, admin.token)).toEqual({ status: 404, body: { detail: 'Файл не найден' } });
  });

  it('an avatar deleted from the library leaves the profile without one (initials)', async () => {
    const owner = await registerAndLogin(app);
    const url = await uploadAvatar(owner);
    const { id } = await rowOf(path.basename(url));
    expect((await call('DELETE', `/admin/media/${id}`, admin.token)).status).toBe(200);
    expect(fs.existsSync(storedFile('uploads', 'avatars', path.basename(url)))).toBe(false);
    expect((await app.services.prisma.user.findUniqueOrThrow({ where: { id: owner.user.id } })).avatarImage).toBeNull();
    expect((await app.request('GET', url)).status).toBe(404);
  });
});

async function publicationGlobalId(id: number) {
  const { encodeGlobalID } = await import('@pothos/plugin-relay');
  return encodeGlobalID('Publication', String(id));
}
