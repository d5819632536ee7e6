import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { BlockedMembersList_query$key } from '../../__generated__/BlockedMembersList_query.graphql';
import type { BlockedMembersListUnblockMutation } from '../../__generated__/BlockedMembersListUnblockMutation.graphql';
import { toaster } from '../../components/ui/toaster';
import { mutationErrorText } from '../../relay/mutationError';

const fragment = graphql`
  fragment BlockedMembersList_query on Query {
    blockedMembers(first: 100) @connection(key: "BlockedMembersList_blockedMembers") {
      __id
      edges {
        node {
          id
          fullName
          username
        }
      }
    }
  }
`;

const unblockMutation = graphql`
  mutation BlockedMembersListUnblockMutation($userId: ID!, $connections: [ID!]!) {
    unblockUser(userId: $userId) {
      ... on FriendshipChange {
        user {
          id @deleteEdge(connections: $connections)
          friendshipStatus
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The members the viewer blocked (privacy settings), each with an Unblock button. */
export function BlockedMembersList({ query }: { query: BlockedMembersList_query$key }) {
  const { t } = useLingui();
  const { blockedMembers } = useFragment(fragment, query);
  const [commit, unblocking] = useMutation<BlockedMembersListUnblockMutation>(unblockMutation);

  const unblock = (userId: string) => {
    const failed = (text: string) => void toaster.create({ type: 'error', title: text || t`Ошибка разблокировки пользователя` });
    commit({
      variables: { userId, connections: [blockedMembers.__id] },
      onCompleted: ({ unblockUser }) => {
        if (unblockUser.error) failed(mutationErrorText(unblockUser.error, ''));
        else toaster.create({ type: 'success', title: t`Пользователь разблокирован` });
      },
      onError: () => void failed(''),
    });
  };

  return (
    <Stack gap="3" pt="6" data-testid="blocked-members">
      <Heading as="h2" size="md">
        <Trans>Заблокированные пользователи</Trans>
      </Heading>
      {blockedMembers.edges.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          <Trans>Вы никого не заблокировали</Trans>
        </Text>
      ) : (
        blockedMembers.edges.map(({ node }) => (
          <HStack key={node.id} justify="space-between" gap="3" wrap="wrap" data-testid="blocked-member">
            <Stack gap="0" minW="0">
              <Text fontWeight="medium" truncate>
                {node.fullName}
              </Text>
              <Text color="fg.muted" fontSize="sm" truncate>
                @{node.username}
              </Text>
            </Stack>
            <Button
              size="sm"
              variant="outline"
              loading={unblocking}
              onClick={() => unblock(node.id)}
              data-testid="unblock-member"
            >
              <Trans>Разблокировать</Trans>
            </Button>
          </HStack>
        ))
      )}
    </Stack>
  );
}
