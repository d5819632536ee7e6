/**
 * One page of the feed with every field a feed item shows (author, text, media, place, likes,
 * comments with their authors): what the client asks for. The benchmark times it and the server
 * test pins its SQL statements.
 */
export const FEED_PAGE_QUERY = `query FeedPage($first: Int, $after: String) {
  feed(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges {
      cursor
      node {
        id databaseId content createdAt updatedAt likesCount viewerHasLiked viewerIsAuthor commentsCount
        author { id username firstName lastName avatarImage }
        location { latitude longitude address mapProvider mapUrl }
        media { id filename fileType url thumbnailUrl durationSeconds }
        comments(first: 20) { edges { node { id text createdAt author { id username firstName lastName } } } pageInfo { hasNextPage endCursor } }
      }
    }
  }
}`;
