import { useState, type FormEvent } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageCircle, Send } from 'lucide-react';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import type { PublicationComments_publication$key } from '../../../__generated__/PublicationComments_publication.graphql';
import type { PublicationCommentsPaginationQuery } from '../../../__generated__/PublicationCommentsPaginationQuery.graphql';
import type { PublicationCommentsAddMutation } from '../../../__generated__/PublicationCommentsAddMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { AuthorAndTime } from '../Byline';
import { RichText } from '../RichText';
import { UserAvatar } from '../UserAvatar';
import { useIdempotencyKey } from '../../../relay/useIdempotencyKey';
import { mutationFailure } from '../../../relay/mutationError';

const commentsFragment = graphql`
  fragment PublicationComments_publication on Publication
  @argumentDefinitions(count: { type: "Int", defaultValue: 3 }, cursor: { type: "String" })
  @refetchable(queryName: "PublicationCommentsPaginationQuery") {
    id
    commentsCount
    comments(first: $count, after: $cursor) @connection(key: "PublicationComments_comments") {
      __id
      edges {
        node {
          ...PublicationComments_comment @relay(mask: false)
        }
      }
    }
  }
`;

// What a comment shows; the list and the comment just added read the same fields.
graphql`
  fragment PublicationComments_comment on PublicationComment {
    id
    text
    mentions {
      # eslint-disable-next-line relay/unused-fields -- matched by RichText against the text
      username
    }
    createdAt
    author {
      firstName
      lastName
      avatarImage
    }
  }
`;

const addCommentMutation = graphql`
  mutation PublicationCommentsAddMutation($id: ID!, $text: String!, $idempotencyKey: String, $connections: [ID!]!) {
    addPublicationComment(publicationId: $id, text: $text, idempotencyKey: $idempotencyKey) {
      __typename
      ... on AddPublicationCommentSuccess {
        comment @appendNode(connections: $connections, edgeTypeName: "PublicationCommentsConnectionEdge") {
          ...PublicationComments_comment @relay(mask: false)
        }
        publication {
          id
          commentsCount
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The comments of a publication, oldest first (a few, then more on demand), and the comment form. */
export function PublicationComments({ publication }: { publication: PublicationComments_publication$key }) {
  const { t } = useLingui();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment<
    PublicationCommentsPaginationQuery,
    PublicationComments_publication$key
  >(commentsFragment, publication);
  const [commit, sending] = useMutation<PublicationCommentsAddMutation>(addCommentMutation);
  const commentKey = useIdempotencyKey();
  const [text, setText] = useState('');
  const edges = data.comments.edges;
  const commentsCount = data.commentsCount;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: a comment is sent only if it is not blank.
    if (!text.trim() || sending) return;
    commit({
      variables: { id: data.id, text, idempotencyKey: commentKey.forSend(), connections: [data.comments.__id] },
      onCompleted: ({ addPublicationComment: result }) => {
        if (!result.error) {
          commentKey.sent();
          setText('');
        } else {
          const { title, detail } = mutationFailure(result.error, t`Не удалось отправить комментарий`);
          toaster.create({ type: 'error', title, description: detail });
        }
      },
      onError: () => {
        toaster.create({ type: 'error', title: t`Не удалось отправить комментарий` });
      },
    });
  };

  return (
    <Stack gap="3" borderTopWidth="1px" pt="3" data-testid="comments">
      {commentsCount > 0 && (
        <HStack gap="1" fontSize="sm" color="fg.muted">
          <MessageCircle size={14} aria-hidden="true" />
          <Text>
            <Trans>Комментарии: {commentsCount}</Trans>
          </Text>
        </HStack>
      )}
      {edges.map(({ node }) => (
        <HStack key={node.id} gap="2" align="start" data-testid="comment">
          <UserAvatar
            firstName={node.author.firstName}
            lastName={node.author.lastName}
            avatarImage={node.author.avatarImage}
            size="xs"
          />
          <Stack gap="0" bg="bg.subtle" rounded="lg" px="3" py="1.5" minW="0">
            <AuthorAndTime firstName={node.author.firstName} lastName={node.author.lastName} at={node.createdAt} />
            <RichText fontSize="sm" text={node.text} mentions={node.mentions} data-testid="comment-text" />
          </Stack>
        </HStack>
      ))}
      {hasNext && (
        <Button
          variant="plain"
          size="xs"
          colorPalette="brand"
          alignSelf="flex-start"
          onClick={() => loadNext(20)}
          loading={isLoadingNext}
          data-testid="comments-more"
        >
          <Trans>Показать ещё комментарии</Trans>
        </Button>
      )}
      <form onSubmit={submit}>
        <HStack gap="2">
          <Input
            size="sm"
            placeholder={t`Написать комментарий...`}
            aria-label={t`Комментарий`}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={2000}
            data-testid="comment-input"
          />
          <Button
            type="submit"
            size="sm"
            colorPalette="brand"
            disabled={!text.trim()}
            loading={sending}
            aria-label={t`Отправить комментарий`}
            data-testid="comment-send"
          >
            <Send size={14} aria-hidden="true" />
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
