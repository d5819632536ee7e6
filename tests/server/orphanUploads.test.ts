import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { sweepOrphanUploads } from '../../server/src/services/orphanUploads';

/**
 * Uploads never attached to anything are deleted by the periodic sweep once older than the grace
 * period (set to zero here, so "now" is old enough); attached files stay.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ orphanUploadGraceSeconds: 0 });
});
afterAll(() => app?.dispose());

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#884422' } })
    .png()
    .toBuffer();

async function uploadMedia(token: string): Promise<string> {
  const form = new FormData();
  form.append('files', new File([new Uint8Array(await png())], 'photo.png'));
  const answer = await app.request('POST', '/publications/upload-media', { token, body: form });
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()).files[0].filename;
}

it('deletes unattached uploads and their files after the grace period, and keeps attached ones', async () => {
  const { token } = await registerAndLogin(app);
  const friend = await registerAndLogin(app);
  const published = await uploadMedia(token);
  const abandoned = await uploadMedia(token);
  const publish = await app.request('POST', '/publications/', {
    token,
    json: { content: 'с фото', media_filenames: [published] },
  });
  expect(publish.status).toBe(201);

  const form = new FormData();
  form.append('receiver_id', String(friend.user.id));
  form.append('files', new File([new Uint8Array(await png())], 'attached.png'));
  expect((await app.request('POST', '/messages', { token, body: form })).status).toBe(201);
  const attachment = await app.services.prisma.messageAttachment.findFirstOrThrow();
  // A send that wrote its files but never its row (the server stopped in between).
  const stray = await app.services.attachmentStore.storeUpload(new Uint8Array(await png()), { extension: '.png' });
  const strayVoice = await app.services.voiceStore.storeUpload(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3]), { extension: '.webm' });

  const mediaStored = (name: string) => app.services.mediaStore.exists(name);
  expect(await mediaStored(abandoned)).toBe(true);

  const { removed } = await sweepOrphanUploads(app.services, new Date(Date.now() + 1000));
  expect(removed).toBe(3);

  expect(await app.services.prisma.publicationMedia.findUnique({ where: { filename: abandoned } })).toBeNull();
  expect(await mediaStored(abandoned)).toBe(false);
  expect(await app.services.attachmentStore.exists(stray)).toBe(false);
  expect(await app.services.voiceStore.exists(strayVoice)).toBe(false);

  const kept = await app.services.prisma.publicationMedia.findUniqueOrThrow({ where: { filename: published } });
  expect(kept.publicationId).not.toBeNull();
  expect(await mediaStored(published)).toBe(true);
  expect(await mediaStored(kept.thumbnail!)).toBe(true);
  expect(await app.services.attachmentStore.exists(attachment.filename)).toBe(true);
});

it('leaves uploads younger than the grace period alone', async () => {
  const young = await createTestApp({ orphanUploadGraceSeconds: 3600 });
  try {
    const { token } = await registerAndLogin(young);
    const form = new FormData();
    form.append('files', new File([new Uint8Array(await png())], 'photo.png'));
    await young.request('POST', '/publications/upload-media', { token, body: form });
    expect((await sweepOrphanUploads(young.services)).removed).toBe(0);
    expect(await young.services.prisma.publicationMedia.count()).toBe(1);
  } finally {
    await young.dispose();
  }
});
