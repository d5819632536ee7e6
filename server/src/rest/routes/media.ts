import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { pageSize, text } from './values';

const MEDIA_FILE_FIELDS = `databaseId kind filename storedName originalName mimeType type size sizeText description altText url createdAt
  uploader { databaseId firstName lastName email }`;

type MediaFileNode = {
  databaseId: number;
  kind: string;
  filename: string;
  storedName: string;
  originalName: string;
  mimeType: string;
  type: string;
  size: number;
  sizeText: string;
  description: string | null;
  altText: string | null;
  url: string | null;
  createdAt: string;
  uploader: { databaseId: number; firstName: string; lastName: string; email: string | null } | null;
};

/** The spec's media file (section 3): id, filename, original_name, url, size, description, alt_text, created_at, uploader. */
const restMediaFile = (file: MediaFileNode) => ({
  id: file.databaseId,
  filename: file.filename,
  stored_name: file.storedName,
  original_name: file.originalName,
  url: file.url,
  size: file.size,
  size_text: file.sizeText,
  mime_type: file.mimeType,
  file_type: file.type.toLowerCase(),
  kind: file.kind.toLowerCase(),
  description: file.description,
  alt_text: file.altText,
  created_at: file.createdAt,
  uploader: file.uploader
    ? {
        id: file.uploader.databaseId,
        first_name: file.uploader.firstName,
        last_name: file.uploader.lastName,
        email: file.uploader.email,
      }
    : null,
});

const mediaGlobalId = (value: unknown) => encodeGlobalID('MediaFile', text(value).trim());

/** A field the client sent (even blank: that clears a description or alt text) or left out (unchanged). */
const sent = (body: RestRequest['body'], key: string) => (body[key] === undefined ? undefined : text(body[key]));

/** Spec section 7, "Content and admin": the media library. Admins only. */
export const mediaRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/admin/media',
    access: 'admin',
    operation: `query RestMediaFiles($first: Int, $after: String) {
      mediaFiles(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        edges { node { ${MEDIA_FILE_FIELDS} } }
      }
    }`,
    variables: ({ query }) => ({
      first: pageSize(query),
      after: query.get('after'),
    }),
    respond: ({ mediaFiles }) => ({
      media_files: mediaFiles.edges.map(({ node }: { node: MediaFileNode }) => restMediaFile(node)),
      total: mediaFiles.totalCount,
      next_cursor: mediaFiles.pageInfo.hasNextPage ? mediaFiles.pageInfo.endCursor : null,
    }),
  },
  {
    method: 'PATCH',
    path: '/admin/media/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestUpdateMediaFile($id: ID!, $input: UpdateMediaFileInput!) {
      updateMediaFile(id: $id, input: $input) {
        __typename ...RestError
        ... on MediaFileChange { message mediaFile { ${MEDIA_FILE_FIELDS} } }
      }
    }`,
    variables: ({ params, body }) => ({
      id: mediaGlobalId(params.id),
      input: { filename: sent(body, 'filename'), description: sent(body, 'description'), altText: sent(body, 'alt_text') },
    }),
    respond: ({ updateMediaFile }) => ({ ...restMediaFile(updateMediaFile.mediaFile), message: updateMediaFile.message }),
  },
  {
    method: 'DELETE',
    path: '/admin/media/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestDeleteMediaFile($id: ID!) {
      deleteMediaFile(id: $id) { __typename ...RestError ... on DeleteMediaFileSuccess { message } }
    }`,
    variables: ({ params }) => ({ id: mediaGlobalId(params.id) }),
    respond: ({ deleteMediaFile }) => ({ success: true, message: deleteMediaFile.message }),
  },
];
