import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, type GraphQLCall } from './helpers';

// The first render of a lazy page compiles its chunk: on a busy machine that takes more than 1 s.
const PAGE_LOAD = { timeout: 10_000 };

const viewer = makeUser('USER');
const olga = {
  __typename: 'User',
  id: 'VXNlcjo5',
  firstName: 'Ольга',
  lastName: 'Зайцева',
  username: 'olga',
  avatarImage: null,
  status: null,
};

function contactsPage(friendships: unknown[] = []) {
  return {
    incomingFriendRequests: {
      edges: [
        {
          cursor: 'c1',
          node: { __typename: 'Friendship', id: 'RnJpZW5kc2hpcDox', createdAt: '2025-01-01T10:00:00Z', otherUser: olga },
        },
      ],
      pageInfo: { hasNextPage: false, endCursor: 'c1' },
    },
    friendships: { totalCount: friendships.length, edges: friendships, pageInfo: { hasNextPage: false, endCursor: null } },
  };
}

/** The answer to a friendship mutation: the member's new state and both friend counts. */
function friendshipChange(field: string, state: string, friendsCount: number) {
  return {
    data: {
      [field]: {
        __typename: 'FriendshipChange',
        user: { ...olga, friendshipStatus: state, friendsCount },
        viewer: { __typename: 'User', ...viewer, status: null, friendsCount },
      },
    },
  };
}

const operationsNamed = (calls: GraphQLCall[], name: string) => calls.filter((call) => call.operationName === name);

describe('the contacts section', () => {
  it('moves an accepted request to "My contacts" with the new count, without loading the lists again', async () => {
    storeSession(viewer);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'ContactsPanelQuery') return { body: { data: contactsPage() } };
      if (call.operationName === 'friendshipRespondMutation')
        return { body: friendshipChange('respondToFriendRequest', 'ACCEPTED', 1) };
      return undefined;
    });
    renderApp('/social?section=contacts');
    const request = await screen.findByTestId('incoming-request', {}, PAGE_LOAD);
    expect(screen.getByTestId('contacts-count').textContent).toBe('0');

    fireEvent.click(within(request).getByTestId('accept-request'));
    await waitFor(() => expect(screen.queryByTestId('incoming-request')).toBeNull());
    expect(within(screen.getByTestId('contact-card')).getByText('Ольга Зайцева')).toBeTruthy();
    expect(screen.getByTestId('contacts-count').textContent).toBe('1');
    expect(operationsNamed(server.calls, 'friendshipRespondMutation')[0]!.variables).toEqual({
      requestId: 'RnJpZW5kc2hpcDox',
      userId: null,
      accept: true,
    });
    expect(operationsNamed(server.calls, 'ContactsPanelQuery')).toHaveLength(1);
  });

  it('takes a declined request out of the list and leaves the contacts as they are', async () => {
    storeSession(viewer);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'ContactsPanelQuery') return { body: { data: contactsPage() } };
      if (call.operationName === 'friendshipRespondMutation')
        return { body: friendshipChange('respondToFriendRequest', 'NONE', 0) };
      return undefined;
    });
    renderApp('/social?section=contacts');
    fireEvent.click(within(await screen.findByTestId('incoming-request', {}, PAGE_LOAD)).getByTestId('decline-request'));
    await waitFor(() => expect(screen.queryByTestId('incoming-request')).toBeNull());
    expect(screen.queryByTestId('contact-card')).toBeNull();
    expect(screen.getByTestId('contacts-count').textContent).toBe('0');
    expect(operationsNamed(server.calls, 'ContactsPanelQuery')).toHaveLength(1);
  });
});
