import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, onboardingTourAnswer } from './helpers';

/** The user list (/users) of moderators and admins. */

const moderator = makeUser('MODERATOR');

const member = (n: number, firstName: string) => ({
  __typename: 'User',
  id: `VXNlcjo${n}`,
  username: `member${n}`,
  firstName,
  lastName: 'Иванова',
  email: null,
  avatarImage: null,
  role: 'USER',
  isActive: true,
  createdAt: '2026-01-02T10:00:00.000Z',
});

const page = (...members: ReturnType<typeof member>[]) => ({
  users: {
    totalCount: members.length,
    edges: members.map((node) => ({ __typename: 'UserEdge', cursor: node.id, node })),
    pageInfo: { hasNextPage: false, endCursor: null },
  },
});

const LOADED = { timeout: 10_000 };

describe('the user list', () => {
  it('tries again on the next search after one that failed, instead of keeping the error', async () => {
    storeSession(moderator);
    const everyone = page(member(2, 'Анна'), member(3, 'Мария'));
    fakeGraphQLServer((call) => {
      if (call.operationName === 'UsersPageQuery') return { body: { data: everyone } };
      if (call.operationName === 'UsersPagePaginationQuery') {
        if (call.variables.search === 'сбой') return { status: 500, body: { errors: [{ message: 'database down' }] } };
        if (call.variables.search === 'Мар') return { body: { data: page(member(3, 'Мария')) } };
        return { body: { data: everyone } };
      }
      if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(moderator);
      return undefined;
    });
    renderApp('/users');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2), LOADED);

    const search = screen.getByTestId('users-search');
    fireEvent.change(search, { target: { value: 'сбой' } });
    await screen.findByTestId('users-error', undefined, LOADED);

    // It stayed until a reload: the failed list never came back, whatever was typed next.
    fireEvent.change(search, { target: { value: 'Мар' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(1), LOADED);
    expect(screen.getByTestId('users-table').textContent).toContain('Мария');
    expect(screen.queryByTestId('users-error')).toBeNull();

    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(2), LOADED);
  });
});
