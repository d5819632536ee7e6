import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, type Resolver } from './helpers';

const viewer = makeUser('USER', { firstName: 'Анна', lastName: 'Иванова', username: 'anna' });

const communityJson = (overrides: Record<string, unknown> = {}) => ({
  __typename: 'Community',
  id: 'Q29tbXVuaXR5OjE=',
  name: 'Английский по пятницам',
  description: 'Разговорный клуб',
  avatarImage: null,
  joinPolicy: 'BY_REQUEST',
  membersCount: 3,
  viewerRole: null,
  viewerHasRequested: false,
  ...overrides,
});

const emptyConnection = { edges: [], pageInfo: { hasNextPage: false, endCursor: null } };

function pageAnswer(community: Record<string, unknown>) {
  return {
    body: {
      data: {
        viewer: { __typename: 'User', id: viewer.id, firstName: 'Анна' },
        mapProviders: [],
        mapConfig: { tileUrlTemplate: '/tiles/{z}/{x}/{y}.png', tileAttribution: '', addressSearch: false },
        community: {
          ...community,
          publications: emptyConnection,
          members: emptyConnection,
          joinRequests: emptyConnection,
        },
      },
    },
  };
}

function openCommunity(community: Record<string, unknown>, answer: Resolver) {
  storeSession(viewer);
  const server = fakeGraphQLServer((call) =>
    call.operationName === 'CommunityPanelQuery' ? pageAnswer(community) : answer(call),
  );
  renderApp(`/social?section=community&community=${encodeURIComponent(String(community.id))}`);
  return server;
}

describe('a community page', () => {
  it('asks to join a by-request community (never a direct join) and shows the pending request', async () => {
    const server = openCommunity(communityJson(), (call) =>
      call.operationName === 'CommunityHeaderRequestMutation'
        ? {
            body: {
              data: { joinCommunity: { __typename: 'CommunitySuccess', community: communityJson({ viewerHasRequested: true }) } },
            },
          }
        : undefined,
    );
    const header = await screen.findByTestId('community-header', {}, { timeout: 10_000 });
    expect(within(header).queryByTestId('community-join')).toBeNull();
    // Non-members of a by-request community are told why the feed is empty.
    expect(screen.getByTestId('community-feed-empty').textContent).toContain('видны только его участникам');
    expect(screen.queryByTestId('composer-prompt')).toBeNull();
    fireEvent.click(within(header).getByTestId('community-request'));
    expect(await within(header).findByTestId('community-request-pending')).toBeTruthy();
    expect(within(header).getByTestId('community-cancel-request')).toBeTruthy();
    const sent = server.calls.find((call) => call.operationName === 'CommunityHeaderRequestMutation');
    expect(sent?.variables).toEqual({ id: 'Q29tbXVuaXR5OjE=' });
  });

  it('shows the server’s text when leaving is refused (the owner), and a member the composer', async () => {
    openCommunity(communityJson({ viewerRole: 'MODERATOR', joinPolicy: 'OPEN' }), (call) =>
      call.operationName === 'CommunityHeaderLeaveMutation'
        ? {
            body: {
              data: {
                joinCommunity: {
                  __typename: 'ConflictError',
                  __isError: 'ConflictError',
                  message: 'Сначала передайте права владельца',
                },
              },
            },
          }
        : undefined,
    );
    const header = await screen.findByTestId('community-header', {}, { timeout: 10_000 });
    expect(within(header).getByTestId('community-viewer-role').textContent).toBe('Модератор');
    expect(screen.getByTestId('composer-prompt')).toBeTruthy();
    fireEvent.click(within(header).getByTestId('community-leave'));
    await waitFor(() => expect(screen.getByText('Сначала передайте права владельца')).toBeTruthy());
  });
});
