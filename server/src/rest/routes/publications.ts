import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { text } from './values';

/** Spec section 7, "Publications" (media files themselves are served by http.ts, not by a row). */

const AUTHOR = `databaseId username firstName lastName avatarImage`;

const PUBLICATION = `fragment RestPublication on Publication {
  databaseId content createdAt updatedAt likesCount viewerHasLiked viewerIsAuthor commentsCount
  author { ${AUTHOR} }
  location { latitude longitude address mapProvider mapUrl }
  media { ...RestMedia }
  comments(first: 100) { edges { node { databaseId text createdAt author { ${AUTHOR} } } } }
}`;

const MEDIA = `fragment RestMedia on PublicationMedia {
  databaseId filename originalName fileType mimeType size width height durationSeconds url thumbnailUrl
}`;

const REVIEW = `fragment RestReview on LocationReview {
  databaseId latitude longitude rating text createdAt author { ${AUTHOR} }
}`;

type Author = { databaseId: number; username: string; firstName: string; lastName: string; avatarImage: string | null };
type Media = {
  databaseId: number;
  filename: string;
  originalName: string | null;
  fileType: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  url: string;
  thumbnailUrl: string;
};
type Publication = {
  databaseId: number;
  content: string;
  createdAt: string;
  updatedAt: string;
  likesCount: number;
  viewerHasLiked: boolean;
  viewerIsAuthor: boolean;
  commentsCount: number;
  author: Author;
  location: { latitude: number; longitude: number; address: string | null; mapProvider: string | null; mapUrl: string } | null;
  media: Media[];
  comments: { edges: { node: { databaseId: number; text: string; createdAt: string; author: Author } }[] };
};

/** The spec's author fields (section 3, Publication): flat, snake_case. */
const authorFields = (author: Author) => ({
  user_id: author.databaseId,
  username: author.username,
  first_name: author.firstName,
  last_name: author.lastName,
  user_avatar: author.avatarImage,
  user_name: `${author.firstName} ${author.lastName}`.trim(),
});

const restMedia = (media: Media) => ({
  id: media.databaseId,
  filename: media.filename,
  original_name: media.originalName,
  file_type: media.fileType.toLowerCase(),
  mime_type: media.mimeType,
  size: media.size,
  width: media.width,
  height: media.height,
  duration: media.durationSeconds,
  url: media.url,
  thumbnail_url: media.thumbnailUrl,
});

const restComment = (comment: Publication['comments']['edges'][number]['node']) => ({
  id: comment.databaseId,
  ...authorFields(comment.author),
  text: comment.text,
  created_at: comment.createdAt,
});

/** The spec's publication object (section 3). */
export const restPublication = (p: Publication) => ({
  id: p.databaseId,
  ...authorFields(p.author),
  content: p.content,
  media_files: p.media.map(restMedia),
  location: p.location && {
    latitude: p.location.latitude,
    longitude: p.location.longitude,
    address: p.location.address,
    map_provider: p.location.mapProvider,
    map_url: p.location.mapUrl,
  },
  created_at: p.createdAt,
  updated_at: p.updatedAt,
  likes_count: p.likesCount,
  is_liked: p.viewerHasLiked,
  is_author: p.viewerIsAuthor,
  comments_count: p.commentsCount,
  comments: p.comments.edges.map((edge) => restComment(edge.node)),
});

type Review = { databaseId: number; latitude: number; longitude: number; rating: number; text: string; createdAt: string; author: Author };

const restReview = (review: Review) => ({
  id: review.databaseId,
  ...authorFields(review.author),
  latitude: review.latitude,
  longitude: review.longitude,
  rating: review.rating,
  review_text: review.text,
  created_at: review.createdAt,
});

const publicationId = ({ params }: RestRequest) => encodeGlobalID('Publication', params.id ?? '');

/**
 * A number from a form or JSON field. What is not a number is sent as one outside every allowed
 * range, so the operation's own rule refuses it with its text (GraphQL would only say "not a Float").
 */
const number = (value: unknown) => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : 1e9;
};

/** A path id as a GraphQL Int; 0 (nobody) for anything else. */
const int32 = (value: unknown) => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 && parsed < 2 ** 31 ? parsed : 0;
};

/** The files of a multipart field (one part or several with the same name). */
const files = (...values: unknown[]) =>
  values.flat().filter((value): value is File => !!value && typeof (value as File).arrayBuffer === 'function');

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
  const place = (value && typeof value === 'object' ? value : body.latitude !== undefined ? body : null) as Record<string, unknown> | null;
  if (!place) return null;
  return {
    latitude: number(place.latitude),
    longitude: number(place.longitude),
    address: place.address == null ? null : text(place.address),
    mapProvider: place.map_provider == null ? null : text(place.map_provider),
  };
}

const limit = (req: RestRequest) => {
  const value = Math.floor(Number(req.query.get('limit') ?? 50));
  return Number.isFinite(value) && value > 0 ? Math.min(value, 100) : 50;
};

const nextCursor = (connection: { pageInfo: { hasNextPage: boolean; endCursor: string | null } }): Record<string, string> =>
  connection.pageInfo.hasNextPage && connection.pageInfo.endCursor ? { 'x-next-cursor': connection.pageInfo.endCursor } : {};

const PAGE = `pageInfo { hasNextPage endCursor } edges { node { ...RestPublication } }`;
const publications = (connection: { edges: { node: Publication }[] }) => connection.edges.map((edge) => restPublication(edge.node));

export const publicationRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/publications/feed',
    signedIn: true,
    operation: `query RestFeed($first: Int, $after: String) { feed(first: $first, after: $after) { ${PAGE} } } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => ({ first: limit(req), after: req.query.get('cursor') || null }),
    respond: ({ feed }) => publications(feed),
    headers: ({ feed }) => nextCursor(feed),
  },
  {
    method: 'GET',
    path: '/publications/user/:id',
    signedIn: true,
    operation: `query RestUserPublications($userId: Int!, $first: Int, $after: String) {
      userPublications(userId: $userId, first: $first, after: $after) { ${PAGE} }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => ({ userId: int32(req.params.id), first: limit(req), after: req.query.get('cursor') || null }),
    respond: ({ userPublications }) => publications(userPublications),
    headers: ({ userPublications }) => nextCursor(userPublications),
  },
  {
    method: 'POST',
    path: '/publications/',
    signedIn: true,
    status: 201,
    operation: `mutation RestCreatePublication($input: CreatePublicationInput!) {
      createPublication(input: $input) {
        __typename ...RestError ... on CreatePublicationSuccess { publication { ...RestPublication } }
      }
    } ${PUBLICATION} ${MEDIA}`,
    variables: ({ body }) => {
      const media = files(body.files, body.file, body.media);
      const names = [body.media_files, body.media_filenames].flat().filter((name): name is string => typeof name === 'string');
      return {
        input: {
          content: text(body.content),
          location: location(body),
          media: media.length ? media : null,
          mediaFilenames: names.length ? names : null,
        },
      };
    },
    respond: ({ createPublication }) => restPublication(createPublication.publication),
  },
  {
    method: 'POST',
    path: '/publications/upload-media',
    signedIn: true,
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
    signedIn: true,
    operation: `mutation RestAttachPublicationMedia($id: ID!, $filenames: [String!]!) {
      attachPublicationMedia(id: $id, filenames: $filenames) {
        __typename ...RestError ... on AttachPublicationMediaSuccess { publication { ...RestPublication } }
      }
    } ${PUBLICATION} ${MEDIA}`,
    variables: (req) => {
      const { body } = req;
      // The spec sends a bare JSON list; objects with a named list are accepted too.
      const list = [body.items, body.filenames, body.media_files, body.files].find(Array.isArray) ?? [];
      return { id: publicationId(req), filenames: list.map((entry: unknown) => (typeof entry === 'object' && entry ? text((entry as { filename?: unknown }).filename) : text(entry))) };
    },
    respond: ({ attachPublicationMedia }) => restPublication(attachPublicationMedia.publication),
  },
  {
    method: 'PUT',
    path: '/publications/:id',
    signedIn: true,
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
    signedIn: true,
    operation: `mutation RestDeletePublication($id: ID!) {
      deletePublication(id: $id) { __typename ...RestError ... on DeletePublicationSuccess { deletedDatabaseId } }
    }`,
    variables: (req) => ({ id: publicationId(req) }),
    respond: ({ deletePublication }) => ({ success: true, id: deletePublication.deletedDatabaseId }),
  },
  {
    method: 'POST',
    path: '/publications/:id/like',
    signedIn: true,
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
    signedIn: true,
    status: 201,
    operation: `mutation RestAddComment($id: ID!, $text: String!) {
      addPublicationComment(publicationId: $id, text: $text) {
        __typename ...RestError
        ... on AddPublicationCommentSuccess { comment { databaseId text createdAt author { ${AUTHOR} } } }
      }
    }`,
    variables: (req) => ({ id: publicationId(req), text: text(req.body.comment_text ?? req.body.text) }),
    respond: ({ addPublicationComment }) => restComment(addPublicationComment.comment),
  },
  {
    method: 'GET',
    path: '/publications/map-providers',
    signedIn: true,
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
    signedIn: true,
    operation: `query RestLocationReviews($latitude: Float!, $longitude: Float!) {
      locationReviews(latitude: $latitude, longitude: $longitude) { ...RestReview }
    } ${REVIEW}`,
    variables: ({ query }) => ({ latitude: number(query.get('latitude')), longitude: number(query.get('longitude')) }),
    respond: ({ locationReviews }) => locationReviews.map(restReview),
  },
  {
    method: 'POST',
    path: '/publications/location-reviews',
    signedIn: true,
    status: 201,
    operation: `mutation RestAddLocationReview($input: AddLocationReviewInput!) {
      addLocationReview(input: $input) { __typename ...RestError ... on AddLocationReviewSuccess { review { ...RestReview } } }
    } ${REVIEW}`,
    variables: ({ body }) => ({
      input: {
        latitude: number(body.latitude),
        longitude: number(body.longitude),
        // Not an integer: 0, which the rating rule refuses with its text.
        rating: body.rating == null || body.rating === '' ? null : Number.isInteger(number(body.rating)) ? number(body.rating) : 0,
        text: text(body.review_text ?? body.text),
      },
    }),
    respond: ({ addLocationReview }) => restReview(addLocationReview.review),
  },
  {
    method: 'POST',
    path: '/media/upload',
    signedIn: true,
    status: 201,
    operation: `mutation RestUploadPhotos($files: [File!]!, $title: String) {
      uploadGalleryMedia(kind: PHOTO, files: $files, title: $title) {
        __typename ...RestError
        ... on UploadGalleryMediaSuccess { items { databaseId url thumbnailUrl title uploadDate } }
      }
    }`,
    variables: ({ body }) => ({ files: files(body.photo, body.photos, body.file), title: body.title == null ? null : text(body.title) }),
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
