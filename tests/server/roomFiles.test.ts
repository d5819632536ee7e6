import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/app';
import { wsClients } from '../support/ws';
import { JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { forgedLink } from '../support/signedLinks';

/**
 * Room files (issue 17 point 4, issue 16 point 6): tus uploads at /api/zoomvisor/uploads checked at
 * creation (member, type, size, the plan's storage quota) and after the last byte (content), resumed
 * after a dropped PATCH, listed at GET /api/zoomvisor/rooms/{id}/files with signed download links.
 * A real server: the dropped connection is a real socket closed halfway.
 */
let server: Awaited<ReturnType<typeof startTestServer>>;
let owner: Member;
let guest: Member;
let stranger: Member;
let freeMember: Member;
let roomId: number;

const UPLOADS = '/api/zoomvisor/uploads';
const MB = 1024 * 1024;

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** A PDF of `size` bytes (the signature, then filler). */
const pdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n');
  return bytes;
};

async function withPlan(member: Member, planKey: string) {
  const plan = await server.services.prisma.subscriptionPlan.findUniqueOrThrow({ where: { key: planKey } });
  await server.services.prisma.userSubscription.create({
    data: { userId: member.id, planId: plan.id, status: 'active', paymentMethod: 'transfer', activatedAt: new Date() },
  });
}

const call = (method: string, path: string, member: Member | null, headers: Record<string, string> = {}, body?: Buffer) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(member ? { authorization: `Bearer ${member.token}` } : {}),
      'accept-language': 'ru',
      ...headers,
    },
    body: body ? new Uint8Array(body) : undefined,
  });

/** tus creation (no bytes): the answer, and the upload's URL when created. */
async function createUpload(member: Member | null, size: number, filename: string, room = roomId) {
  const response = await call('POST', UPLOADS, member, {
    'tus-resumable': '1.0.0',
    'upload-length': String(size),
    'upload-metadata': `roomId ${base64(String(room))},filename ${base64(filename)}`,
  });
  const location = response.headers.get('location');
  return { response, url: location ? new URL(location, server.url).pathname : null };
}

const patch = (member: Member, url: string, offset: number, bytes: Buffer) =>
  call(
    'PATCH',
    url,
    member,
    { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );

const offsetOf = async (member: Member, url: string) => {
  const response = await call('HEAD', url, member, { 'tus-resumable': '1.0.0' });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
};

/**
 * A PATCH whose connection drops after `sent` bytes of `declared`: the request is written halfway
 * on a raw socket, then the socket is destroyed (what a network cut does to a browser's upload).
 */
async function droppedPatch(member: Member, url: string, bytes: Buffer, sent: number) {
  const { port } = new URL(server.url);
  await new Promise<void>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: url,
      headers: {
        authorization: `Bearer ${member.token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => resolve());
    request.write(bytes.subarray(0, sent), () => setTimeout(() => request.destroy(), 300));
    request.on('close', () => resolve());
  });
}

async function upload(member: Member, bytes: Buffer, filename: string) {
  const { response, url } = await createUpload(member, bytes.length, filename);
  expect(response.status).toBe(201);
  return patch(member, url!, 0, bytes);
}

/** The member enters the room (and so shares its files). */
async function enterRoom(member: Member) {
  const joined = await call(
    'POST',
    '/graphql',
    member,
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ query: JOIN_ROOM, variables: { roomId: roomGlobalId(roomId) } })),
  );
  expect((await joined.json()).data.joinRoom.__typename).toBe('JoinRoomSuccess');
}

const listFiles = (member: Member | null, room = roomId) => call('GET', `/api/zoomvisor/rooms/${room}/files`, member);

beforeAll(async () => {
  server = await startTestServer();
  owner = await quickMember(server.services, 'Ольга');
  guest = await quickMember(server.services, 'Гость');
  stranger = await quickMember(server.services, 'Чужой');
  freeMember = await quickMember(server.services, 'Бесплатный');
  const { listPlans } = await import('../../server/src/services/subscriptions');
  await listPlans(server.services.prisma);
  await withPlan(owner, 'professional');
  await withPlan(guest, 'enterprise');
  await withPlan(stranger, 'enterprise');
  const created = await call(
    'POST',
    '/api/zoomvisor/rooms',
    owner,
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ name: 'Файлы', type: 'group' })),
  );
  roomId = (await created.json()).id;
  for (const member of [guest, freeMember]) {
    await enterRoom(member);
  }
});
const ws = wsClients();
afterAll(async () => {
  await ws.dispose();
  await server?.dispose();
});

describe('a tus upload', () => {
  it('resumes after a PATCH whose connection dropped, then is listed and downloadable by members only', async () => {
    const bytes = pdf(3 * MB);
    const { response, url } = await createUpload(owner, bytes.length, 'Отчёт за квартал.pdf');
    expect(response.status).toBe(201);
    expect(url).toMatch(new RegExp(`^${UPLOADS}/`));

    await droppedPatch(owner, url!, bytes, MB + 12345);
    const offset = await offsetOf(owner, url!);
    // What arrived before the cut is kept (the server may have flushed less than was sent).
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(MB + 12345);

    // Someone else cannot look at or continue it.
    expect((await call('HEAD', url!, guest, { 'tus-resumable': '1.0.0' })).status).toBe(404);
    expect((await patch(guest, url!, offset, bytes.subarray(offset))).status).toBe(404);

    const finished = await patch(owner, url!, offset, bytes.subarray(offset));
    expect(finished.status).toBe(204);
    const fileId = Number(finished.headers.get('room-file-id'));
    expect(fileId).toBeGreaterThan(0);

    const listed = await listFiles(guest);
    expect(listed.status).toBe(200);
    const { files } = await listed.json();
    expect(files).toEqual([
      {
        id: fileId,
        name: 'Отчёт за квартал.pdf',
        size: bytes.length,
        type: 'application/pdf',
        uploader: { id: owner.id, username: owner.username, name: expect.stringContaining('Ольга') },
        created_at: expect.any(String),
        url: expect.stringMatching(/^\/api\/zoomvisor\/room-files\/.+\.pdf\?expires=\d+&signature=/),
      },
    ]);
    const download = await fetch(`${server.url}${files[0].url}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain("attachment; filename*=UTF-8''");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
    // A link tampered with is refused.
    expect((await fetch(`${server.url}${forgedLink(files[0].url)}`)).status).toBe(403);

    // The media register knows it; tus keeps nothing of it.
    const registered = await server.services.prisma.mediaFile.findMany({ where: { kind: 'room_file' } });
    expect(registered.map((row) => row.originalName)).toContain('Отчёт за квартал.pdf');
    expect((await call('HEAD', url!, owner, { 'tus-resumable': '1.0.0' })).status).toBe(404);

    // Someone who never was in the room: neither the list nor an upload.
    const refused = await listFiles(stranger);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe('Файлы комнаты доступны только её участникам');
    expect((await createUpload(stranger, 10, 'a.txt')).response.status).toBe(403);
    // Nobody signed in: 401 on every tus call.
    expect((await createUpload(null, 10, 'a.txt')).response.status).toBe(401);
    expect((await call('HEAD', url!, null, { 'tus-resumable': '1.0.0' })).status).toBe(401);
  });

  it('refuses before any byte: a plan without storage, a file over 100 MB, a type not allowed', async () => {
    const free = await createUpload(freeMember, 1000, 'notes.txt');
    expect(free.response.status).toBe(403);
    expect(JSON.parse(await free.response.text()).detail).toBe(
      'Хранение файлов комнат не входит в тариф «Бесплатный»; оно доступно начиная с тарифа «Профессиональный»',
    );

    const big = await call('POST', UPLOADS, owner, {
      'tus-resumable': '1.0.0',
      'accept-language': 'en',
      'upload-length': String(100 * MB + 1),
      'upload-metadata': `roomId ${base64(String(roomId))},filename ${base64('film.mp4')}`,
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(await big.text()).detail).toBe('The file film.mp4 is too large (maximum 100MB)');

    const executable = await createUpload(owner, 1000, 'setup.exe');
    expect(executable.response.status).toBe(415);
    expect(JSON.parse(await executable.response.text()).detail).toContain('setup.exe');

    const deferred = await call('POST', UPLOADS, owner, {
      'tus-resumable': '1.0.0',
      'upload-defer-length': '1',
      'upload-metadata': `roomId ${base64(String(roomId))},filename ${base64('a.pdf')}`,
    });
    expect(deferred.status).toBe(422);

    // A request that breaks the protocol gets our {detail} in the caller's language, not tus' English text.
    const metadata = `roomId ${base64(String(roomId))},filename ${base64('a.pdf')}`;
    for (const [status, headers] of [
      [400, { 'tus-resumable': '1.0.0', 'upload-length': 'abc', 'upload-metadata': metadata }],
      [412, { 'upload-length': '10', 'upload-metadata': metadata }],
    ] as const) {
      const broken = await call('POST', UPLOADS, owner, { 'accept-language': 'fr', ...headers });
      expect(broken.status).toBe(status);
      expect(JSON.parse(await broken.text())).toEqual({ detail: 'Vérifiez les données saisies' });
    }
    const unknown = await call('HEAD', `${UPLOADS}/nothing-here`, owner, { 'tus-resumable': '1.0.0', 'accept-language': 'en' });
    expect(unknown.status).toBe(404);
  });

  it('refuses content that is not what its name says, keeping nothing', async () => {
    const before = await server.services.prisma.roomFile.count();
    const program = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000)]);
    const finished = await upload(owner, program, 'invoice.pdf');
    expect(finished.status).toBe(415);
    expect(JSON.parse(await finished.text()).detail).toBe('Содержимое файла invoice.pdf не соответствует его типу');
    expect(await server.services.prisma.roomFile.count()).toBe(before);

    // Plain text passes as .txt, not binary bytes named .txt.
    expect((await upload(owner, Buffer.from('Повестка встречи\n'), 'agenda.txt')).status).toBe(204);
    expect((await upload(owner, Buffer.from([0, 1, 2, 3]), 'data.txt')).status).toBe(415);
  });

  it("counts the uploader's files against the plan's quota and names the limit", async () => {
    const tiny = await server.services.prisma.subscriptionPlan.create({
      data: { key: 'tiny', name: 'Мини', price: 1, maxParticipants: 10, storageQuotaMb: 2, position: 10 },
    });
    const member = await quickMember(server.services, 'Квота');
    await server.services.prisma.userSubscription.create({
      data: { userId: member.id, planId: tiny.id, status: 'active', paymentMethod: 'transfer', activatedAt: new Date() },
    });
    await enterRoom(member);

    expect((await upload(member, pdf(1.5 * MB), 'one.pdf')).status).toBe(204);
    const over = await createUpload(member, MB, 'two.pdf');
    expect(over.response.status).toBe(413);
    expect(JSON.parse(await over.response.text()).detail).toBe(
      'Файл two.pdf не помещается в хранилище тарифа «Мини»: 2 МБ, занято 2 МБ',
    );
    await server.services.prisma.subscriptionPlan.update({ where: { id: tiny.id }, data: { isActive: false } });
  });
});

describe('deleting a room file', () => {
  it('is for its uploader or the room owner', async () => {
    const finished = await upload(guest, pdf(2000), 'guest.pdf');
    const fileId = Number(finished.headers.get('room-file-id'));
    const path = `/api/zoomvisor/rooms/${roomId}/files/${fileId}`;

    const other = await call('DELETE', path, freeMember);
    expect(other.status).toBe(403);
    expect((await other.json()).detail).toBe('Удалить файл может только тот, кто его загрузил, или владелец комнаты');
    expect((await call('DELETE', path, stranger)).status).toBe(404);

    const stored = await server.services.prisma.roomFile.findUniqueOrThrow({ where: { id: fileId } });
    expect(await call('DELETE', path, owner).then((response) => response.json())).toEqual({ success: true, id: fileId });
    expect(await server.services.prisma.mediaFile.count({ where: { filename: stored.filename } })).toBe(0);
    expect(await server.services.roomFileStore.exists(stored.filename)).toBe(false);
    const { files } = await (await listFiles(owner)).json();
    expect(files.map((file: { id: number }) => file.id)).not.toContain(fileId);
  });
});

describe('the live file list', () => {
  const FILES_CHANGED = `subscription ($roomId: ID!) { roomFilesChanged(roomId: $roomId) { databaseId name } }`;
  type Files = { databaseId: number; name: string }[];

  /** The member's subscription: each list it delivers, in order, and the refusal if any. */
  function watch(member: Member) {
    const lists: Files[] = [];
    const refused = new Promise<unknown>((resolve) => {
      ws.connect(server.url, { token: member.token, lazy: false }).subscribe<{ roomFilesChanged: Files }>(
        { query: FILES_CHANGED, variables: { roomId: roomGlobalId(roomId) } },
        {
          next: (value) => (value.errors ? resolve(value.errors) : lists.push(value.data!.roomFilesChanged)),
          error: resolve,
          complete: () => {},
        },
      );
    });
    return { lists, refused };
  }
  const until = async (condition: () => boolean) => {
    for (let waited = 0; !condition(); waited += 20) {
      if (waited > 5000) throw new Error('no event within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('tells the room’s members of an upload and a delete by someone else, and refuses a stranger', async () => {
    const guestView = watch(guest);
    const strangerView = watch(stranger);
    expect(JSON.stringify(await strangerView.refused)).toContain('Файлы комнаты доступны только её участникам');
    // graphql-ws does not acknowledge a subscription: give the server a moment to register it.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const finished = await upload(owner, pdf(1000), 'live.pdf');
    const fileId = Number(finished.headers.get('room-file-id'));
    await until(() => guestView.lists.length === 1);
    expect(guestView.lists[0]![0]).toEqual({ databaseId: fileId, name: 'live.pdf' });

    expect((await call('DELETE', `/api/zoomvisor/rooms/${roomId}/files/${fileId}`, owner)).status).toBe(200);
    await until(() => guestView.lists.length === 2);
    expect(guestView.lists[1]!.map((file) => file.databaseId)).not.toContain(fileId);
    expect(strangerView.lists).toEqual([]);
  });
});
