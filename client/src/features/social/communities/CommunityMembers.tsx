import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import type { CommunityMembers_community$key } from '../../../__generated__/CommunityMembers_community.graphql';
import type { CommunityMembersPageQuery } from '../../../__generated__/CommunityMembersPageQuery.graphql';
import type { CommunityMembersRemoveMutation } from '../../../__generated__/CommunityMembersRemoveMutation.graphql';
import type { CommunityMembersRoleMutation } from '../../../__generated__/CommunityMembersRoleMutation.graphql';
import type { CommunityMembersTransferMutation } from '../../../__generated__/CommunityMembersTransferMutation.graphql';
import { CommunityListCard, Person, ROLE_LABELS, useActionCallbacks } from './communityParts';

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
            ...communityParts_user
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
  const pages = usePaginationFragment<CommunityMembersPageQuery, CommunityMembers_community$key>(membersFragment, community);
  const { data, refetch } = pages;
  const [remove, removing] = useMutation<CommunityMembersRemoveMutation>(removeMutation);
  const [setRole, settingRole] = useMutation<CommunityMembersRoleMutation>(roleMutation);
  const [transfer, transferring] = useMutation<CommunityMembersTransferMutation>(transferMutation);
  const callbacks = useActionCallbacks();
  const connections = [data.members.__id];
  const transferred = callbacks((response: CommunityMembersTransferMutation['response']) => response.transferCommunityOwnership);
  const transferCallbacks = {
    ...transferred,
    // Two roles changed: read the list again.
    onCompleted: (response: CommunityMembersTransferMutation['response']) => {
      if (response.transferCommunityOwnership.error) transferred.onCompleted(response);
      else refetch({}, { fetchPolicy: 'network-only' });
    },
  };
  const isOwner = viewerRole === 'OWNER';
  const moderates = isOwner || viewerRole === 'MODERATOR';

  return (
    <CommunityListCard testId="community-members" pages={pages}>
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
                  {i18n._(ROLE_LABELS[node.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.MEMBER)}
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
                          ...callbacks((response: CommunityMembersRoleMutation['response']) => response.setCommunityMemberRole),
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
                          ...transferCallbacks,
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
                          ...callbacks((response: CommunityMembersRemoveMutation['response']) => response.removeCommunityMember),
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
    </CommunityListCard>
  );
}
