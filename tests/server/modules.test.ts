import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { makeZip, manifest, type ZipEntry } from '../support/zip';
import { JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';

/**
 * Issue 15 points 3 and 6: module cards and package upload, the ZoomVisor switch (enforced on the
 * call and room fields, REST and GraphQL alike), and the group-call settings the meeting area obeys.
 */
let app: TestApp;
let admin: Member;
let member: Member;

const en = { 'accept-language': 'en' };
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any });
const call = (method: string, url: string, token = admin.token, body?: unknown) =>
  app.request(method, url, { token, headers: en, ...(body === undefined ? {} : { json: body }) }).then(json);

function upload(entries: ZipEntry[] | Uint8Array, name = 'module.zip') {
  const bytes = entries instanceof Uint8Array ? entries : makeZip(entries);
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/zip' }));
  return app.request('POST', '/modules/upload', { body: form, token: admin.token, headers: en }).then(json);
}

const storedPackages = () => {
  const folder = path.join(app.dataDir, 'modules');
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

/** What an upload could have left behind: rows of each kind and stored packages. */
const footprint = async () => ({
  modules: await app.services.prisma.module.count(),
  stylesheets: await app.services.prisma.stylesheet.count(),
  templates: await app.services.prisma.template.count(),
  translations: await app.services.prisma.moduleText.count(),
  packages: storedPackages().length,
});

beforeAll(async () => {
  // A mesh larger than the basic plan, so the plan's own limit is what refuses.
  app = await createTestApp({ meshMaxParticipants: 20 });
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
  member = await quickMember(app.services);
  await app.services.prisma.module.createMany({
    data: [
      { name: 'ZoomVisor', moduleType: 'video_calls', status: 'active', description: 'Видеозвонки' },
      { name: 'CMS', moduleType: 'content', status: 'active', description: 'Контент' },
    ],
  });
});
afterAll(() => app?.dispose());

describe('module cards', () => {
  it('GET /modules lists every card with the spec’s fields; members are refused', async () => {
    const listed = await call('GET', '/modules');
    expect(listed.status).toBe(200);
    expect(listed.body.find((module: any) => module.name === 'CMS')).toEqual({
      id: expect.any(Number),
      name: 'CMS',
      description: 'Контент',
      version: '1.0.0',
      author: 'System',
      status: 'active',
      module_type: 'content',
    });
    expect((await call('GET', '/modules', member.token)).status).toBe(403);
  });

  it('PUT /modules/{id}/toggle switches a card back and forth (audited); an unknown id is 404', async () => {
    const cms = await app.services.prisma.module.findUniqueOrThrow({ where: { name: 'CMS' } });
    const off = await call('PUT', `/modules/${cms.id}/toggle`);
    expect(off).toEqual({
      status: 200,
      body: { success: true, module: expect.objectContaining({ id: cms.id, status: 'inactive' }) },
    });
    expect((await call('PUT', `/modules/${cms.id}/toggle`)).body.module.status).toBe('active');
    expect(await app.services.prisma.auditEntry.count({ where: { action: 'module.toggle', targetId: String(cms.id) } })).toBe(2);
    expect(await call('PUT', '/modules/999999/toggle')).toEqual({ status: 404, body: { detail: 'Module not found' } });
    expect((await call('PUT', `/modules/${cms.id}/toggle`, member.token)).status).toBe(403);
  });
});

describe('POST /modules/upload', () => {
  it('installs a package switched off, with its stylesheet, template and translations available but inactive', async () => {
    const uploaded = await upload([
      {
        name: 'module.json',
        data: manifest({
          stylesheet: 'styles/polls.css',
          template: { file: 'templates/poll.html', type: 'landing' },
          translations: 'i18n.json',
        }),
      },
      { name: 'styles/polls.css', data: '.poll { color: #2563eb; }' },
      { name: 'templates/poll.html', data: '<section>{{title}}</section>' },
      { name: 'i18n.json', data: JSON.stringify({ 'polls.title': { ru: 'Опросы', en: 'Polls', fr: 'Sondages' } }) },
      // Shipped but never run: nothing in a package is executed or unpacked.
      { name: 'index.js', data: 'require("fs").writeFileSync("/tmp/pwned", "1")' },
    ]);
    expect(uploaded).toEqual({
      status: 201,
      body: {
        success: true,
        module: {
          id: expect.any(Number),
          name: 'Опросы',
          description: 'Опросы для групп',
          version: '1.2.0',
          author: 'ООО Пример',
          status: 'inactive',
          module_type: 'extension',
        },
      },
    });
    const stylesheet = await app.services.prisma.stylesheet.findFirstOrThrow({ where: { name: 'Опросы' } });
    expect(stylesheet).toMatchObject({ content: '.poll { color: #2563eb; }', isActive: false });
    const template = await app.services.prisma.template.findFirstOrThrow({ where: { name: 'Опросы' } });
    expect(template).toMatchObject({ content: '<section>{{title}}</section>', templateType: 'landing', isActive: false });
    expect(await app.services.prisma.moduleText.findUnique({ where: { key: 'polls.title' } })).toMatchObject({
      valueRu: 'Опросы',
      valueEn: 'Polls',
      valueFr: 'Sondages',
    });
    const row = await app.services.prisma.module.findUniqueOrThrow({ where: { name: 'Опросы' } });
    expect(storedPackages()).toEqual([row.packageFile]);
    expect(fs.existsSync('/tmp/pwned')).toBe(false);
    expect(await app.services.prisma.auditEntry.count({ where: { action: 'module.upload', targetId: String(row.id) } })).toBe(1);
  });

  const zipBomb = () => [
    { name: 'module.json', data: manifest({ name: 'Бомба' }) },
    { name: 'zeros.bin', data: new Uint8Array(30 * 1024 * 1024) },
  ];

  it.each([
    [
      'a `../` entry',
      () =>
        upload([
          { name: 'module.json', data: manifest({ name: 'A' }) },
          { name: '../x', data: 'x' },
        ]),
      422,
      'The archive holds unsafe file paths (absolute or with "..")',
    ],
    [
      'an absolute entry',
      () =>
        upload([
          { name: 'module.json', data: manifest({ name: 'B' }) },
          { name: '/abs', data: 'x' },
        ]),
      422,
      'The archive holds unsafe file paths (absolute or with "..")',
    ],
    ['no manifest', () => upload([{ name: 'style.css', data: 'a{}' }]), 422, 'The archive has no module.json manifest'],
    [
      'a manifest without an author',
      () => upload([{ name: 'module.json', data: manifest({ author: undefined }) }]),
      422,
      'The module.json manifest is invalid: the field "author" is missing or wrong (name, version, description, author and type are required)',
    ],
    [
      'a manifest naming a missing file',
      () => upload([{ name: 'module.json', data: manifest({ name: 'C', stylesheet: 'none.css' }) }]),
      422,
      'The file none.css named in the manifest is not in the archive',
    ],
    [
      'a translation that exists',
      () =>
        upload([
          { name: 'module.json', data: manifest({ name: 'D', translations: 't.json' }) },
          { name: 't.json', data: JSON.stringify({ 'polls.title': { ru: 'Другое' } }) },
        ]),
      422,
      'The translation "polls.title" already exists: a module may only add new texts',
    ],
    [
      'an installed name',
      () => upload([{ name: 'module.json', data: manifest() }]),
      409,
      'A module with this name is already installed',
    ],
    [
      'a zip over 5 MB',
      () => upload(new Uint8Array(crypto.randomBytes(6 * 1024 * 1024)), 'big.zip'),
      413,
      'The archive big.zip is too large (maximum 5 MB)',
    ],
    [
      'a zip bomb (30 MB of zeros packed small)',
      () => upload(zipBomb(), 'bomb.zip'),
      413,
      'The contents of the archive bomb.zip are too large once unpacked (maximum 20 MB)',
    ],
    [
      'a file that is not a zip',
      () => upload(new TextEncoder().encode('just text'), 'notes.zip'),
      415,
      'The file notes.zip is not a module ZIP archive',
    ],
  ])('refuses %s, leaving nothing behind', async (_case, send, status, detail) => {
    const before = await footprint();
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.body.detail).toBe(detail);
    expect(await footprint()).toEqual(before);
  });

  it('refuses an upload without a file, and anyone but an admin', async () => {
    const form = new FormData();
    expect(
      (await app.request('POST', '/modules/upload', { body: form, token: admin.token, headers: en }).then(json)).body.detail,
    ).toBe('Choose a file');
    const asMember = new FormData();
    asMember.append(
      'file',
      new File([new Uint8Array(makeZip([{ name: 'module.json', data: manifest({ name: 'E' }) }]))], 'm.zip'),
    );
    expect((await app.request('POST', '/modules/upload', { body: asMember, token: member.token })).status).toBe(403);
  });
});

const CREATE_ROOM = `mutation($input: CreateRoomInput!) {
  createRoom(input: $input) { __typename ... on Error { message } ... on RoomPayload { room { databaseId } } }
}`;
const START_CALL = `mutation($calleeId: ID!) {
  startCall(calleeId: $calleeId, media: VIDEO) { __typename ... on Error { message } }
}`;

describe('the ZoomVisor module', () => {
  it('switched off, refuses room creation (REST and GraphQL) and calls with 403 and its text; back on, allows them', async () => {
    expect(await call('GET', '/modules/zoomvisor/status', member.token)).toEqual({ status: 200, body: { enabled: true } });
    expect(await call('PUT', '/modules/zoomvisor/toggle?enabled=false')).toEqual({
      status: 200,
      body: { success: true, enabled: false },
    });
    try {
      expect(await call('GET', '/modules/zoomvisor/status', member.token)).toEqual({ status: 200, body: { enabled: false } });
      const text = 'Video calls (the ZoomVisor module) have been switched off by an administrator';
      const rest = await call('POST', '/api/zoomvisor/rooms', member.token, {
        name: 'Комната',
        type: 'group',
        max_participants: 4,
      });
      expect(rest).toEqual({ status: 403, body: { detail: text } });
      const graphql = await app.graphql(CREATE_ROOM, { input: { name: 'Комната' } }, { token: member.token, headers: en });
      expect(graphql.data?.createRoom ?? graphql.errors?.[0]).toMatchObject({ message: text });
      const ru = await app.graphql(START_CALL, { calleeId: admin.globalId }, { token: member.token });
      expect(ru.data?.startCall ?? ru.errors?.[0]).toMatchObject({
        message: 'Видеозвонки (модуль ZoomVisor) отключены администратором',
      });
      expect(await app.services.prisma.room.count({ where: { name: 'Комната' } })).toBe(0);
      // Signed out is still "sign in first", not the module's text.
      expect((await app.request('POST', '/api/zoomvisor/rooms', { json: { name: 'Комната' } })).status).toBe(401);
    } finally {
      expect((await call('PUT', '/modules/zoomvisor/toggle?enabled=true')).body.enabled).toBe(true);
    }
    const created = await call('POST', '/api/zoomvisor/rooms', member.token, {
      name: 'Комната',
      type: 'group',
      max_participants: 4,
    });
    expect(created.status).toBe(201);
  });

  it('refuses a flag that is not true or false, and anyone but an admin', async () => {
    expect(await call('PUT', '/modules/zoomvisor/toggle?enabled=maybe')).toMatchObject({
      status: 422,
      body: { detail: 'The enabled parameter must be true or false' },
    });
    expect((await call('PUT', '/modules/zoomvisor/toggle?enabled=false', member.token)).status).toBe(403);
    expect((await call('GET', '/modules/zoomvisor/status', member.token)).body.enabled).toBe(true);
  });
});

describe('group-call settings', () => {
  it('GET /settings/zoomvisor lists the three settings, the maximum following the participant plan', async () => {
    const listed = await call('GET', '/settings/zoomvisor');
    expect(listed.status).toBe(200);
    expect(listed.body.map((setting: any) => [setting.key, setting.value])).toEqual([
      ['group_video_calls_enabled', 'true'],
      ['max_group_call_participants', '10'],
      ['video_call_quality', 'HD'],
    ]);
    // Described in the reader's language (English here), though the rows store their Russian text.
    expect(listed.body.map((setting: any) => setting.description)).toEqual([
      'Group video calls enabled',
      'Most participants in a group call',
      'Default video quality',
    ]);
    expect((await call('GET', '/settings/zoomvisor', member.token)).status).toBe(403);
  });

  it('GET/PUT /settings/zoomvisor/participant-plan answers plan, max_participants and commercial', async () => {
    expect(await call('GET', '/settings/zoomvisor/participant-plan')).toEqual({
      status: 200,
      body: { plan: 'basic', max_participants: 10, commercial: false },
    });
    expect(await call('PUT', '/settings/zoomvisor/participant-plan?plan=professional')).toEqual({
      status: 200,
      body: { plan: 'professional', max_participants: 50, commercial: true },
    });
    expect((await call('PUT', '/settings/zoomvisor/participant-plan?plan=enterprise')).body.max_participants).toBe(100);
    expect((await call('PUT', '/settings/zoomvisor/participant-plan?plan=unlimited')).body).toEqual({
      plan: 'unlimited',
      max_participants: null,
      commercial: true,
    });
    expect(await call('PUT', '/settings/zoomvisor/participant-plan?plan=gold')).toMatchObject({
      status: 422,
      body: { detail: 'Unknown participant plan: basic, professional, enterprise or unlimited' },
    });
    expect((await call('PUT', '/settings/zoomvisor/participant-plan?plan=basic', member.token)).status).toBe(403);
    expect((await call('PUT', '/settings/zoomvisor/participant-plan?plan=basic')).body.plan).toBe('basic');
    expect((await call('GET', '/settings/zoomvisor')).body[1].value).toBe('10');
  });

  it('joins past the plan’s maximum are refused naming it; group calls switched off refuse joins', async () => {
    const room = await app.services.prisma.room.create({ data: { name: 'Большая', maxParticipants: 100 } });
    const people = await Promise.all(Array.from({ length: 11 }, () => quickMember(app.services)));
    const join = (person: Member) =>
      app
        .graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: person.token, headers: en })
        .then((r) => r.data.joinRoom);
    for (const person of people.slice(0, 10)) expect((await join(person)).__typename).toBe('JoinRoomSuccess');
    expect(await join(people[10]!)).toEqual({
      __typename: 'LimitReachedError',
      message: 'The "basic" group call plan allows at most 10 participants',
      limit: 10,
    });
    expect((await call('PUT', '/settings/zoomvisor/participant-plan?plan=professional')).status).toBe(200);
    expect((await join(people[10]!)).__typename).toBe('JoinRoomSuccess');

    expect(await call('PUT', '/settings/zoomvisor/group-calls?enabled=false')).toEqual({
      status: 200,
      body: { success: true, enabled: false },
    });
    try {
      const late = await quickMember(app.services);
      expect(await join(late)).toEqual({
        __typename: 'ForbiddenError',
        message: 'Group video calls have been switched off by an administrator',
      });
      expect((await call('GET', '/settings/zoomvisor')).body[0].value).toBe('false');
    } finally {
      await call('PUT', '/settings/zoomvisor/group-calls?enabled=true');
      await call('PUT', '/settings/zoomvisor/participant-plan?plan=basic');
    }
    expect((await call('PUT', '/settings/zoomvisor/group-calls?enabled=1', member.token)).status).toBe(403);
  });

  it('the meeting area starts with the admin’s video quality', async () => {
    const QUALITY = `mutation($quality: VideoQuality!) {
      setDefaultVideoQuality(quality: $quality) { __typename ... on GroupCallSettingsSuccess { groupCallSettings { videoQuality } } }
    }`;
    const set = await app.graphql(QUALITY, { quality: 'FHD' }, { token: admin.token });
    expect(set.data.setDefaultVideoQuality.groupCallSettings.videoQuality).toBe('FHD');
    const config = await app.graphql('{ meetingConfig { defaultVideoQuality } }', {}, { token: member.token });
    expect(config.data.meetingConfig.defaultVideoQuality).toBe('FHD');
    expect((await call('GET', '/settings/zoomvisor')).body[2].value).toBe('FHD');
    const refused = await app.graphql(QUALITY, { quality: 'HD' }, { token: member.token });
    expect(refused.data?.setDefaultVideoQuality.__typename).toBe('ForbiddenError');
  });
});
