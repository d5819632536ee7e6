import { z } from 'zod';
import sanitizeHtml from 'sanitize-html';
import { Prisma, type ContentStatus, type ContentType } from '../generated/prisma/client';
import type { PrismaClient } from '../db';
import { isUniqueViolation } from '../database/keys';
import { ConflictError, NotFoundError, ValidationError } from './errors';
import { containsIgnoringCase } from './textMatch';
import { rules } from './validation';
import { audited, withAudit, type AuditActor } from './audit';

/** Spec section 9: the three types and statuses; new content is a draft post (section 4). */
export const CONTENT_TYPES = ['post', 'page', 'article'] as const satisfies readonly ContentType[];
export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const satisfies readonly ContentStatus[];

const CONTENT_MAX_LENGTH = 200_000;
const SLUG_MAX_LENGTH = 200;

type Tx = Prisma.TransactionClient;

// ───────────────────────────── Slugs ─────────────────────────────

/** Russian (and the Ukrainian and Belarusian letters besides) in Latin letters, as URLs usually spell them. */
const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
}; // prettier-ignore

/**
 * The spec's slug rule (section 5): lowercase, only Latin letters, digits, spaces and hyphens; spaces
 * become hyphens, repeated hyphens collapse. Cyrillic is transliterated first, Latin accents dropped,
 * so a Russian title still gives a readable slug. Empty when nothing of the text survives.
 */
export function slugify(text: string): string {
  // Transliterated before accents are dropped: NFD would split й and ё into и and е plus a mark.
  return [...text.toLowerCase().normalize('NFC')]
    .map((char) => CYRILLIC[char] ?? char)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 -]/g, ' ')
    .trim()
    .replace(/ +/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-$/, '');
}

/** `base`, or the first of `base-2`, `base-3`… no other row (`taken`) uses. */
async function freeSlug(base: string, taken: (prefix: string) => Promise<string[]>): Promise<string> {
  const used = new Set(await taken(base));
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

const takenContentSlugs = (tx: Tx, exceptId?: number) => async (base: string) =>
  (
    await tx.contentItem.findMany({
      where: { slug: { startsWith: base }, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { slug: true },
    })
  ).map((row) => row.slug);

const takenCategorySlugs = (tx: Tx | PrismaClient, exceptId?: number) => async (base: string) =>
  (
    await tx.category.findMany({
      where: { slug: { startsWith: base }, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { slug: true },
    })
  ).map((row) => row.slug);

// ───────────────────────────── HTML ─────────────────────────────

/**
 * What the rich-text editor produces (TipTap's starter kit: paragraphs, headings, lists, quotes, code,
 * marks, links, rules) and images by http(s) address. Everything else, scripts and event handlers
 * included, is removed; links to other sites open without access to this page.
 */
export const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote',
    'ul', 'ol', 'li', 'a', 'hr', 'img', 'span',
  ], // prettier-ignore
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : attribs,
    }),
  },
};

/** The stored form of an editor's HTML: only the allowed tags and attributes. */
export const sanitizeContentHtml = (html: string) => sanitizeHtml(html, HTML_POLICY).trim();

/** Whether sanitised HTML shows anything: text or an image (an empty editor gives `<p></p>`). */
const showsSomething = (html: string) =>
  /<img\b/i.test(html) || sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim().length > 0;

// ───────────────────────────── Inputs ─────────────────────────────

const contentType = z.enum(CONTENT_TYPES, { message: 'content.invalidType' });
const contentStatus = z.enum(CONTENT_STATUSES, { message: 'content.invalidStatus' });
const databaseId = z.number().int().positive();

const fields = {
  title: rules.requiredText(255, 'content.titleRequired'),
  /** Blank: made from the title. Given: normalised by the same rule, and must be free. */
  slug: z.string().trim().max(SLUG_MAX_LENGTH, 'validation.tooLong').nullish(),
  content: z.string().max(CONTENT_MAX_LENGTH, 'validation.tooLong'),
  excerpt: rules.optionalText(1000),
  contentType: contentType.nullish(),
  status: contentStatus.nullish(),
  categoryId: databaseId.nullish(),
  tagIds: z.array(databaseId).max(50, 'validation.tooLong').nullish(),
};

export const createContentInput = z.object(fields);
export const updateContentInput = z.object({ ...fields, title: fields.title.nullish(), content: fields.content.nullish() });
export type CreateContentInput = z.output<typeof createContentInput>;
export type UpdateContentInput = z.output<typeof updateContentInput>;

export const categoryInput = z.object({
  name: rules.requiredText(100, 'content.categoryNameRequired'),
  description: rules.optionalText(1000),
  slug: z.string().trim().max(120, 'validation.tooLong').nullish(),
});
export const tagInput = z.object({ name: rules.requiredText(60, 'content.tagNameRequired') });

const invalid = (field: string, messageKey: string) => new ValidationError([{ path: [field], messageKey }]);

/** The category and tags an input names exist (422 naming the field otherwise); answers the unique tag ids. */
async function checkReferences(tx: Tx, input: { categoryId?: number | null; tagIds?: number[] | null }) {
  if (input.categoryId && !(await tx.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) {
    throw invalid('categoryId', 'content.unknownCategory');
  }
  const tagIds = input.tagIds ? [...new Set(input.tagIds)] : undefined;
  if (tagIds?.length && (await tx.tag.count({ where: { id: { in: tagIds } } })) !== tagIds.length) {
    throw invalid('tagIds', 'content.unknownTag');
  }
  return tagIds;
}

/** The sanitised body; 422 when nothing of it is left to show (the spec requires content). */
function cleanBody(html: string) {
  const clean = sanitizeContentHtml(html);
  if (!showsSomething(clean)) throw invalid('content', 'content.contentRequired');
  return clean;
}

/** The slug to store: the given one (normalised) must be free; one made from the title gets a suffix when taken. */
async function chooseSlug(tx: Tx, given: string | null | undefined, title: string, exceptId?: number) {
  const wanted = given ? slugify(given) : '';
  if (wanted) {
    const owner = await tx.contentItem.findUnique({ where: { slug: wanted }, select: { id: true } });
    if (owner && owner.id !== exceptId) throw new ConflictError('slug', 'content.slugTaken');
    return wanted;
  }
  return freeSlug(slugify(title) || 'content', takenContentSlugs(tx, exceptId));
}

/** What the audit log and a version keep of an item: its editable fields (null: no such item). */
async function contentSnapshot(tx: Tx, contentId: number) {
  const item = await tx.contentItem.findUnique({
    where: { id: contentId },
    include: { tags: { select: { tagId: true }, orderBy: { tagId: 'asc' } } },
  });
  if (!item) return null;
  return {
    id: item.id,
    title: item.title,
    slug: item.slug,
    content: item.content,
    excerpt: item.excerpt,
    contentType: item.contentType,
    status: item.status,
    categoryId: item.categoryId,
    tagIds: item.tags.map((tag) => tag.tagId),
  };
}

/** Writes the item's current fields as a version (every save keeps one); answers them for the audit log. */
async function keepVersion(tx: Tx, contentId: number, editorId: number | null) {
  const snapshot = await contentSnapshot(tx, contentId);
  if (!snapshot) throw new NotFoundError('content.notFound');
  const { id: _id, ...fields } = snapshot;
  await tx.contentVersion.create({ data: { contentId, editorId, ...fields } });
  return snapshot;
}

/** Runs a write in one transaction; a slug taken by a concurrent write is the same 409 as one found taken. */
async function inTransaction<T>(prisma: PrismaClient, write: (tx: Tx) => Promise<T>, conflict: ConflictError): Promise<T> {
  try {
    return await prisma.$transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}

const publishedAtFor = (status: ContentStatus, current: Date | null = null) =>
  status === 'published' ? (current ?? new Date()) : current;

// ───────────────────────────── Content ─────────────────────────────

export async function createContent(prisma: PrismaClient, actor: AuditActor, input: CreateContentInput) {
  const content = cleanBody(input.content);
  const status = input.status ?? 'draft';
  const editorId = actor.id;
  return inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'content.create', targetType: 'content' }, async (tx) => {
        const tagIds = await checkReferences(tx, input);
        const item = await tx.contentItem.create({
          data: {
            title: input.title,
            slug: await chooseSlug(tx, input.slug, input.title),
            content,
            excerpt: input.excerpt ?? null,
            contentType: input.contentType ?? 'post',
            status,
            publishedAt: publishedAtFor(status),
            categoryId: input.categoryId ?? null,
            authorId: editorId,
            tags: { create: (tagIds ?? []).map((tagId) => ({ tagId })) },
          },
        });
        const after = await keepVersion(tx, item.id, editorId);
        return { result: item, before: null, after, targetId: item.id };
      }),
    new ConflictError('slug', 'content.slugTaken'),
  );
}

export async function updateContent(prisma: PrismaClient, actor: AuditActor, id: number, input: UpdateContentInput) {
  const content = input.content == null ? undefined : cleanBody(input.content);
  return inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'content.update', targetType: 'content', targetId: id }, async (tx) => {
        const current = await tx.contentItem.findUnique({ where: { id } });
        if (!current) throw new NotFoundError('content.notFound');
        const before = await contentSnapshot(tx, id);
        const tagIds = await checkReferences(tx, input);
        const slug =
          input.slug != null && input.slug.trim() !== '' && slugify(input.slug) !== current.slug
            ? await chooseSlug(tx, input.slug, input.title ?? current.title, id)
            : undefined;
        const status = input.status ?? current.status;
        await tx.contentItem.update({
          where: { id },
          data: {
            title: input.title ?? undefined,
            slug,
            content,
            // An omitted excerpt stays; a given blank one clears it.
            excerpt: input.excerpt === undefined ? undefined : input.excerpt,
            contentType: input.contentType ?? undefined,
            status,
            publishedAt: publishedAtFor(status, current.publishedAt),
            categoryId: input.categoryId === undefined ? undefined : input.categoryId,
            tags: tagIds ? { deleteMany: {}, create: tagIds.map((tagId) => ({ tagId })) } : undefined,
          },
        });
        const after = await keepVersion(tx, id, actor.id);
        return { result: id, before, after };
      }),
    new ConflictError('slug', 'content.slugTaken'),
  );
}

export async function deleteContent(prisma: PrismaClient, actor: AuditActor, id: number) {
  await audited(prisma, { actor, action: 'content.delete', targetType: 'content', targetId: id }, async (tx) => {
    const before = await contentSnapshot(tx, id);
    const { count } = await tx.contentItem.deleteMany({ where: { id } });
    if (!before || count === 0) throw new NotFoundError('content.notFound');
    return { result: undefined, before, after: null };
  });
}

/**
 * Puts a version's fields back as a new save (which keeps its own version). A category or tag
 * deleted since is left out; a slug another item took since is a 409.
 */
export async function restoreContentVersion(prisma: PrismaClient, actor: AuditActor, versionId: number, contentId?: number) {
  return inTransaction(
    prisma,
    async (tx) => {
      const version = await tx.contentVersion.findUnique({ where: { id: versionId } });
      if (!version || (contentId !== undefined && version.contentId !== contentId)) {
        throw new NotFoundError('content.versionNotFound');
      }
      const entry = { actor, action: 'content.restoreVersion', targetType: 'content', targetId: version.contentId };
      return withAudit(tx, entry, async (tx) => {
        const before = await contentSnapshot(tx, version.contentId);
        const owner = await tx.contentItem.findUnique({ where: { slug: version.slug }, select: { id: true } });
        if (owner && owner.id !== version.contentId) throw new ConflictError('slug', 'content.slugTaken');
        const category = version.categoryId
          ? await tx.category.findUnique({ where: { id: version.categoryId }, select: { id: true } })
          : null;
        const tags = await tx.tag.findMany({ where: { id: { in: version.tagIds } }, select: { id: true } });
        const current = await tx.contentItem.findUniqueOrThrow({ where: { id: version.contentId } });
        await tx.contentItem.update({
          where: { id: version.contentId },
          data: {
            title: version.title,
            slug: version.slug,
            content: version.content,
            excerpt: version.excerpt,
            contentType: version.contentType,
            status: version.status,
            publishedAt: publishedAtFor(version.status, current.publishedAt),
            categoryId: category?.id ?? null,
            tags: { deleteMany: {}, create: tags.map((tag) => ({ tagId: tag.id })) },
          },
        });
        const after = await keepVersion(tx, version.contentId, actor.id);
        return { result: version.contentId, before: { ...before, restoredVersionId: versionId }, after };
      });
    },
    new ConflictError('slug', 'content.slugTaken'),
  );
}

export type ContentFilter = {
  contentType?: ContentType | null;
  status?: ContentStatus | null;
  categoryId?: number | null;
  tagId?: number | null;
  search?: string | null;
};

/** The list's condition; members see published items only, whatever status they ask for. */
export function contentWhere(filter: ContentFilter, isAdmin: boolean): Prisma.ContentItemWhereInput {
  const search = filter.search?.trim();
  return {
    status: isAdmin ? (filter.status ?? undefined) : 'published',
    contentType: filter.contentType ?? undefined,
    categoryId: filter.categoryId ?? undefined,
    tags: filter.tagId ? { some: { tagId: filter.tagId } } : undefined,
    OR: search
      ? [
          { title: containsIgnoringCase(search) },
          { excerpt: containsIgnoringCase(search) },
          { slug: containsIgnoringCase(search) },
        ]
      : undefined,
  };
}

/**
 * The item at `slug` for a reader, counting the view; null (404) for none, or for a draft or archived
 * item unless the reader is an admin (who previews it without counting a view).
 */
export async function readContentBySlug(prisma: PrismaClient, slug: string, isAdmin: boolean) {
  const item = await prisma.contentItem.findUnique({ where: { slug }, select: { id: true, status: true } });
  if (!item) return null;
  if (item.status !== 'published') return isAdmin ? item.id : null;
  await prisma.contentItem.update({ where: { id: item.id }, data: { views: { increment: 1 } }, select: { id: true } });
  return item.id;
}

// ───────────────────────────── Categories and tags ─────────────────────────────

type CategoryInput = z.output<typeof categoryInput>;

async function categorySlug(tx: Tx | PrismaClient, input: CategoryInput, exceptId?: number) {
  const wanted = input.slug ? slugify(input.slug) : '';
  if (!wanted) return freeSlug(slugify(input.name) || 'category', takenCategorySlugs(tx, exceptId));
  const owner = await tx.category.findUnique({ where: { slug: wanted }, select: { id: true } });
  if (owner && owner.id !== exceptId) throw new ConflictError('slug', 'content.categorySlugTaken');
  return wanted;
}

const categoryConflict = new ConflictError('slug', 'content.categorySlugTaken');

export const createCategory = (prisma: PrismaClient, actor: AuditActor, input: CategoryInput) =>
  inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'category.create', targetType: 'category' }, async (tx) => {
        const category = await tx.category.create({
          data: { name: input.name, description: input.description ?? null, slug: await categorySlug(tx, input) },
        });
        return { result: category, before: null, after: category, targetId: category.id };
      }),
    categoryConflict,
  );

export const updateCategory = (prisma: PrismaClient, actor: AuditActor, id: number, input: CategoryInput) =>
  inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'category.update', targetType: 'category', targetId: id }, async (tx) => {
        const before = await tx.category.findUnique({ where: { id } });
        if (!before) throw new NotFoundError('content.categoryNotFound');
        const slug = input.slug && slugify(input.slug) !== before.slug ? await categorySlug(tx, input, id) : undefined;
        const after = await tx.category.update({
          where: { id },
          data: { name: input.name, description: input.description ?? null, slug },
        });
        return { result: after, before, after };
      }),
    categoryConflict,
  );

/** Items of a deleted category stay, without a category. */
export async function deleteCategory(prisma: PrismaClient, actor: AuditActor, id: number) {
  await audited(prisma, { actor, action: 'category.delete', targetType: 'category', targetId: id }, async (tx) => {
    const before = await tx.category.findUnique({ where: { id } });
    const { count } = await tx.category.deleteMany({ where: { id } });
    if (!before || count === 0) throw new NotFoundError('content.categoryNotFound');
    return { result: undefined, before, after: null };
  });
}

const tagConflict = new ConflictError('name', 'content.tagTaken');

export const createTag = (prisma: PrismaClient, actor: AuditActor, name: string) =>
  inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'tag.create', targetType: 'tag' }, async (tx) => {
        const tag = await tx.tag.create({ data: { name } });
        return { result: tag, before: null, after: tag, targetId: tag.id };
      }),
    tagConflict,
  );

export const updateTag = (prisma: PrismaClient, actor: AuditActor, id: number, name: string) =>
  inTransaction(
    prisma,
    (tx) =>
      withAudit(tx, { actor, action: 'tag.update', targetType: 'tag', targetId: id }, async (tx) => {
        const before = await tx.tag.findUnique({ where: { id } });
        if (!before) throw new NotFoundError('content.tagNotFound');
        const after = await tx.tag.update({ where: { id }, data: { name } });
        return { result: after, before, after };
      }),
    tagConflict,
  );

/** Items lose the deleted tag. */
export async function deleteTag(prisma: PrismaClient, actor: AuditActor, id: number) {
  await audited(prisma, { actor, action: 'tag.delete', targetType: 'tag', targetId: id }, async (tx) => {
    const before = await tx.tag.findUnique({ where: { id } });
    const { count } = await tx.tag.deleteMany({ where: { id } });
    if (!before || count === 0) throw new NotFoundError('content.tagNotFound');
    return { result: undefined, before, after: null };
  });
}
