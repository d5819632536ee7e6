import { Badge, Button, Card, HStack, Stack, Text, Heading } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { GraphQLTaggedNode } from 'relay-runtime';
import type { CommunityHeader_community$key } from '../../../__generated__/CommunityHeader_community.graphql';
import type { CommunityHeaderJoinMutation } from '../../../__generated__/CommunityHeaderJoinMutation.graphql';
import { UserAvatar } from '../UserAvatar';
import { ROLE_LABELS, useActionCallbacks } from './communityParts';
import { DeleteCommunityButton } from './DeleteCommunityButton';

const headerFragment = graphql`
  fragment CommunityHeader_community on Community {
    id
    name
    description
    avatarImage
    joinPolicy
    membersCount
    viewerRole
    viewerHasRequested
  }
`;

// One document per action; each answers the header's fields, so Relay updates the header in place.
const joinMutation = graphql`
  mutation CommunityHeaderJoinMutation($id: ID!) {
    joinCommunity(id: $id) {
      __typename
      ... on CommunitySuccess {
        community {
          ...CommunityHeader_community
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const requestMutation = graphql`
  mutation CommunityHeaderRequestMutation($id: ID!) {
    joinCommunity: requestToJoinCommunity(id: $id) {
      __typename
      ... on CommunitySuccess {
        community {
          ...CommunityHeader_community
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const cancelMutation = graphql`
  mutation CommunityHeaderCancelMutation($id: ID!) {
    joinCommunity: cancelCommunityJoinRequest(id: $id) {
      __typename
      ... on CommunitySuccess {
        community {
          ...CommunityHeader_community
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const leaveMutation = graphql`
  mutation CommunityHeaderLeaveMutation($id: ID!) {
    joinCommunity: leaveCommunity(id: $id) {
      __typename
      ... on CommunitySuccess {
        community {
          ...CommunityHeader_community
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The membership action the viewer may take now, and its mutation (all four answer the same shape). */
function useMembershipAction(mutation: GraphQLTaggedNode) {
  // The four documents share one response shape (aliased to joinCommunity), so one type serves them.
  const [commit, busy] = useMutation<CommunityHeaderJoinMutation>(mutation);
  const callbacks = useActionCallbacks();
  const run = (id: string) =>
    commit({ variables: { id }, ...callbacks((response: CommunityHeaderJoinMutation['response']) => response.joinCommunity) });
  return [run, busy] as const;
}

/** Avatar, name, description, member count and the join / request / leave button. */
export function CommunityHeader({ community }: { community: CommunityHeader_community$key }) {
  const { i18n } = useLingui();
  const data = useFragment(headerFragment, community);
  const [join, joining] = useMembershipAction(joinMutation);
  const [request, requesting] = useMembershipAction(requestMutation);
  const [cancel, cancelling] = useMembershipAction(cancelMutation);
  const [leave, leaving] = useMembershipAction(leaveMutation);
  const count = data.membersCount;
  const role = data.viewerRole;

  let action;
  // The owner hands ownership over (members list) before leaving, or deletes the community.
  if (role === 'OWNER') action = <DeleteCommunityButton communityId={data.id} />;
  else if (role)
    action = (
      <Button variant="outline" size="sm" onClick={() => leave(data.id)} loading={leaving} data-testid="community-leave">
        <Trans>Покинуть</Trans>
      </Button>
    );
  else if (data.viewerHasRequested)
    action = (
      <Button
        variant="outline"
        size="sm"
        onClick={() => cancel(data.id)}
        loading={cancelling}
        data-testid="community-cancel-request"
      >
        <Trans>Отозвать заявку</Trans>
      </Button>
    );
  else if (data.joinPolicy === 'BY_REQUEST')
    action = (
      <Button
        colorPalette="brand"
        size="sm"
        onClick={() => request(data.id)}
        loading={requesting}
        data-testid="community-request"
      >
        <Trans>Подать заявку</Trans>
      </Button>
    );
  else
    action = (
      <Button colorPalette="brand" size="sm" onClick={() => join(data.id)} loading={joining} data-testid="community-join">
        <Trans>Вступить</Trans>
      </Button>
    );

  return (
    <Card.Root data-testid="community-header">
      <Card.Body>
        <Stack gap="3">
          <HStack gap="4" align="start">
            <UserAvatar firstName={data.name} lastName="" avatarImage={data.avatarImage} size="xl" />
            <Stack gap="1" minW="0" flex="1">
              <Heading as="h1" size="lg" wordBreak="break-word" data-testid="community-name-heading">
                {data.name}
              </Heading>
              <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                <Text data-testid="community-members-count">
                  <Trans>Участников: {count}</Trans>
                </Text>
                <Badge variant="subtle">
                  {data.joinPolicy === 'BY_REQUEST' ? <Trans>По заявке</Trans> : <Trans>Открытое</Trans>}
                </Badge>
                {role && (
                  <Badge colorPalette="brand" variant="subtle" data-testid="community-viewer-role">
                    {i18n._(ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.MEMBER)}
                  </Badge>
                )}
                {data.viewerHasRequested && (
                  <Badge colorPalette="orange" variant="subtle" data-testid="community-request-pending">
                    <Trans>Заявка отправлена</Trans>
                  </Badge>
                )}
              </HStack>
            </Stack>
          </HStack>
          {data.description && (
            <Text whiteSpace="pre-wrap" overflowWrap="anywhere" data-testid="community-description-text">
              {data.description}
            </Text>
          )}
          {action && <HStack>{action}</HStack>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
