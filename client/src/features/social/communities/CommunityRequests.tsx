import { Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, useMutation, usePaginationFragment } from 'react-relay/hooks';
import type { CommunityRequests_community$key } from '../../../__generated__/CommunityRequests_community.graphql';
import type { CommunityRequestsPageQuery } from '../../../__generated__/CommunityRequestsPageQuery.graphql';
import type { CommunityRequestsApproveMutation } from '../../../__generated__/CommunityRequestsApproveMutation.graphql';
import type { CommunityRequestsDeclineMutation } from '../../../__generated__/CommunityRequestsDeclineMutation.graphql';
import { CommunityListCard, Person, useActionCallbacks } from './communityParts';

const requestsFragment = graphql`
  fragment CommunityRequests_community on Community
  @argumentDefinitions(count: { type: "Int!" }, cursor: { type: "String" })
  @refetchable(queryName: "CommunityRequestsPageQuery") {
    joinRequests(first: $count, after: $cursor) @connection(key: "CommunityRequests_joinRequests") {
      __id
      edges {
        node {
          id
          user {
            ...communityParts_user
          }
        }
      }
    }
  }
`;

const approveMutation = graphql`
  mutation CommunityRequestsApproveMutation($id: ID!, $connections: [ID!]!) {
    approveCommunityJoinRequest(requestId: $id) {
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

const declineMutation = graphql`
  mutation CommunityRequestsDeclineMutation($id: ID!, $connections: [ID!]!) {
    declineCommunityJoinRequest(requestId: $id) {
      __typename
      ... on CommunityListChange {
        deletedId @deleteEdge(connections: $connections)
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Pending join requests, for owner and moderators: approve or decline each. */
export function CommunityRequests({ community }: { community: CommunityRequests_community$key }) {
  const pages = usePaginationFragment<CommunityRequestsPageQuery, CommunityRequests_community$key>(requestsFragment, community);
  const { data } = pages;
  const [approve, approving] = useMutation<CommunityRequestsApproveMutation>(approveMutation);
  const [decline, declining] = useMutation<CommunityRequestsDeclineMutation>(declineMutation);
  const callbacks = useActionCallbacks();
  const connections = [data.joinRequests.__id];
  const edges = data.joinRequests.edges;
  return (
    <CommunityListCard testId="community-requests" pages={pages}>
      {edges.length === 0 ? (
        <Text color="fg.muted" fontSize="sm" data-testid="community-requests-empty">
          <Trans>Новых заявок нет.</Trans>
        </Text>
      ) : (
        <Stack gap="3">
          {edges.map(({ node }) => (
            <Flex key={node.id} gap="2" align="center" wrap="wrap" data-testid="community-request-row">
              <Person user={node.user} />
              <HStack gap="1">
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={approving}
                  onClick={() =>
                    approve({
                      variables: { id: node.id, connections },
                      ...callbacks(
                        (response: CommunityRequestsApproveMutation['response']) => response.approveCommunityJoinRequest,
                      ),
                    })
                  }
                  data-testid="community-request-approve"
                >
                  <Trans>Принять</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="ghost"
                  loading={declining}
                  onClick={() =>
                    decline({
                      variables: { id: node.id, connections },
                      ...callbacks(
                        (response: CommunityRequestsDeclineMutation['response']) => response.declineCommunityJoinRequest,
                      ),
                    })
                  }
                  data-testid="community-request-decline"
                >
                  <Trans>Отклонить</Trans>
                </Button>
              </HStack>
            </Flex>
          ))}
        </Stack>
      )}
    </CommunityListCard>
  );
}
