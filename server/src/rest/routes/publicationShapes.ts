/**
 * The spec's publication answers (section 3: publication, media file, comment, location review)
 * and the GraphQL fragments the REST rows read them from.
 */

export const AUTHOR = `databaseId username firstName lastName avatarImage`;

export const PUBLICATION = `fragment RestPublication on Publication {
  databaseId content createdAt updatedAt likesCount viewerHasLiked viewerIsAuthor commentsCount
  author { ${AUTHOR} }
  location { latitude longitude address mapProvider mapUrl }
  media { ...RestMedia }
  comments(first: 100) { edges { node { databaseId text createdAt author { ${AUTHOR} } } } }
}`;

export const MEDIA = `fragment RestMedia on PublicationMedia {
  databaseId filename originalName fileType mimeType size width height durationSeconds url thumbnailUrl
}`;

export const REVIEW = `fragment RestReview on LocationReview {
  databaseId latitude longitude rating text createdAt author { ${AUTHOR} }
}`;

export type Author = { databaseId: number; username: string; firstName: string; lastName: string; avatarImage: string | null };
export type Media = {
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
export type Publication = {
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

export const restMedia = (media: Media) => ({
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

export const restComment = (comment: Publication['comments']['edges'][number]['node']) => ({
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

type Review = {
  databaseId: number;
  latitude: number;
  longitude: number;
  rating: number;
  text: string;
  createdAt: string;
  author: Author;
};

export const restReview = (review: Review) => ({
  id: review.databaseId,
  ...authorFields(review.author),
  latitude: review.latitude,
  longitude: review.longitude,
  rating: review.rating,
  review_text: review.text,
  created_at: review.createdAt,
});
