import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { listPlans } from '../../server/src/services/subscriptions';
import { JOIN_ROOM, quickMember, roomGlobalId, type Member } from './meetingSupport';
import { forgedLink } from '../support/signedLinks';

/**
 * Meeting recordings through their REST rows: the plan that allows recording, pieces appended by
 * sequence number (a retry changes nothing), finishing with ffmpeg, the list, renaming and deleting
 * by the one who made it, and the signed links that play and download it.
 */
let app: TestApp;
let webm: Uint8Array;

beforeAll(async () => {
  app = await createTestApp();
  // What MediaRecorder writes: VP8 and Opus in WebM, three seconds.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-recording-'));
  const file = path.join(dir, 'meeting.webm');
  execFileSync('ffmpeg', [
    '-v', 'error',
    '-f', 'lavfi', '-i', 'testsrc=s=160x120:d=3:r=10',
    '-f', 'lavfi', '-i', 'sine=f=440:d=3',
    '-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus', '-y', file,
  ]); // prettier-ignore
  webm = new Uint8Array(fs.readFileSync(file));
  fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(() => app?.dispose());

async function onPlan(member: Member, key: string) {
  const plan = (await listPlans(app.services.prisma)).find((candidate) => candidate.key === key)!;
  await app.services.prisma.userSubscription.create({
    data: {
      userId: member.id,
      planId: plan.id,
      status: 'active',
      paymentMethod: 'transfer',
      activatedAt: new Date(),
      expiresAt: new Date(Date.now() + 30 * 86400_000),
    },
  });
}

async function roomWith(...people: Member[]) {
  const room = await app.services.prisma.room.create({
    data: { name: 'Планёрка', maxParticipants: 10, createdById: people[0]!.id },
  });
  for (const person of people) {
    const joined = await app.graphql(JOIN_ROOM, { roomId: roomGlobalId(room.id) }, { token: person.token });
    expect(joined.data.joinRoom.__typename).toBe('JoinRoomSuccess');
  }
  return room;
}

const start = (member: Member, roomId: number, locale = 'ru') =>
  app.request('POST', `/api/zoomvisor/rooms/${roomId}/recordings`, {
    json: { mime_type: 'video/webm' },
    token: member.token,
    headers: { 'accept-language': locale },
  });

function putChunk(member: Member, recordingId: number, sequence: number, bytes: Uint8Array) {
  const body = new FormData();
  body.append('chunk', new File([bytes as Uint8Array<ArrayBuffer>], `${sequence}.webm`, { type: 'video/webm' }));
  return app.request('PUT', `/api/zoomvisor/recordings/${recordingId}/chunks/${sequence}`, { body, token: member.token });
}

/** The fixture in three pieces, as the browser's timeslices would cut it. */
const pieces = () => {
  const third = Math.ceil(webm.length / 3);
  return [webm.subarray(0, third), webm.subarray(third, 2 * third), webm.subarray(2 * third)];
};

async function recordWhole(member: Member, roomId: number) {
  const started = await start(member, roomId);
  expect(started.status).toBe(201);
  const { id } = await started.json();
  for (const [sequence, piece] of pieces().entries()) expect((await putChunk(member, id, sequence, piece)).status).toBe(200);
  const stopped = await app.request('POST', `/api/zoomvisor/recordings/${id}/stop`, { token: member.token });
  expect(stopped.status).toBe(200);
  return (await stopped.json()).recording;
}

describe('recordings', () => {
  it('refuses a member without a plan that records, naming the plan that does (403, translated)', async () => {
    const free = await quickMember(app.services);
    const room = await roomWith(free);
    const refused = await start(free, room.id, 'en');
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe(
      'Your "Free" plan does not include meeting recording; recording comes with the "Basic" plan',
    );
    expect(await app.services.prisma.recording.count({ where: { roomId: room.id } })).toBe(0);
  });

  it('refuses to record a room the member is not in', async () => {
    const [owner, outsider] = [await quickMember(app.services), await quickMember(app.services)];
    await onPlan(outsider, 'basic');
    const room = await roomWith(owner);
    const refused = await start(outsider, room.id);
    expect(refused.status).toBe(403);
    expect((await refused.json()).detail).toBe('Вы не находитесь в этой комнате');
  });

  it('records in pieces, tells the room, finishes the file with its real length, and lists it', async () => {
    const [anna, boris] = [await quickMember(app.services, 'Анна'), await quickMember(app.services, 'Борис')];
    await onPlan(anna, 'basic');
    const room = await roomWith(anna, boris);

    const started = await start(anna, room.id);
    expect(started.status).toBe(201);
    const { id } = await started.json();
    // Boris is told (stored, then published on his call events) and a late joiner sees who records.
    const told = await app.services.prisma.callSignal.findMany({ where: { roomId: room.id, kind: 'RECORDING_STARTED' } });
    expect(told.map((event) => [event.senderId, event.recipientId])).toEqual([[anna.id, boris.id]]);
    const roomNow = await app.graphql(
      'query($id: ID!) { node(id: $id) { ... on Room { recordingBy { databaseId } } } }',
      { id: roomGlobalId(room.id) },
      { token: boris.token },
    );
    expect(roomNow.data.node.recordingBy).toEqual({ databaseId: anna.id });
    // A second recording of the same room waits for this one.
    await onPlan(boris, 'professional');
    expect((await start(boris, room.id)).status).toBe(409);

    const [first, second, third] = pieces();
    expect(await (await putChunk(anna, id, 0, first!)).json()).toEqual({ next_sequence: 1, size: first!.length });
    // The answer was lost, the browser sends piece 0 again: nothing changes.
    expect(await (await putChunk(anna, id, 0, first!)).json()).toEqual({ next_sequence: 1, size: first!.length });
    // A piece after a missing one is refused.
    expect((await putChunk(anna, id, 2, third!)).status).toBe(409);
    // Only the recorder adds to it.
    expect((await putChunk(boris, id, 1, second!)).status).toBe(404);
    expect((await putChunk(anna, id, 1, second!)).status).toBe(200);
    expect((await putChunk(anna, id, 1, second!)).status).toBe(200);
    expect(await (await putChunk(anna, id, 2, third!)).json()).toEqual({ next_sequence: 3, size: webm.length });

    const stopped = await app.request('POST', `/api/zoomvisor/recordings/${id}/stop`, { token: anna.token });
    expect(stopped.status).toBe(200);
    const { recording } = await stopped.json();
    expect(recording).toMatchObject({ id, title: 'Планёрка', room_id: room.id, duration: 3, is_owner: true });
    expect(recording.size).toBeGreaterThan(0);
    expect(await app.services.prisma.callSignal.count({ where: { roomId: room.id, kind: 'RECORDING_STOPPED' } })).toBe(1);
    // After the end no piece is taken, and stopping again answers the same recording.
    expect((await putChunk(anna, id, 3, third!)).status).toBe(409);
    const again = await app.request('POST', `/api/zoomvisor/recordings/${id}/stop`, { token: anna.token });
    expect((await again.json()).recording.size).toBe(recording.size);

    // In the media register, with its size.
    const registered = await app.services.prisma.mediaFile.findMany({ where: { kind: 'recording' } });
    expect(registered.find((file) => file.uploaderId === anna.id)).toMatchObject({
      size: recording.size,
      mimeType: 'video/webm',
    });

    const listed = await app.request('GET', '/api/zoomvisor/recordings', { token: anna.token });
    expect((await listed.json()).map((item: { id: number }) => item.id)).toContain(id);
    // Boris did not make it and did not create the room: not his to see.
    expect(await (await app.request('GET', '/api/zoomvisor/recordings', { token: boris.token })).json()).toEqual([]);

    // The signed link plays it (byte ranges for seeking); a tampered one is refused.
    const played = await app.request(
      'GET',
      new URL(recording.url, 'http://x').pathname + new URL(recording.url, 'http://x').search,
      {
        headers: { range: 'bytes=0-99' },
      },
    );
    expect(played.status).toBe(206);
    expect(played.headers.get('content-type')).toBe('video/webm');
    expect((await app.request('GET', forgedLink(recording.url))).status).toBe(403);

    // The download is an MP4 made by ffmpeg, named after the title.
    const download = await app.request('GET', recording.download_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(download.headers.get('content-disposition')).toContain(encodeURIComponent('Планёрка.mp4'));
    const mp4 = new Uint8Array(await download.arrayBuffer());
    expect(new TextDecoder().decode(mp4.subarray(4, 8))).toBe('ftyp');
  });

  it('lists the recordings of rooms the member created; only the one who made it renames or deletes it', async () => {
    const [host, guest] = [await quickMember(app.services), await quickMember(app.services)];
    await onPlan(guest, 'enterprise');
    const room = await roomWith(host, guest);
    const recording = await recordWhole(guest, room.id);

    const hostList = await (await app.request('GET', '/api/zoomvisor/recordings', { token: host.token })).json();
    expect(hostList).toEqual([expect.objectContaining({ id: recording.id, is_owner: false, recorded_by: guest.id })]);

    const rename = (member: Member, title: string) =>
      app.request('PATCH', `/api/zoomvisor/recordings/${recording.id}`, { json: { title }, token: member.token });
    expect((await rename(host, 'Моё')).status).toBe(403);
    expect((await rename(guest, '   ')).status).toBe(422);
    const renamed = await rename(guest, 'Итоги недели');
    expect(await renamed.json()).toMatchObject({ id: recording.id, title: 'Итоги недели' });

    expect((await app.request('DELETE', `/api/zoomvisor/recordings/${recording.id}`, { token: host.token })).status).toBe(403);
    const deleted = await app.request('DELETE', `/api/zoomvisor/recordings/${recording.id}`, { token: guest.token });
    expect(await deleted.json()).toEqual({ success: true, id: recording.id });
    expect(await app.services.prisma.recording.count({ where: { id: recording.id } })).toBe(0);
    expect(await app.services.prisma.mediaFile.count({ where: { kind: 'recording', uploaderId: guest.id } })).toBe(0);
    expect((await app.request('GET', recording.url)).status).toBe(404);
    expect((await app.request('DELETE', `/api/zoomvisor/recordings/${recording.id}`, { token: guest.token })).status).toBe(404);
  });

  it('refuses a first piece that is not a video, and finishes a recording when its maker leaves the room', async () => {
    const [maker] = [await quickMember(app.services)];
    await onPlan(maker, 'basic');
    const room = await roomWith(maker);
    const { id } = await (await start(maker, room.id)).json();
    expect((await putChunk(maker, id, 0, new TextEncoder().encode('not a video at all'))).status).toBe(415);
    expect((await putChunk(maker, id, 0, pieces()[0]!)).status).toBe(200);

    await app.graphql(
      'mutation($roomId: ID!) { leaveRoom(roomId: $roomId) { __typename } }',
      { roomId: roomGlobalId(room.id) },
      {
        token: maker.token,
      },
    );
    await app.services.background.drain();
    const finished = await app.services.prisma.recording.findUniqueOrThrow({ where: { id } });
    expect(finished.status).toBe('ready');
    expect(finished.size).toBeGreaterThan(0);
  });
});
