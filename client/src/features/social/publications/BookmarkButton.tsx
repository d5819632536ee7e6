import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Bookmark } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { BookmarkButton_publication$key } from '../../../__generated__/BookmarkButton_publication.graphql';
import type { BookmarkButtonMutation } from '../../../__generated__/BookmarkButtonMutation.graphql';
import { toaster } from '../../../components/ui/toaster';

const bookmarkFragment = graphql`
  fragment BookmarkButton_publication on Publication {
    id
    viewerHasBookmarked
  }
`;

const bookmarkMutation = graphql`
  mutation BookmarkButtonMutation($id: ID!, $bookmarked: Boolean!) @raw_response_type {
    bookmarkPublication(id: $id, bookmarked: $bookmarked) {
      __typename
      ... on BookmarkPublicationSuccess {
        bookmarked
        publication {
          id
          viewerHasBookmarked
        }
      }
    }
  }
`;

/**
 * Bookmarks the publication (the /social bookmarks section lists them). Shown at once (optimistic)
 * and sent as a state, like the like button, so quick repeated clicks end where the last left it.
 */
export function BookmarkButton({ publication }: { publication: BookmarkButton_publication$key }) {
  const { t } = useLingui();
  const data = useFragment(bookmarkFragment, publication);
  const [commit] = useMutation<BookmarkButtonMutation>(bookmarkMutation);
  const failed = () => {
    toaster.create({ type: 'error', title: t`Не удалось сохранить закладку` });
  };

  const toggle = () => {
    const bookmarked = !data.viewerHasBookmarked;
    commit({
      variables: { id: data.id, bookmarked },
      optimisticResponse: {
        bookmarkPublication: {
          __typename: 'BookmarkPublicationSuccess',
          bookmarked,
          publication: { id: data.id, viewerHasBookmarked: bookmarked },
        },
      },
      onCompleted: ({ bookmarkPublication: result }) => {
        if (result.__typename !== 'BookmarkPublicationSuccess') failed();
      },
      onError: failed,
    });
  };

  return (
    <IconButton
      variant="ghost"
      size="sm"
      colorPalette={data.viewerHasBookmarked ? 'brand' : 'gray'}
      aria-pressed={data.viewerHasBookmarked}
      aria-label={data.viewerHasBookmarked ? t`Убрать из закладок` : t`В закладки`}
      onClick={toggle}
      data-testid="bookmark-button"
    >
      <Bookmark size={16} fill={data.viewerHasBookmarked ? 'currentColor' : 'none'} aria-hidden="true" />
    </IconButton>
  );
}
