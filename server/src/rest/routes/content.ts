import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { pageSize, text } from './values';

/** Spec section 7, "Content and admin": the CMS rows. Items have the spec's shape (section 3, "Content item"). */

const ITEM = `fragment RestContentItem on ContentItem {
  databaseId title slug content excerpt contentType status views createdAt updatedAt publishedAt
  category { databaseId name slug }
  tags { databaseId name }
  author { firstName lastName }
}`;

type GraphQLItem = {
  databaseId: number;
  title: string;
  slug: string;
  content: string;
  excerpt: string | null;
  contentType: string;
  status: string;
  views: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  category: { databaseId: number; name: string; slug: string } | null;
  tags: { databaseId: number; name: string }[];
  author: { firstName: string; lastName: string } | null;
};

export const restContentItem = (item: GraphQLItem) => ({
  id: item.databaseId,
  title: item.title,
  slug: item.slug,
  content: item.content,
  excerpt: item.excerpt,
  content_type: item.contentType.toLowerCase(),
  status: item.status.toLowerCase(),
  category_id: item.category?.databaseId ?? null,
  category: item.category && { id: item.category.databaseId, name: item.category.name, slug: item.category.slug },
  tags: item.tags.map((tag) => ({ id: tag.databaseId, name: tag.name })),
  author: item.author && { first_name: item.author.firstName, last_name: item.author.lastName },
  created_at: item.createdAt,
  updated_at: item.updatedAt,
  published_at: item.publishedAt,
  views: item.views,
});

const restCategory = (c: { databaseId: number; name: string; description: string | null; slug: string }) => ({
  id: c.databaseId,
  name: c.name,
  description: c.description,
  slug: c.slug,
});
const restTag = (tag: { databaseId: number; name: string }) => ({ id: tag.databaseId, name: tag.name });

const contentId = ({ params }: RestRequest) => encodeGlobalID('ContentItem', params.id ?? '');
const categoryId = ({ params }: RestRequest) => encodeGlobalID('Category', params.id ?? '');
const tagId = ({ params }: RestRequest) => encodeGlobalID('Tag', params.id ?? '');

/** A numeric id from a form or JSON field as the global id GraphQL takes; blank or `null` means none. */
const globalIdOf = (typename: string, value: unknown) => {
  const raw = text(value).trim();
  return raw === '' || raw === 'null' ? null : encodeGlobalID(typename, raw);
};

/** Tags as repeated form fields, a JSON list, a JSON string of a list or comma-separated ids. */
function tagIds(value: unknown): string[] {
  let list: unknown[] = [value].flat();
  if (list.length === 1 && typeof list[0] === 'string') {
    const raw = list[0].trim();
    try {
      const parsed: unknown = raw.startsWith('[') ? JSON.parse(raw) : null;
      list = Array.isArray(parsed) ? parsed : raw ? raw.split(',') : [];
    } catch {
      list = raw.split(',');
    }
  }
  return list
    .map((tag) => (tag && typeof tag === 'object' && 'id' in tag ? (tag as { id: unknown }).id : tag))
    .map((tag) => encodeGlobalID('Tag', text(tag).trim()));
}

/** The fields of a create or edit body (form or JSON, spec names or GraphQL names); only those present. */
function contentInput(body: Record<string, unknown>, all: boolean) {
  const pick = (...keys: string[]) => keys.map((key) => body[key]).find((value) => value !== undefined);
  const input: Record<string, unknown> = {};
  const put = (name: string, value: unknown, convert: (v: unknown) => unknown = text) => {
    if (value !== undefined) input[name] = value === null && name !== 'categoryId' ? null : convert(value);
    else if (all && (name === 'title' || name === 'content')) input[name] = '';
  };
  put('title', pick('title'));
  put('slug', pick('slug'));
  put('content', pick('content'));
  put('excerpt', pick('excerpt'));
  put('contentType', pick('content_type', 'contentType', 'type'));
  put('status', pick('status'));
  put('categoryId', pick('category_id', 'categoryId'), (value) => globalIdOf('Category', value));
  const tags = pick('tags', 'tag_ids', 'tagIds', 'tags[]');
  if (tags !== undefined) input.tagIds = tags === null ? [] : tagIds(tags);
  return input;
}

const LIST_FILTERS = `$first: Int, $after: String, $contentType: String, $status: String, $categoryId: ID, $tagId: ID, $search: String`;

export const contentRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/content',
    access: 'member',
    operation: `query RestContentList(${LIST_FILTERS}) {
      contentItems(first: $first, after: $after, contentType: $contentType, status: $status, categoryId: $categoryId,
                   tagId: $tagId, search: $search) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ...RestContentItem } }
      }
    } ${ITEM}`,
    variables: ({ query }) => ({
      first: pageSize(query),
      after: query.get('after') || query.get('cursor') || null,
      contentType: query.get('content_type') || query.get('type') || null,
      status: query.get('status') || null,
      categoryId: globalIdOf('Category', query.get('category_id') ?? query.get('category')),
      tagId: globalIdOf('Tag', query.get('tag_id') ?? query.get('tag')),
      search: query.get('search') || query.get('q') || null,
    }),
    respond: ({ contentItems }) => ({
      items: contentItems.edges.map((edge: { node: GraphQLItem }) => restContentItem(edge.node)),
      total: contentItems.totalCount,
      next_cursor: contentItems.pageInfo.hasNextPage ? contentItems.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'POST',
    path: '/content',
    access: 'admin',
    status: 201,
    operation: `mutation RestCreateContent($input: CreateContentInput!) {
      createContent(input: $input) { __typename ...RestError ... on CreateContentSuccess { item { ...RestContentItem } } }
    } ${ITEM}`,
    variables: ({ body }) => ({ input: contentInput(body, true) }),
    respond: ({ createContent }) => restContentItem(createContent.item),
  },
  {
    method: 'GET',
    path: '/content/slug/:slug',
    access: 'member',
    operation: `query RestContentBySlug($slug: String!) { contentBySlug(slug: $slug) { ...RestContentItem } } ${ITEM}`,
    variables: ({ params }) => ({ slug: params.slug }),
    notFound: { field: 'contentBySlug', detail: 'content.notFound' },
    respond: ({ contentBySlug }) => restContentItem(contentBySlug),
  },
  {
    method: 'PATCH',
    path: '/content/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestUpdateContent($id: ID!, $input: UpdateContentInput!) {
      updateContent(id: $id, input: $input) { __typename ...RestError ... on UpdateContentSuccess { item { ...RestContentItem } } }
    } ${ITEM}`,
    variables: (req) => ({ id: contentId(req), input: contentInput(req.body, false) }),
    respond: ({ updateContent }) => restContentItem(updateContent.item),
  },
  {
    method: 'DELETE',
    path: '/content/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteContent($id: ID!) {
      deleteContent(id: $id) { __typename ...RestError ... on DeleteContentSuccess { deletedDatabaseId } }
    }`,
    variables: (req) => ({ id: contentId(req) }),
    respond: ({ deleteContent }) => ({ success: true, id: deleteContent.deletedDatabaseId }),
  },
  {
    method: 'GET',
    path: '/content/:id(\\d+)/versions',
    access: 'admin',
    operation: `query RestContentVersions($id: ID!) {
      contentVersions(contentId: $id) {
        databaseId title slug content excerpt contentType status categoryId tagIds createdAt
        editor { databaseId firstName lastName }
      }
    }`,
    variables: (req) => ({ id: contentId(req) }),
    respond: ({ contentVersions }) =>
      contentVersions.map(
        (v: {
          databaseId: number;
          title: string;
          slug: string;
          content: string;
          excerpt: string | null;
          contentType: string;
          status: string;
          categoryId: number | null;
          tagIds: number[];
          createdAt: string;
          editor: { databaseId: number; firstName: string; lastName: string } | null;
        }) => ({
          id: v.databaseId,
          title: v.title,
          slug: v.slug,
          content: v.content,
          excerpt: v.excerpt,
          content_type: v.contentType.toLowerCase(),
          status: v.status.toLowerCase(),
          category_id: v.categoryId,
          tag_ids: v.tagIds,
          created_at: v.createdAt,
          editor: v.editor && { id: v.editor.databaseId, first_name: v.editor.firstName, last_name: v.editor.lastName },
        }),
      ),
  },
  {
    method: 'POST',
    path: '/content/:id(\\d+)/versions/:versionId(\\d+)/restore',
    access: 'admin',
    // The version must belong to the item of the path: one of another item is as unknown as none.
    operation: `mutation RestRestoreContentVersion($id: ID!, $versionId: Int!) {
      restoreContentVersion(contentId: $id, versionId: $versionId) {
        __typename ...RestError ... on RestoreContentVersionSuccess { item { ...RestContentItem } }
      }
    } ${ITEM}`,
    variables: (req) => ({ id: contentId(req), versionId: Math.min(Number(req.params.versionId), 2 ** 31 - 1) }),
    respond: ({ restoreContentVersion }) => restContentItem(restoreContentVersion.item),
  },
  {
    method: 'GET',
    path: '/categories',
    access: 'anonymous',
    operation: `query RestCategories { contentCategories { databaseId name description slug } }`,
    respond: ({ contentCategories }) => contentCategories.map(restCategory),
  },
  {
    method: 'POST',
    path: '/categories',
    access: 'admin',
    status: 201,
    operation: `mutation RestCreateCategory($input: CategoryInput!) {
      createCategory(input: $input) { __typename ...RestError ... on CategorySuccess { category { databaseId name description slug } } }
    }`,
    variables: ({ body }) => ({
      input: {
        name: text(body.name),
        description: body.description == null ? null : text(body.description),
        slug: body.slug == null ? null : text(body.slug),
      },
    }),
    respond: ({ createCategory }) => restCategory(createCategory.category),
  },
  {
    method: 'PATCH',
    path: '/categories/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestUpdateCategory($id: ID!, $input: CategoryInput!) {
      updateCategory(id: $id, input: $input) { __typename ...RestError ... on CategorySuccess { category { databaseId name description slug } } }
    }`,
    variables: (req) => ({
      id: categoryId(req),
      input: {
        name: text(req.body.name),
        description: req.body.description == null ? null : text(req.body.description),
        slug: req.body.slug == null ? null : text(req.body.slug),
      },
    }),
    respond: ({ updateCategory }) => restCategory(updateCategory.category),
  },
  {
    method: 'DELETE',
    path: '/categories/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteCategory($id: ID!) {
      deleteCategory(id: $id) { __typename ...RestError ... on DeleteCategorySuccess { deletedDatabaseId } }
    }`,
    variables: (req) => ({ id: categoryId(req) }),
    respond: ({ deleteCategory }) => ({ success: true, id: deleteCategory.deletedDatabaseId }),
  },
  {
    method: 'GET',
    path: '/tags',
    access: 'anonymous',
    operation: `query RestTags { contentTags { databaseId name } }`,
    respond: ({ contentTags }) => contentTags.map(restTag),
  },
  {
    method: 'POST',
    path: '/tags',
    access: 'admin',
    status: 201,
    operation: `mutation RestCreateTag($name: String!) {
      createTag(name: $name) { __typename ...RestError ... on TagSuccess { tag { databaseId name } } }
    }`,
    variables: ({ body }) => ({ name: text(body.name) }),
    respond: ({ createTag }) => restTag(createTag.tag),
  },
  {
    method: 'PATCH',
    path: '/tags/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestUpdateTag($id: ID!, $name: String!) {
      updateTag(id: $id, name: $name) { __typename ...RestError ... on TagSuccess { tag { databaseId name } } }
    }`,
    variables: (req) => ({ id: tagId(req), name: text(req.body.name) }),
    respond: ({ updateTag }) => restTag(updateTag.tag),
  },
  {
    method: 'DELETE',
    path: '/tags/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteTag($id: ID!) {
      deleteTag(id: $id) { __typename ...RestError ... on DeleteTagSuccess { deletedDatabaseId } }
    }`,
    variables: (req) => ({ id: tagId(req) }),
    respond: ({ deleteTag }) => ({ success: true, id: deleteTag.deletedDatabaseId }),
  },
];
