import { Badge, Box, Button, Card, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import { Link as RouterLink } from 'react-router';
import type { CommunityMembers_community$key } from '../../../__generated__/CommunityMembers_community.graphql';
import type { CommunityMembersPageQuery } from '../../../__generated__/CommunityMembersPageQuery.graphql';
import type { CommunityMembersRemoveMutation } from '../../../__generated__/CommunityMembersRemoveMutation.graphql';
import type { CommunityMembersRoleMutation } from '../../../__generated__/CommunityMembersRoleMutation.graphql';
import type { CommunityMembersTransferMutation } from '../../../__generated__/CommunityMembersTransferMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationFailure, type MutationErrorKey } from '../../../relay/mutationError';
import { UserAvatar } from '../UserAvatar';
import { roleLabel } from './CommunityHeader';
import { COMMUNITY_LIST_SIZE } from './communitySection';

const membersFragment = graphql`
  fragment CommunityMembers_community on Community
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "CommunityMembersPageQuery") {
    members(first: $count, after: $cursor) @connection(key: "CommunityMembers_members") {
      __id
      edges {
        node {
          id
          role
          user {
            id
            username
            firstName
            lastName
            avatarImage
          }
        }
      }
    }
  }
`;

const removeMutation = graphql`
  mutation CommunityMembersRemoveMutation($id: ID!, $connections: [ID!]!) {
    removeCommunityMember(memberId: $id) {
      __typename
      ... on CommunityListChange {
        deletedId @deleteEdge(connections: $connections)
        community {
          membersCount
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const roleMutation = graphql`
  mutation CommunityMembersRoleMutation($id: ID!, $role: CommunityAssignableRole!) {
    setCommunityMemberRole(memberId: $id, role: $role) {
      __typename
      ... on CommunityMemberSuccess {
        member {
          id
          role
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const transferMutation = graphql`
  mutation CommunityMembersTransferMutation($id: ID!) {
    transferCommunityOwnership(memberId: $id) {
      __typename
      ... on CommunitySuccess {
        community {
          id
          viewerRole
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Toasts a refused action with the server's text. */
export function useFailureToast() {
  const { t } = useLingui();
  return {
    refused: (error: MutationErrorKey | null | undefined): void => {
      const { title, detail } = mutationFailure(error, t`Не удалось выполнить действие`);
      toaster.create({ type: 'error', title, description: detail });
    },
    failed: () => {
      toaster.create({ type: 'error', title: t`Не удалось выполнить действие` });
    },
  };
}

export function Person({
  user,
}: {
  user: { username: string; firstName: string; lastName: string; avatarImage: string | null | undefined };
}) {
  return (
    <Link asChild color="fg" minW="0" flex="1">
      <RouterLink to={`/profile/${encodeURIComponent(user.username)}`}>
        <Flex align="center" gap="3" minW="0">
          <UserAvatar firstName={user.firstName} lastName={user.lastName} avatarImage={user.avatarImage} size="sm" />
          <Box minW="0">
            <Text fontWeight="medium" truncate>
              {user.firstName} {user.lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted" truncate>
              @{user.username}
            </Text>
          </Box>
        </Flex>
      </RouterLink>
    </Link>
  );
}

/** The members with their roles; owner and moderators remove members, the owner names moderators and hands ownership over. */
export function CommunityMembers({
  community,
  viewerId,
  viewerRole,
}: {
  community: CommunityMembers_community$key;
  viewerId: string;
  viewerRole: string | null | undefined;
}) {
  const { i18n } = useLingui();
  const { data, hasNext, isLoadingNext, loadNext, refetch } = usePaginationFragment<
    CommunityMembersPageQuery,
    CommunityMembers_community$key
  >(membersFragment, community);
  const [remove, removing] = useMutation<CommunityMembersRemoveMutation>(removeMutation);
  const [setRole, settingRole] = useMutation<CommunityMembersRoleMutation>(roleMutation);
  const [transfer, transferring] = useMutation<CommunityMembersTransferMutation>(transferMutation);
  const toast = useFailureToast();
  const connections = [data.members.__id];
  const isOwner = viewerRole === 'OWNER';
  const moderates = isOwner || viewerRole === 'MODERATOR';

  return (
    <Card.Root data-testid="community-members">
      <Card.Body gap="3" p={{ base: '3', md: '5' }}>
        <Stack gap="3">
          {data.members.edges.map(({ node }) => {
            const self = node.user.id === viewerId;
            const mayRemove = moderates && !self && node.role !== 'OWNER' && (isOwner || node.role === 'MEMBER');
            return (
              <Stack key={node.id} gap="2" data-testid="community-member" data-username={node.user.username}>
                <HStack gap="2" align="center" minW="0">
                  <Person user={node.user} />
                  <Badge
                    variant={node.role === 'MEMBER' ? 'outline' : 'subtle'}
                    colorPalette={node.role === 'OWNER' ? 'brand' : node.role === 'MODERATOR' ? 'teal' : 'gray'}
                    flexShrink={0}
                    data-testid="community-member-role"
                  >
                    {i18n._(roleLabel[node.role as keyof typeof roleLabel] ?? roleLabel.MEMBER)}
                  </Badge>
                </HStack>
                {(mayRemove || (isOwner && !self)) && (
                  <HStack gap="1" wrap="wrap" pl={{ base: '0', sm: '11' }}>
                    {isOwner && !self && node.role !== 'OWNER' && (
                      <Button
                        size="xs"
                        variant="ghost"
                        loading={settingRole}
                        onClick={() =>
                          setRole({
                            variables: { id: node.id, role: node.role === 'MODERATOR' ? 'MEMBER' : 'MODERATOR' },
                            onCompleted: ({ setCommunityMemberRole: result }) => result.error && toast.refused(result.error),
                            onError: toast.failed,
                          })
                        }
                        data-testid="community-member-toggle-moderator"
                      >
                        {node.role === 'MODERATOR' ? <Trans>Снять модератора</Trans> : <Trans>Сделать модератором</Trans>}
                      </Button>
                    )}
                    {isOwner && !self && (
                      <Button
                        size="xs"
                        variant="ghost"
                        loading={transferring}
                        onClick={() =>
                          transfer({
                            variables: { id: node.id },
                            onCompleted: ({ transferCommunityOwnership: result }) => {
                              if (result.error) return toast.refused(result.error);
                              // Two roles changed: read the list again.
                              refetch({}, { fetchPolicy: 'network-only' });
                            },
                            onError: toast.failed,
                          })
                        }
                        data-testid="community-member-transfer"
                      >
                        <Trans>Передать права владельца</Trans>
                      </Button>
                    )}
                    {mayRemove && (
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        loading={removing}
                        onClick={() =>
                          remove({
                            variables: { id: node.id, connections },
                            onCompleted: ({ removeCommunityMember: result }) => result.error && toast.refused(result.error),
                            onError: toast.failed,
                          })
                        }
                        data-testid="community-member-remove"
                      >
                        <Trans>Исключить</Trans>
                      </Button>
                    )}
                  </HStack>
                )}
              </Stack>
            );
          })}
        </Stack>
        {hasNext && (
          <Button
            variant="outline"
            size="sm"
            alignSelf="center"
            loading={isLoadingNext}
            onClick={() => loadNext(COMMUNITY_LIST_SIZE)}
          >
            <Trans>Показать ещё</Trans>
          </Button>
        )}
      </Card.Body>
    </Card.Root>
  );
}
