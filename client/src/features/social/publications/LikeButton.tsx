import { Button } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Heart } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { LikeButton_publication$key } from '../../../__generated__/LikeButton_publication.graphql';
import type { LikeButtonMutation } from '../../../__generated__/LikeButtonMutation.graphql';
import { toaster } from '../../../components/ui/toaster';

const likeFragment = graphql`
  fragment LikeButton_publication on Publication {
    id
    likesCount
    viewerHasLiked
  }
`;

const likeMutation = graphql`
  mutation LikeButtonMutation($id: ID!, $liked: Boolean!) @raw_response_type {
    likePublication(id: $id, liked: $liked) {
      __typename
      ... on LikePublicationSuccess {
        liked
        publication {
          id
          likesCount
          viewerHasLiked
        }
      }
    }
  }
`;

/**
 * The like toggle with its count. The new state shows at once (optimistic) and is sent as a state,
 * not a toggle, so quick repeated clicks end where the last click left it.
 */
export function LikeButton({ publication }: { publication: LikeButton_publication$key }) {
  const { t } = useLingui();
  const data = useFragment(likeFragment, publication);
  const [commit] = useMutation<LikeButtonMutation>(likeMutation);
  const count = data.likesCount;

  const toggle = () => {
    const liked = !data.viewerHasLiked;
    commit({
      variables: { id: data.id, liked },
      optimisticResponse: {
        likePublication: {
          __typename: 'LikePublicationSuccess',
          liked,
          publication: { id: data.id, likesCount: data.likesCount + (liked ? 1 : -1), viewerHasLiked: liked },
        },
      },
      // A publication deleted meanwhile answers NotFoundError: the optimistic state is rolled back.
      onCompleted: ({ likePublication: result }) => {
        if (result.__typename !== 'LikePublicationSuccess')
          toaster.create({ type: 'error', title: t`Не удалось сохранить отметку «нравится»` });
      },
      onError: () => {
        toaster.create({ type: 'error', title: t`Не удалось сохранить отметку «нравится»` });
      },
    });
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      alignSelf="flex-start"
      colorPalette={data.viewerHasLiked ? 'red' : 'gray'}
      aria-pressed={data.viewerHasLiked}
      // One name, its state in aria-pressed; the count it shows is part of the name (what a voice user reads).
      aria-label={t`Нравится: ${count}`}
      onClick={toggle}
      data-testid="like-button"
    >
      <Heart size={16} fill={data.viewerHasLiked ? 'currentColor' : 'none'} aria-hidden="true" />
      <span data-testid="like-count">{count}</span>
    </Button>
  );
}
