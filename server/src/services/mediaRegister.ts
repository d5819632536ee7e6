import type { Prisma, StoredFileKind } from '../generated/prisma/client';
import type { PrismaClient } from '../db';

/**
 * `media_files` is the one register of every stored file of the platform (the admin media
 * library). Every upload path records its files here and every path that removes files forgets
 * them, so the library lists exactly what storage holds.
 */

type Db = PrismaClient | Prisma.TransactionClient;

export type StoredFileRecord = {
  kind: StoredFileKind;
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploaderId: number | null;
};

/** Records newly stored files; a name already registered is left as it is. */
export async function recordStoredFiles(db: Db, files: StoredFileRecord[]): Promise<void> {
  if (files.length === 0) return;
  await db.mediaFile.createMany({ data: files, skipDuplicates: true });
}

/** Forgets files that left storage (or were never kept). */
export async function forgetStoredFiles(db: Db, filenames: Iterable<string | null | undefined>): Promise<void> {
  const names = [...filenames].filter((name): name is string => !!name);
  if (names.length === 0) return;
  await db.mediaFile.deleteMany({ where: { filename: { in: names } } });
}

/** The alt texts of stored files by name (for the pages that show them). */
export async function altTextsOf(db: Db, filenames: readonly string[]): Promise<(string | null)[]> {
  const rows = await db.mediaFile.findMany({
    where: { filename: { in: [...new Set(filenames)] } },
    select: { filename: true, altText: true },
  });
  const byName = new Map(rows.map((row) => [row.filename, row.altText]));
  return filenames.map((name) => byName.get(name) ?? null);
}

/** The stored name behind an avatar or cover URL; null for seeded or external images. */
export const profileImageName = (url: string | null | undefined) =>
  url ? (/^\/uploads\/(?:avatars|covers)\/([^/]+)$/.exec(url)?.[1] ?? null) : null;
