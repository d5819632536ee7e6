import { z } from 'zod';
import type { Prisma, Theme } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { audited, type AuditActor } from './audit';
import { ConflictError, NotFoundError } from './errors';
import { rules } from './validation';

/**
 * The site's colour themes (admin "Themes" tab; the spec shows no content, so this is what an admin
 * expects): a theme is a colour mode (light or dark) and an accent palette, stored as the Chakra
 * tokens the client's `brand` palette points at. One theme is active; every page applies it (the
 * client reads ACTIVE_THEME from `GET /themes/active`). With none active the site is light and blue.
 */

export const THEME_MODES = ['light', 'dark'] as const;
/** Chakra's built-in palettes an accent may use (yellow is left out: white text on it is unreadable). */
export const THEME_ACCENTS = ['blue', 'teal', 'green', 'cyan', 'purple', 'pink', 'red', 'orange', 'gray'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ThemeAccent = (typeof THEME_ACCENTS)[number];
export type ThemeLook = { mode: ThemeMode; accent: ThemeAccent };

/** What the site looks like without an active theme: the light, blue look of the client's own tokens. */
export const DEFAULT_LOOK: ThemeLook = { mode: 'light', accent: 'blue' };
const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'];

export const themeInput = z.object({
  name: rules.requiredText(100, 'themes.nameRequired'),
  description: rules.optionalText(500),
  mode: z.enum(THEME_MODES, { message: 'themes.unknownMode' }),
  accent: z.enum(THEME_ACCENTS, { message: 'themes.unknownAccent' }),
});
export type ThemeInput = z.output<typeof themeInput>;

/** A stored theme's look; what another version stored unreadably falls back to the default's parts. */
export function themeLook(theme: Pick<Theme, 'variables'>): ThemeLook {
  const stored = (theme.variables ?? {}) as Partial<Record<keyof ThemeLook, unknown>>;
  const mode = THEME_MODES.find((known) => known === stored.mode) ?? DEFAULT_LOOK.mode;
  const accent = THEME_ACCENTS.find((known) => known === stored.accent) ?? DEFAULT_LOOK.accent;
  return { mode, accent };
}

/** The look as Chakra tokens: every `brand` shade pointing at the accent's shade. */
export const themeTokens = ({ accent }: ThemeLook) =>
  SHADES.map((shade) => ({ name: `colors.brand.${shade}`, value: `{colors.${accent}.${shade}}` }));

const stored = (input: ThemeInput) => ({
  name: input.name,
  description: input.description,
  variables: { mode: input.mode, accent: input.accent } satisfies Prisma.InputJsonObject,
});

const snapshot = (theme: Theme) => ({ name: theme.name, isActive: theme.isActive, ...themeLook(theme) });

async function nameIsFree(tx: Prisma.TransactionClient, name: string, exceptId?: number) {
  const same = await tx.theme.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, ...(exceptId ? { id: { not: exceptId } } : {}) },
  });
  if (same) throw new ConflictError('name', 'themes.nameTaken');
}

export const listThemes = (prisma: PrismaClient) => prisma.theme.findMany({ orderBy: { id: 'asc' } });

export function createTheme(prisma: PrismaClient, actor: AuditActor, input: ThemeInput) {
  return audited(prisma, { actor, action: 'theme.create', targetType: 'theme' }, async (tx) => {
    await nameIsFree(tx, input.name);
    const created = await tx.theme.create({ data: stored(input) });
    return { result: created, before: null, after: snapshot(created), targetId: created.id };
  });
}

export function updateTheme(prisma: PrismaClient, actor: AuditActor, id: number, input: ThemeInput) {
  return audited(prisma, { actor, action: 'theme.update', targetType: 'theme', targetId: id }, async (tx) => {
    const before = await tx.theme.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('themes.notFound');
    await nameIsFree(tx, input.name, id);
    const after = await tx.theme.update({ where: { id }, data: stored(input) });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

/** Makes it the site's theme; the one active before stops being so. */
export function activateTheme(prisma: PrismaClient, actor: AuditActor, id: number) {
  return audited(prisma, { actor, action: 'theme.activate', targetType: 'theme', targetId: id }, async (tx) => {
    const before = await tx.theme.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('themes.notFound');
    await tx.theme.updateMany({ where: { isActive: true, id: { not: id } }, data: { isActive: false } });
    const after = await tx.theme.update({ where: { id }, data: { isActive: true } });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

/** Deletes a theme; the active one cannot be (activate another first), so the site never loses its look by accident. */
export function deleteTheme(prisma: PrismaClient, actor: AuditActor, id: number) {
  return audited(prisma, { actor, action: 'theme.delete', targetType: 'theme', targetId: id }, async (tx) => {
    const before = await tx.theme.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('themes.notFound');
    if (before.isActive) throw new ConflictError('id', 'themes.deleteActive');
    await tx.theme.delete({ where: { id } });
    return { result: before, before: snapshot(before), after: null };
  });
}

/** The look every page applies: the active theme's, or the default. */
export async function activeLook(prisma: PrismaClient): Promise<ThemeLook & { name: string | null }> {
  const active = await prisma.theme.findFirst({ where: { isActive: true } });
  return active ? { name: active.name, ...themeLook(active) } : { name: null, ...DEFAULT_LOOK };
}
