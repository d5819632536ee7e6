import type { Services } from './container';
import { removeMediaFiles } from './media';
import { forgetStoredFiles } from './mediaRegister';

/**
 * Uploads that were never attached to anything, deleted once they are older than
 * ORPHAN_UPLOAD_GRACE_HOURS: publication media uploaded ahead (the REST three-call flow) but never
 * published, and message attachment or voice files written by a send that never stored its row
 * (the server stopped in between). Attached files are never touched.
 */
export async function sweepOrphanUploads(services: Services, now = new Date()): Promise<{ removed: number }> {
  const { prisma, config } = services;
  const before = new Date(now.getTime() - config.orphanUploadGraceSeconds * 1000);

  const unpublished = await prisma.publicationMedia.findMany({
    where: { publicationId: null, createdAt: { lte: before } },
    select: { id: true, filename: true, thumbnail: true },
  });
  // A row is deleted only while still unattached (one published meanwhile keeps its files), one by
  // one so that exactly the deleted rows lose their files.
  let deleted = 0;
  for (const media of unpublished) {
    const { count } = await prisma.publicationMedia.deleteMany({ where: { id: media.id, publicationId: null } });
    if (count === 0) continue;
    deleted += 1;
    await removeMediaFiles(services, [media]);
  }

  const [attachmentFiles, voiceFiles] = await Promise.all([
    services.attachmentStore.storedBefore(before),
    services.voiceStore.storedBefore(before),
  ]);
  const [attached, voiced] = await Promise.all([
    prisma.messageAttachment.findMany({ where: { filename: { in: attachmentFiles } }, select: { filename: true } }),
    prisma.roomChatMessage.findMany({ where: { voiceUrl: { in: voiceFiles } }, select: { voiceUrl: true } }),
  ]);
  const attachedNames = new Set(attached.map((row) => row.filename));
  const voicedNames = new Set(voiced.map((row) => row.voiceUrl));
  const strayAttachments = attachmentFiles.filter((name) => !attachedNames.has(name));
  const strayVoice = voiceFiles.filter((name) => !voicedNames.has(name));
  await forgetStoredFiles(prisma, [...strayAttachments, ...strayVoice]);
  await Promise.all([services.attachmentStore.remove(strayAttachments), services.voiceStore.remove(strayVoice)]);
  return { removed: deleted + strayAttachments.length + strayVoice.length };
}

/** Runs the sweep every ORPHAN_UPLOAD_SWEEP_MINUTES from server start; `stop` ends it (server shutdown). */
export function startOrphanUploadSweeper(services: Services): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepOrphanUploads(services).catch((error: unknown) => services.log.error('orphan upload sweep failed', error));
  }, services.config.orphanUploadSweepSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
