import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { userGlobalId } from './profile';
import { files, idempotencyKey, number, pageSize, text } from './values';
import {
  AUTHOR,
  MEDIA,
  PUBLICATION,
  REVIEW,
  restComment,
  restMedia,
  restPublication,
  restReview,
  type Publication,
} from './publicationShapes';

/** Spec section 7, "Publications" (media files themselves are served by http.ts, not by a row). */

const publicationId = ({ params }: RestRequest) => encodeGlobalID('Publication', params.id ?? '');

/** `location` as a JSON object, a JSON string in a form, or flat form fields. */
function location(body: Record<string, unknown>) {
  let value = body.location;
  if (typeof value === 'string') {
    try {
      value = value.trim() ? JSON.parse(value) : null;
    } catch {
      value = null;
    }
  }
  const place = (value && typeof value === 'object' ? value : body.latitude !== undefined ? body : null) as Record<
    string,
    unknown
  > | null;
  if (!place) return null;
  return {
    latitude: number(place.latitude),
    longitude: number(place.longitude),
    address: place.address == null ? null : text(place.address),
    mapProvider: place.map_provider == null ? null : text(place.map_provider),
  };
}

/** The spec's gallery feed is 50 items. */
const limit = (req: RestRequest) => pageSize(req.query, 50);

const nextCursor = (connection: { pageInfo: { hasNextPage: boolean; endCursor: string | null } }): Record<string, string> =>
  connection.pageInfo.hasNextPage && connection.pageInfo.endCursor ? { 'x-next-cursor': connection.pageInfo.endCursor } : {};

const PAGE = `pageInfo { hasNextPage endCursor } edges { node { ...RestPublication } }`;
const publications = (connection: { edges: { node: Publication }[] }) =>
  connection.edges.map((edge) => restPublication(edge.node));

export const publicationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/publications/feed',
    access: 'member',
    operation: `query RestFeed($first: Int, $after: String) { feed(first: $first, after: $after) { ${PAGE} } } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => ({ first: limit(req), after: req.query.get('cursor') || null }),
    respond: ({ feed }) => publications(feed),
    headers: ({ feed }) => nextCursor(feed),
  },
  {
    method: 'GET',
    path: '/publications/user/:id',
    access: 'member',
    // The same list as the profile's Publications tab; 404 for nobody, or a member behind a block.
    operation: `query RestUserPublications($id: ID!, $first: Int, $after: String) {
      node(id: $id) { ... on User { publications(first: $first, after: $after) { ${PAGE} } } }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => ({ id: userGlobalId(req.params.id), first: limit(req), after: req.query.get('cursor') || null }),
    notFound: { field: 'node', detail: 'user.notFound' },
    respond: ({ node }) => publications(node.publications),
    headers: ({ node }) => nextCursor(node.publications),
  },
  {
    method: 'POST',
    path: '/publications/',
    access: 'member',
    status: 201,
    operation: `mutation RestCreatePublication($input: CreatePublicationInput!) {
      createPublication(input: $input) {
        __typename ...RestError ... on CreatePublicationSuccess { publication { ...RestPublication } }
      }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => {
      const { body } = req;
      const media = files(body.files, body.file, body.media);
      const names = [body.media_files, body.media_filenames].flat().filter((name): name is string => typeof name === 'string');
      return {
        input: {
          content: text(body.content),
          location: location(body),
          media: media.length ? media : null,
          mediaFilenames: names.length ? names : null,
          idempotencyKey: idempotencyKey(req),
        },
      };
    },
    respond: ({ createPublication }) => restPublication(createPublication.publication),
  },
  {
    method: 'POST',
    path: '/publications/upload-media',
    access: 'member',
    status: 201,
    operation: `mutation RestUploadPublicationMedia($files: [File!]!) {
      uploadPublicationMedia(files: $files) {
        __typename ...RestError ... on UploadPublicationMediaSuccess { media { ...RestMedia } }
      }
    } ${MEDIA}`,
    variables: ({ body }) => ({ files: files(body.files, body.file) }),
    respond: ({ uploadPublicationMedia }) => ({ files: uploadPublicationMedia.media.map(restMedia) }),
  },
  {
    method: 'PUT',
    path: '/publications/:id/media',
    access: 'owner',
    listBody: true,
    operation: `mutation RestAttachPublicationMedia($id: ID!, $filenames: [String!]!) {
      attachPublicationMedia(id: $id, filenames: $filenames) {
        __typename ...RestError ... on AttachPublicationMediaSuccess { publication { ...RestPublication } }
      }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => {
      const { body } = req;
      // The spec sends a bare JSON list; objects with a named list are accepted too.
      const list = [body.items, body.filenames, body.media_files, body.files].find(Array.isArray) ?? [];
      return {
        id: publicationId(req),
        filenames: list.map((entry: unknown) =>
          typeof entry === 'object' && entry ? text((entry as { filename?: unknown }).filename) : text(entry),
        ),
      };
    },
    respond: ({ attachPublicationMedia }) => restPublication(attachPublicationMedia.publication),
  },
  {
    method: 'PUT',
    path: '/publications/:id',
    access: 'owner',
    operation: `mutation RestUpdatePublication($id: ID!, $content: String!) {
      updatePublication(id: $id, content: $content) {
        __typename ...RestError ... on UpdatePublicationSuccess { publication { ...RestPublication } }
      }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => ({ id: publicationId(req), content: text(req.body.content) }),
    respond: ({ updatePublication }) => restPublication(updatePublication.publication),
  },
  {
    method: 'DELETE',
    path: '/publications/:id',
    access: 'owner',
    operation: `mutation RestDeletePublication($id: ID!) {
      deletePublication(id: $id) { __typename ...RestError ... on DeletePublicationSuccess { deletedDatabaseId } }
    }`,
    variables: (req) => ({ id: publicationId(req) }),
    respond: ({ deletePublication }) => ({ success: true, id: deletePublication.deletedDatabaseId }),
  },
  {
    method: 'POST',
    path: '/publications/:id/like',
    access: 'member',
    operation: `mutation RestLikePublication($id: ID!) {
      likePublication(id: $id) {
        __typename ...RestError ... on LikePublicationSuccess { liked publication { likesCount } }
      }
    }`,
    variables: (req) => ({ id: publicationId(req) }),
    respond: ({ likePublication }) => ({
      action: likePublication.liked ? 'liked' : 'unliked',
      is_liked: likePublication.liked,
      likes_count: likePublication.publication.likesCount,
    }),
  },
  {
    method: 'POST',
    path: '/publications/:id/comments',
    access: 'member',
    status: 201,
    operation: `mutation RestAddComment($id: ID!, $text: String!, $idempotencyKey: String) {
      addPublicationComment(publicationId: $id, text: $text, idempotencyKey: $idempotencyKey) {
        __typename ...RestError
        ... on AddPublicationCommentSuccess { comment { databaseId text createdAt author { ${AUTHOR} } } }
      }
    }`,
    variables: (req) => ({
      id: publicationId(req),
      text: text(req.body.comment_text ?? req.body.text),
      idempotencyKey: idempotencyKey(req),
    }),
    respond: ({ addPublicationComment }) => restComment(addPublicationComment.comment),
  },
  {
    method: 'GET',
    path: '/publications/map-providers',
    access: 'member',
    operation: `query RestMapProviders { mapProviders { key name description isDefault } }`,
    respond: ({ mapProviders }) =>
      mapProviders.map((p: { key: string; name: string; description: string | null; isDefault: boolean }) => ({
        id: p.key,
        name: p.name,
        description: p.description,
        is_default: p.isDefault,
      })),
  },
  {
    method: 'GET',
    path: '/publications/location-reviews',
    access: 'member',
    operation: `query RestLocationReviews($latitude: Float!, $longitude: Float!) {
      locationReviews(latitude: $latitude, longitude: $longitude) { ...RestReview }
    } ${REVIEW}`,
    variables: ({ query }) => ({ latitude: number(query.get('latitude')), longitude: number(query.get('longitude')) }),
    respond: ({ locationReviews }) => locationReviews.map(restReview),
  },
  {
    method: 'POST',
    path: '/publications/location-reviews',
    access: 'member',
    status: 201,
    operation: `mutation RestAddLocationReview($input: AddLocationReviewInput!) {
      addLocationReview(input: $input) { __typename ...RestError ... on AddLocationReviewSuccess { review { ...RestReview } } }
    } ${REVIEW}`,
    variables: ({ body }) => ({
      input: {
        latitude: number(body.latitude),
        longitude: number(body.longitude),
        // Not an integer: 0, which the rating rule refuses with its text.
        rating:
          body.rating == null || body.rating === '' ? null : Number.isInteger(number(body.rating)) ? number(body.rating) : 0,
        text: text(body.review_text ?? body.text),
      },
    }),
    respond: ({ addLocationReview }) => restReview(addLocationReview.review),
  },
  {
    method: 'POST',
    path: '/media/upload',
    access: 'member',
    status: 201,
    operation: `mutation RestUploadPhotos($files: [File!]!, $title: String) {
      uploadGalleryMedia(kind: PHOTO, files: $files, title: $title) {
        __typename ...RestError
        ... on UploadGalleryMediaSuccess { items { databaseId url thumbnailUrl title uploadDate } }
      }
    }`,
    variables: ({ body }) => ({
      files: files(body.photo, body.photos, body.file),
      title: body.title == null ? null : text(body.title),
    }),
    respond: ({ uploadGalleryMedia }) => {
      const items = uploadGalleryMedia.items.map(
        (item: { databaseId: number; url: string; thumbnailUrl: string; title: string; uploadDate: string }) => ({
          id: item.databaseId,
          url: item.url,
          thumbnail: item.thumbnailUrl,
          title: item.title,
          uploadDate: item.uploadDate,
        }),
      );
      return { success: true, count: items.length, items };
    },
  },
];
