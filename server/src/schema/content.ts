import { z } from 'zod';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import * as content from '../services/content';
import { ConflictError, ValidationError } from '../services/errors';
import { parsedBy } from '../services/validation';
import { databaseIdOf, type GlobalId } from './globalIds';

/** The CMS (spec sections 2 "Admin content", 3 "Content item, Category, Tag"): admins write, members read what is published. */

const ContentTypeEnum = builder.enumType('ContentType', {
  values: { POST: { value: 'post' }, PAGE: { value: 'page' }, ARTICLE: { value: 'article' } } as const,
});

const ContentStatusEnum = builder.enumType('ContentStatus', {
  values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' }, ARCHIVED: { value: 'archived' } } as const,
});

const isAdmin = (ctx: Context) => ctx.viewer?.user.role === 'admin';

// Not a Node: node(id) is for signed-in readers, and anyone reads these. The id is still a global id.
export const CategoryNode = builder.prismaObject('Category', {
  description: 'A content category; anyone may read the list.',
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID('Category', row.id) }),
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    slug: t.exposeString('slug'),
  }),
});

// Not a Node: node(id) is for signed-in readers, and anyone reads these. The id is still a global id.
export const TagNode = builder.prismaObject('Tag', {
  description: 'A content tag; anyone may read the list.',
  fields: (t) => ({
    id: t.id({ resolve: (row) => encodeGlobalID('Tag', row.id) }),
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
  }),
});

export const ContentItemNode = builder.prismaNode('ContentItem', {
  id: { field: 'id' },
  nullable: true,
  description: 'An article, post or page. Members read published items; admins read every status.',
  // A draft or archived item does not exist for members (node(id) is null, as the slug read is a 404).
  findUnique: (id, ctx) => ({ id: Number(id), ...(isAdmin(ctx) ? {} : { status: 'published' as const }) }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The numeric id the REST paths use.' }),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
    content: t.exposeString('content', { description: 'Sanitised HTML.' }),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    contentType: t.expose('contentType', { type: ContentTypeEnum }),
    status: t.expose('status', { type: ContentStatusEnum }),
    category: t.relation('category', { nullable: true }),
    tags: t.field({
      type: [TagNode],
      select: { tags: { select: { tag: true }, orderBy: { tag: { name: 'asc' } } } },
      resolve: (item) => item.tags.map((link) => link.tag),
    }),
    author: t.relation('author', { nullable: true, description: 'Null once the account is deleted.' }),
    views: t.exposeInt('views'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
  }),
});

const ContentVersionRef = builder.prismaObject('ContentVersion', {
  description: "A content item's fields as one save left them.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    slug: t.exposeString('slug'),
    content: t.exposeString('content'),
    excerpt: t.exposeString('excerpt', { nullable: true }),
    contentType: t.expose('contentType', { type: ContentTypeEnum }),
    status: t.expose('status', { type: ContentStatusEnum }),
    categoryId: t.exposeInt('categoryId', { nullable: true, description: 'The database id of the category then.' }),
    tagIds: t.exposeIntList('tagIds', { description: 'The database ids of the tags then.' }),
    editor: t.relation('editor', { nullable: true, description: 'Who saved; null once the account is deleted.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

// ───────────────────────────── Ids ─────────────────────────────

/** A category or tag an input names: a malformed or unknown id is the same 422 as a missing row. */
function referenceId(globalId: GlobalId, typename: 'Category' | 'Tag'): number {
  try {
    return databaseIdOf(globalId, typename);
  } catch {
    const [field, key] = typename === 'Category' ? ['categoryId', 'content.unknownCategory'] : ['tagIds', 'content.unknownTag'];
    throw new ValidationError([{ path: [field], messageKey: key }]);
  }
}

/** A filter's id: one that names nothing matches nothing. */
function filterId(globalId: GlobalId | null | undefined, typename: string): number | undefined {
  if (globalId == null || globalId === '') return undefined;
  try {
    return databaseIdOf(globalId, typename);
  } catch {
    return 0;
  }
}

const contentItemId = (id: GlobalId) => databaseIdOf(id, 'ContentItem', 'content.notFound');
const categoryId = (id: GlobalId) => databaseIdOf(id, 'Category', 'content.categoryNotFound');
const tagId = (id: GlobalId) => databaseIdOf(id, 'Tag', 'content.tagNotFound');

// ───────────────────────────── Queries ─────────────────────────────

const filterSchemas = {
  contentType: z.enum(content.CONTENT_TYPES, { message: 'content.invalidType' }),
  status: z.enum(content.CONTENT_STATUSES, { message: 'content.invalidStatus' }),
};

builder.queryFields((t) => ({
  contentItems: t.prismaConnection({
    type: 'ContentItem',
    cursor: 'id',
    description:
      'Content, newest first, 20 per page. Members get published items only; admins filter by any status. `search` matches title, excerpt and slug.',
    ...access('member'),
    defaultSize: 20,
    maxSize: 100,
    args: {
      contentType: t.arg.string({
        required: false,
        description: 'post, page or article',
        validate: { schema: filterSchemas.contentType },
      }),
      status: t.arg.string({
        required: false,
        description: 'draft, published or archived',
        validate: { schema: filterSchemas.status },
      }),
      categoryId: t.arg.id({ required: false }),
      tagId: t.arg.id({ required: false }),
      search: t.arg.string({ required: false, validate: { maxLength: 100 } }),
    },
    totalCount: (_root, args, ctx) => ctx.prisma.contentItem.count({ where: listWhere(args, ctx) }),
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.contentItem.findMany({ ...query, where: listWhere(args, ctx), orderBy: { id: 'desc' } }),
  }),

  contentBySlug: t.prismaField({
    type: 'ContentItem',
    nullable: true,
    description:
      'A published item by its slug, counting a view; null for none, or for a draft or archived one unless the viewer is an admin (whose preview counts no view).',
    ...access('member'),
    args: { slug: t.arg.string({ required: true, validate: { maxLength: 255 } }) },
    resolve: async (query, _root, { slug }, ctx) => {
      const id = await content.readContentBySlug(ctx.prisma, slug, isAdmin(ctx));
      return id === null ? null : ctx.prisma.contentItem.findUnique({ ...query, where: { id } });
    },
  }),

  contentVersions: t.prismaField({
    type: [ContentVersionRef],
    description: "An item's saved versions, newest first (admins).",
    ...access('admin'),
    args: { contentId: t.arg.id({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.contentVersion.findMany({
        ...query,
        where: { contentId: contentItemId(String(args.contentId)) },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),

  contentCategories: t.prismaField({
    type: ['Category'],
    description: 'Every category, by name (no sign-in needed).',
    ...access('anonymous'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.category.findMany({ ...query, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  }),

  contentTags: t.prismaField({
    type: ['Tag'],
    description: 'Every tag, by name (no sign-in needed).',
    ...access('anonymous'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.tag.findMany({ ...query, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  }),
}));

type ListArgs = {
  contentType?: string | null;
  status?: string | null;
  categoryId?: GlobalId | null;
  tagId?: GlobalId | null;
  search?: string | null;
};

function listWhere(args: ListArgs, ctx: Context) {
  return content.contentWhere(
    {
      contentType: args.contentType as content.ContentFilter['contentType'],
      status: args.status as content.ContentFilter['status'],
      categoryId: filterId(args.categoryId, 'Category'),
      tagId: filterId(args.tagId, 'Tag'),
      search: args.search,
    },
    isAdmin(ctx),
  );
}

// ───────────────────────────── Mutations ─────────────────────────────

const ids = { categoryId: z.string().nullish(), tagIds: z.array(z.string()).max(50, 'validation.tooLong').nullish() };
const createInputSchema = content.createContentInput.extend(ids);
const updateInputSchema = content.updateContentInput.extend(ids);

const contentInputFields = (required: boolean) => (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  title: t.string({ required }),
  slug: t.string({ required: false, description: 'Blank: made from the title (a numeric suffix when taken).' }),
  content: t.string({ required, description: 'HTML; stored sanitised.' }),
  excerpt: t.string({ required: false }),
  contentType: t.string({ required: false, description: 'post (default), page or article' }),
  status: t.string({ required: false, description: 'draft (default), published or archived' }),
  categoryId: t.id({ required: false, description: 'Null: no category.' }),
  tagIds: t.idList({ required: false, description: 'Replaces the tags (when given).' }),
});

const CreateContentInput = builder.inputType('CreateContentInput', { fields: contentInputFields(true) });
const UpdateContentInput = builder.inputType('UpdateContentInput', {
  description: 'Only the fields given change.',
  fields: contentInputFields(false),
});

/** The service's input: global ids of categories and tags as database ids. */
function withDatabaseIds<T extends { categoryId?: string | null; tagIds?: string[] | null }>(input: T) {
  return {
    ...input,
    categoryId:
      input.categoryId == null ? input.categoryId : input.categoryId === '' ? null : referenceId(input.categoryId, 'Category'),
    tagIds: input.tagIds?.map((id) => referenceId(id, 'Tag')),
  } as Omit<T, 'categoryId' | 'tagIds'> & { categoryId?: number | null; tagIds?: number[] };
}

const ContentItemSuccess = (name: string) =>
  builder.objectRef<{ contentId: number }>(name).implement({
    fields: (t) => ({
      item: t.prismaField({
        type: 'ContentItem',
        resolve: (query, result, _args, ctx) =>
          ctx.prisma.contentItem.findUniqueOrThrow({ ...query, where: { id: result.contentId } }),
      }),
    }),
  });

const Deleted = (name: string) =>
  builder.objectRef<{ globalId: string; databaseId: number }>(name).implement({
    fields: (t) => ({
      deletedId: t.id({ resolve: (result) => result.globalId }),
      deletedDatabaseId: t.exposeInt('databaseId'),
    }),
  });

const CategorySuccess = builder.objectRef<{ id: number }>('CategorySuccess').implement({
  fields: (t) => ({
    category: t.prismaField({
      type: 'Category',
      resolve: (query, result, _args, ctx) => ctx.prisma.category.findUniqueOrThrow({ ...query, where: { id: result.id } }),
    }),
  }),
});

const TagSuccess = builder.objectRef<{ id: number }>('TagSuccess').implement({
  fields: (t) => ({
    tag: t.prismaField({
      type: 'Tag',
      resolve: (query, result, _args, ctx) => ctx.prisma.tag.findUniqueOrThrow({ ...query, where: { id: result.id } }),
    }),
  }),
});

const DeleteContentSuccess = Deleted('DeleteContentSuccess');
const DeleteCategorySuccess = Deleted('DeleteCategorySuccess');
const DeleteTagSuccess = Deleted('DeleteTagSuccess');

const categoryInputFields = builder.inputType('CategoryInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string({ required: false }),
    slug: t.string({ required: false, description: 'Blank: made from the name.' }),
  }),
});

const conflicts = [ConflictError];

builder.mutationFields((t) => ({
  createContent: t.field({
    type: ContentItemSuccess('CreateContentSuccess'),
    description: 'Creates an item (admins) and keeps its first version.',
    ...access('admin'),
    args: { input: t.arg({ type: CreateContentInput, required: true, validate: { schema: createInputSchema } }) },
    errors: { types: conflicts, directResult: true, union: { name: 'CreateContentResult' } },
    resolve: async (_root, { input }, ctx) => {
      const item = await content.createContent(ctx.prisma, ctx.viewer!.user, withDatabaseIds(parsedBy(createInputSchema, input)));
      return { contentId: item.id };
    },
  }),

  updateContent: t.field({
    type: ContentItemSuccess('UpdateContentSuccess'),
    description: 'Changes the given fields of an item (admins) and keeps a version.',
    ...access('admin'),
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateContentInput, required: true, validate: { schema: updateInputSchema } }),
    },
    errors: { types: conflicts, directResult: true, union: { name: 'UpdateContentResult' } },
    resolve: async (_root, args, ctx) => {
      const id = contentItemId(String(args.id));
      const input = withDatabaseIds(parsedBy(updateInputSchema, args.input));
      return { contentId: await content.updateContent(ctx.prisma, ctx.viewer!.user, id, input) };
    },
  }),

  deleteContent: t.field({
    type: DeleteContentSuccess,
    description: 'Deletes an item with its versions (admins).',
    ...access('admin'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteContentResult' } },
    resolve: async (_root, args, ctx) => {
      const id = contentItemId(String(args.id));
      await content.deleteContent(ctx.prisma, ctx.viewer!.user, id);
      return { globalId: String(args.id), databaseId: id };
    },
  }),

  restoreContentVersion: t.field({
    type: ContentItemSuccess('RestoreContentVersionSuccess'),
    description: "Puts a version's fields back (admins); the restore is saved as a new version.",
    ...access('admin'),
    args: {
      versionId: t.arg.int({ required: true, description: 'The databaseId of the version.' }),
      contentId: t.arg.id({ required: false, description: 'When given, the version must be one of this item.' }),
    },
    errors: { types: conflicts, directResult: true, union: { name: 'RestoreContentVersionResult' } },
    resolve: async (_root, args, ctx) => {
      const item = args.contentId == null ? undefined : contentItemId(String(args.contentId));
      return { contentId: await content.restoreContentVersion(ctx.prisma, ctx.viewer!.user, args.versionId, item) };
    },
  }),

  createCategory: t.field({
    type: CategorySuccess,
    ...access('admin'),
    args: { input: t.arg({ type: categoryInputFields, required: true, validate: { schema: content.categoryInput } }) },
    errors: { types: conflicts, directResult: true, union: { name: 'CreateCategoryResult' } },
    resolve: async (_root, { input }, ctx) => ({
      id: (await content.createCategory(ctx.prisma, ctx.viewer!.user, parsedBy(content.categoryInput, input))).id,
    }),
  }),

  updateCategory: t.field({
    type: CategorySuccess,
    ...access('admin'),
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: categoryInputFields, required: true, validate: { schema: content.categoryInput } }),
    },
    errors: { types: conflicts, directResult: true, union: { name: 'UpdateCategoryResult' } },
    resolve: async (_root, args, ctx) => ({
      id: (
        await content.updateCategory(
          ctx.prisma,
          ctx.viewer!.user,
          categoryId(String(args.id)),
          parsedBy(content.categoryInput, args.input),
        )
      ).id,
    }),
  }),

  deleteCategory: t.field({
    type: DeleteCategorySuccess,
    description: 'Deletes a category; its items stay, without one.',
    ...access('admin'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteCategoryResult' } },
    resolve: async (_root, args, ctx) => {
      const id = categoryId(String(args.id));
      await content.deleteCategory(ctx.prisma, ctx.viewer!.user, id);
      return { globalId: String(args.id), databaseId: id };
    },
  }),

  createTag: t.field({
    type: TagSuccess,
    ...access('admin'),
    args: { name: t.arg.string({ required: true, validate: { schema: content.tagInput.shape.name } }) },
    errors: { types: conflicts, directResult: true, union: { name: 'CreateTagResult' } },
    resolve: async (_root, args, ctx) => ({ id: (await content.createTag(ctx.prisma, ctx.viewer!.user, args.name)).id }),
  }),

  updateTag: t.field({
    type: TagSuccess,
    ...access('admin'),
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true, validate: { schema: content.tagInput.shape.name } }),
    },
    errors: { types: conflicts, directResult: true, union: { name: 'UpdateTagResult' } },
    resolve: async (_root, args, ctx) => ({
      id: (await content.updateTag(ctx.prisma, ctx.viewer!.user, tagId(String(args.id)), args.name)).id,
    }),
  }),

  deleteTag: t.field({
    type: DeleteTagSuccess,
    description: 'Deletes a tag; items lose it.',
    ...access('admin'),
    args: { id: t.arg.id({ required: true }) },
    errors: { directResult: true, union: { name: 'DeleteTagResult' } },
    resolve: async (_root, args, ctx) => {
      const id = tagId(String(args.id));
      await content.deleteTag(ctx.prisma, ctx.viewer!.user, id);
      return { globalId: String(args.id), databaseId: id };
    },
  }),
}));
