import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3FileStore } from '../../server/src/storage/s3FileStore';
import type { FileStore } from '../../server/src/storage/fileStore';
import { openOnPostgres, type Database } from '../../server/src/database/open';
import { listPlans } from '../../server/src/services/subscriptions';
import { attachmentUrl } from '../../server/src/services/messageAttachments';
import { roomFileUrl } from '../../server/src/services/roomFiles';
import { createTestDatabase } from '../support/database';
import { registerAndLogin } from '../support/members';
import { forgedLink } from '../support/signedLinks';
import { startS3rver } from '../support/s3rver';
import { serverProcesses } from '../support/serverProcess';
import { imageFile } from './mediaFixtures';
import { JOIN_ROOM, roomGlobalId } from './meetingSupport';
import { freePort } from '../support/freePort';

/**
 * Media on S3-compatible storage (issue 20 point 6), against s3rver: the file store itself, then two
 * real server processes with separate data folders sharing one PostgreSQL database and one bucket,
 * so a file uploaded through one can only be downloaded through the other if it went to the bucket.
 */
const request = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Request(`http://localhost/${url}`, { method, headers });
const bytesOf = async (response: Response | null) => Buffer.from(await response!.arrayBuffer());

describe('the S3 file store', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let store: FileStore;

  beforeAll(async () => {
    s3 = await startS3rver();
    store = createS3FileStore(s3.config, 'uploads/test', { cacheControl: 'private, max-age=3600' });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('stores, serves with ranges and revalidation, gives local copies, and removes', async () => {
    const bytes = randomBytes(5000);
    const name = await store.storeUpload(bytes, { extension: '.pdf' });
    expect(await store.exists(name)).toBe(true);

    const whole = await store.serve(request(name), name);
    expect(whole!.status).toBe(200);
    expect(whole!.headers.get('content-type')).toBe('application/pdf');
    expect(whole!.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await bytesOf(whole)).equals(bytes)).toBe(true);
    const etag = whole!.headers.get('etag')!;
    expect((await store.serve(request(name, { 'if-none-match': etag }), name))!.status).toBe(304);

    const part = await store.serve(request(name, { range: 'bytes=100-199' }), name);
    expect(part!.status).toBe(206);
    expect(part!.headers.get('content-range')).toBe('bytes 100-199/5000');
    expect((await bytesOf(part)).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await store.serve(request(name, { range: 'bytes=-10' }), name);
    expect((await bytesOf(tail)).equals(bytes.subarray(4990))).toBe(true);
    expect((await store.serve(request(name, { range: 'bytes=5000-' }), name))!.status).toBe(416);
    const head = await store.serve(request(name, {}, 'HEAD'), name);
    expect(head!.headers.get('content-length')).toBe('5000');

    let copy = '';
    const read = await store.withLocalCopy(name, async (file) => {
      copy = file;
      return fs.readFileSync(file);
    });
    expect(read!.equals(bytes)).toBe(true);
    expect(fs.existsSync(copy)).toBe(false);

    const thumbnail = await store.storeDerived(name, 'thumb', '.jpg', new Uint8Array(10));
    expect(await store.storedBefore(new Date(Date.now() + 60_000))).toEqual([name]);
    expect(await store.storedBefore(new Date(Date.now() - 60_000))).toEqual([]);
    expect(await store.storedBytes()).toBe(5010);

    await store.remove([name, thumbnail, '../secret', null]);
    expect(await store.exists(name)).toBe(false);
    expect(await store.serve(request(name), name)).toBeNull();
    expect(await store.withLocalCopy(name, async () => 'called')).toBeNull();
    expect(await store.storedBytes()).toBe(0);
    // Names the store never writes are not looked up at all.
    expect(await store.serve(request('x'), '../../etc/passwd')).toBeNull();
  });

  it('joins the pieces of a growing file when it completes, keeping a rewritten copy if asked', async () => {
    const name = `${crypto.randomUUID()}.webm`;
    const [first, second] = [randomBytes(100), randomBytes(50)];
    await store.writeGrowing(name, 0, first);
    await store.writeGrowing(name, 100, randomBytes(80));
    // The second piece sent again (its answer was lost): it replaces the first attempt.
    await store.writeGrowing(name, 100, second);
    expect(await store.exists(name)).toBe(false);

    const joined = await store.completeGrowing(name, async (growing) => ({ keep: growing, result: fs.readFileSync(growing) }));
    expect(joined.equals(Buffer.concat([first, second]))).toBe(true);
    expect((await bytesOf(await store.serve(request(name), name))).equals(joined)).toBe(true);
    // Only the finished file is left.
    expect(await store.storedBytes()).toBe(150);

    const rewritten = `${crypto.randomUUID()}.webm`;
    await store.writeGrowing(rewritten, 0, first);
    await store.completeGrowing(rewritten, async (_growing, scratch) => {
      fs.writeFileSync(scratch, 'rewritten');
      return { keep: scratch, result: null };
    });
    expect((await bytesOf(await store.serve(request(rewritten), rewritten))).toString()).toBe('rewritten');
    await store.remove([name, rewritten]);
  });
});

const postgres = process.env.DATABASE_URL_TEST;
const redis = process.env.REDIS_URL_TEST;
const TOKEN_SECRET = 's3-two-processes-test-secret';

describe.skipIf(!postgres)('two server processes sharing one bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  const dataDirs: string[] = [];
  const servers = serverProcesses();
  let a = '';
  let b = '';

  async function startProcess() {
    // Each process its own data folder: what one uploaded reaches the other only through the bucket.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-s3-process-'));
    dataDirs.push(dataDir);
    return servers.start(await freePort(), {
      ...s3.env,
      DATABASE_URL: database.url,
      REDIS_URL: redis ?? '',
      REDIS_KEY_PREFIX: `linkup-test-${crypto.randomUUID()}:`,
      DATA_DIR: dataDir,
      TOKEN_SECRET,
    });
  }

  beforeAll(async () => {
    s3 = await startS3rver();
    database = await createTestDatabase();
    // The first process migrates the empty database; the second finds nothing to do.
    a = await startProcess();
    b = await startProcess();
    db = await openOnPostgres(database.url, { migrate: false });
    await listPlans(db.prisma);
  }, 120_000);

  afterAll(async () => {
    await servers.stopAll();
    await db?.close();
    await database?.drop();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (base: string, url: string, token: string, body: FormData | string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body });
  const form = (entries: Record<string, string | File>) => {
    const data = new FormData();
    for (const [key, value] of Object.entries(entries)) data.append(key, value);
    return data;
  };
  const stored = (folder: string, url: string) =>
    createS3FileStore(s3.config, folder).exists(url.split('?')[0]!.split('/').at(-1)!);

  it('serves an avatar, a publication image and a message attachment uploaded through the other process', async () => {
    const anna = await registerAndLogin(a);
    const boris = await registerAndLogin(b);

    const avatar = await post(a, '/users/upload-image', anna.token, form({ type: 'avatar', file: await imageFile('me.png') }));
    expect(avatar.status).toBe(200);
    const { image_url: avatarUrl } = await avatar.json();
    const avatarThroughB = await fetch(`${b}${avatarUrl}`);
    expect(avatarThroughB.status).toBe(200);
    expect(await sharp(await bytesOf(avatarThroughB)).metadata()).toMatchObject({ width: 256, height: 256, format: 'jpeg' });
    expect(fs.readdirSync(dataDirs[0]!).includes('uploads')).toBe(false);
    // A new avatar replaces the old one in the bucket too.
    const replaced = await post(b, '/users/upload-image', anna.token, form({ type: 'avatar', file: await imageFile('new.png') }));
    expect(replaced.status).toBe(200);
    expect(await stored('uploads/avatars', avatarUrl)).toBe(false);
    expect((await fetch(`${a}${avatarUrl}`)).status).toBe(404);

    const picture = await imageFile('trip.png', { width: 1200, height: 600 });
    const media = await post(a, '/publications/upload-media', anna.token, form({ files: picture }));
    expect(media.status).toBe(201);
    const [image] = (await media.json()).files;
    const original = await fetch(`${b}${image.url}`);
    expect(original.headers.get('content-type')).toBe('image/png');
    expect((await bytesOf(original)).length).toBe(image.size);
    const thumbnail = await fetch(`${b}${image.thumbnail_url}`);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(await bytesOf(thumbnail)).metadata()).width).toBeLessThan(1200);
    const range = await fetch(`${b}${image.url}`, { headers: { range: 'bytes=0-7' } });
    expect(range.status).toBe(206);
    expect((await bytesOf(range)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);

    const note = Buffer.from('Через корзину S3\n');
    const sent = await post(
      a,
      '/messages',
      anna.token,
      form({ receiver_id: String(boris.user.id), files: new File([note], 'note.txt', { type: 'text/plain' }) }),
    );
    expect(sent.status).toBe(201);
    const [attachment] = (await sent.json()).attachments;
    const download = await fetch(`${b}${attachment.url}`);
    expect(download.status).toBe(200);
    expect((await bytesOf(download)).equals(note)).toBe(true);
    // The signed-link checks hold on either process: forged, unsigned and expired links are refused.
    expect((await fetch(`${b}${forgedLink(attachment.url)}`)).status).toBe(403);
    expect((await fetch(`${b}${attachment.url.split('?')[0]}`)).status).toBe(403);
    const filename = attachment.url.split('?')[0].split('/').at(-1);
    const secret = new TextEncoder().encode(TOKEN_SECRET);
    const expired = attachmentUrl(secret, filename, Date.now() - 3 * 3600_000);
    expect((await fetch(`${a}${expired}`)).status).toBe(403);
    expect((await fetch(`${b}${attachmentUrl(secret, filename)}`)).status).toBe(200);
  });

  it('resumes a room file upload started on one process through the other; deleting it removes the object', async () => {
    const owner = await registerAndLogin(a, { first_name: 'Ольга' });
    const plan = await db.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'professional' } });
    await db.prisma.userSubscription.create({
      data: { userId: owner.member.id, planId: plan.id, status: 'active', paymentMethod: 'transfer', activatedAt: new Date() },
    });
    const auth = { authorization: `Bearer ${owner.token}`, 'tus-resumable': '1.0.0' };
    const room = await post(a, '/api/zoomvisor/rooms', owner.token, JSON.stringify({ name: 'Файлы', type: 'group' }), {
      'content-type': 'application/json',
    });
    expect(room.status).toBe(201);
    const roomId = (await room.json()).id;

    const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 0x20);
    bytes.write('%PDF-1.4\n');
    const base64 = (value: string) => Buffer.from(value).toString('base64');
    const created = await fetch(`${a}/api/zoomvisor/uploads`, {
      method: 'POST',
      headers: {
        ...auth,
        'upload-length': String(bytes.length),
        'upload-metadata': `roomId ${base64(String(roomId))},filename ${base64('Отчёт.pdf')}`,
      },
    });
    expect(created.status).toBe(201);
    const uploadPath = new URL(created.headers.get('location')!, a).pathname;
    const patch = (base: string, offset: number, piece: Buffer) =>
      fetch(`${base}${uploadPath}`, {
        method: 'PATCH',
        headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(piece),
      });
    const half = 1024 * 1024 + 321;
    expect((await patch(a, 0, bytes.subarray(0, half))).status).toBe(204);

    // The other process knows where the upload stopped, and takes the rest.
    const offset = await fetch(`${b}${uploadPath}`, { method: 'HEAD', headers: auth });
    expect(offset.status).toBe(200);
    expect(offset.headers.get('upload-offset')).toBe(String(half));
    const finished = await patch(b, half, bytes.subarray(half));
    expect(finished.status).toBe(204);
    const fileId = Number(finished.headers.get('room-file-id'));
    expect((await fetch(`${a}${uploadPath}`, { method: 'HEAD', headers: auth })).status).toBe(404);

    const listed = await fetch(`${a}/api/zoomvisor/rooms/${roomId}/files`, { headers: auth });
    const [file] = (await listed.json()).files;
    expect(file).toMatchObject({ id: fileId, name: 'Отчёт.pdf', size: bytes.length });
    const download = await fetch(`${a}${file.url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expect((await bytesOf(download)).equals(bytes)).toBe(true);
    expect((await fetch(`${b}${forgedLink(file.url)}`)).status).toBe(403);
    const filename = decodeURIComponent(file.url.split('?')[0].split('/').at(-1));
    const expired = roomFileUrl(new TextEncoder().encode(TOKEN_SECRET), filename, Date.now() - 3 * 3600_000);
    expect((await fetch(`${b}${expired}`)).status).toBe(403);
    expect(await stored('uploads/room-files', filename)).toBe(true);
    // Nothing of the upload is left in the bucket once it became a room file.
    const unfinished = await createS3FileStore(s3.config, 'uploads/tus').storedBytes();
    expect(unfinished).toBe(0);

    const deleted = await fetch(`${b}/api/zoomvisor/rooms/${roomId}/files/${fileId}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    expect(await stored('uploads/room-files', filename)).toBe(false);
    expect((await fetch(`${a}${file.url}`)).status).toBe(404);
  });
  it('joins a recording whose pieces reached either process, plays it and makes its MP4 from the bucket', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-s3-recording-'));
    const file = path.join(dir, 'meeting.webm');
    execFileSync('ffmpeg', [
      '-v', 'error',
      '-f', 'lavfi', '-i', 'testsrc=s=160x120:d=3:r=10',
      '-f', 'lavfi', '-i', 'sine=f=440:d=3',
      '-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus', '-y', file,
    ]); // prettier-ignore
    const webm = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });

    const host = await registerAndLogin(a, { first_name: 'Ведущий' });
    const plan = await db.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: 'professional' } });
    await db.prisma.userSubscription.create({
      data: { userId: host.member.id, planId: plan.id, status: 'active', paymentMethod: 'transfer', activatedAt: new Date() },
    });
    const json = { 'content-type': 'application/json' };
    const room = await post(a, '/api/zoomvisor/rooms', host.token, JSON.stringify({ name: 'Запись', type: 'group' }), json);
    const roomId = (await room.json()).id;
    const joined = await post(
      a,
      '/graphql',
      host.token,
      JSON.stringify({ query: JOIN_ROOM, variables: { roomId: roomGlobalId(roomId) } }),
      json,
    );
    expect((await joined.json()).data.joinRoom.__typename).toBe('JoinRoomSuccess');

    const started = await post(
      b,
      `/api/zoomvisor/rooms/${roomId}/recordings`,
      host.token,
      JSON.stringify({ mime_type: 'video/webm' }),
      json,
    );
    expect(started.status).toBe(201);
    const { id } = await started.json();
    const third = Math.ceil(webm.length / 3);
    const pieces = [webm.subarray(0, third), webm.subarray(third, 2 * third), webm.subarray(2 * third)];
    // The pieces go wherever the load balancer sends them.
    for (const [sequence, piece] of pieces.entries()) {
      const chunk = new FormData();
      chunk.append('chunk', new File([new Uint8Array(piece)], `${sequence}.webm`, { type: 'video/webm' }));
      const put = await fetch(`${[a, b][sequence % 2]}/api/zoomvisor/recordings/${id}/chunks/${sequence}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${host.token}` },
        body: chunk,
      });
      expect(put.status).toBe(200);
    }
    const stopped = await post(b, `/api/zoomvisor/recordings/${id}/stop`, host.token, '');
    expect(stopped.status).toBe(200);
    const { recording } = await stopped.json();
    // ffprobe measured the file joined from the bucket's pieces.
    expect(recording).toMatchObject({ id, duration: 3 });

    const played = await fetch(new URL(recording.url, a), { headers: { range: 'bytes=0-3' } });
    expect(played.status).toBe(206);
    expect((await bytesOf(played)).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    const download = await fetch(new URL(recording.download_url, b));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect((await bytesOf(download)).subarray(4, 8).toString()).toBe('ftyp');
    const recordings = createS3FileStore(s3.config, 'uploads/recordings');
    expect(await recordings.storedBefore(new Date(Date.now() + 60_000))).toHaveLength(1);

    const deleted = await fetch(`${a}/api/zoomvisor/recordings/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${host.token}` },
    });
    expect(deleted.status).toBe(200);
    // The recording, its MP4 copy and its pieces are all gone.
    expect(await recordings.storedBytes()).toBe(0);
  });
});
