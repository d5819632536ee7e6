import { describe, expect, it, vi } from 'vitest';
import type { Client } from 'graphql-ws';
import { befriend, meetingTestServer, quickMember, type Member } from './meetingSupport';

/**
 * An open calendar hears of its events live (calendarEventChanged): the organiser's changes and
 * deletions reach the invited at once, and only the organiser and the invited hear of an event.
 */
const meeting = meetingTestServer();
const { gql } = meeting;

type Change = { eventId: string; event: { title: string; durationMinutes: number; viewerStatus: string | null } | null };

const CHANGES = `subscription { calendarEventChanged { eventId event { title durationMinutes viewerStatus } } }`;
const CREATE = `mutation($input: CalendarEventInput!) {
  createCalendarEvent(input: $input) { __typename ... on CalendarEventPayload { event { id } } }
}`;
const UPDATE = `mutation($id: ID!, $input: CalendarEventInput!) { updateCalendarEvent(id: $id, input: $input) { __typename } }`;
const DELETE = `mutation($id: ID!) { deleteCalendarEvent(id: $id) { __typename } }`;
const RESPOND = `mutation($id: ID!, $accept: Boolean!) { respondToCalendarInvitation(id: $id, accept: $accept) { __typename } }`;

/** What `member`'s open calendar receives, as it arrives. */
async function listen(member: Member) {
  const received: Change[] = [];
  const client: Client = meeting.clients.connect(member);
  client.subscribe<{ calendarEventChanged: Change }>(
    { query: CHANGES },
    { next: (value) => received.push(value.data!.calendarEventChanged), error: () => {}, complete: () => {} },
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return received;
}

/** Until `check` passes (vitest's polling, every 50 ms), at most `timeoutMs`. */
const waitFor = (check: () => void, timeoutMs = 4000) => vi.waitFor(check, { timeout: timeoutMs, interval: 50 });

describe('an open calendar', () => {
  it('sees its organiser create, change and delete an event live; a member taken off it sees it go; nobody else hears', async () => {
    const [organiser, anna, boris, stranger] = await Promise.all(
      ['Ольга', 'Анна', 'Борис', 'Чужой'].map((name) => quickMember(meeting.server.services, name)),
    );
    await befriend(meeting.server.services, organiser!, anna!);
    await befriend(meeting.server.services, organiser!, boris!);
    const [toAnna, toBoris, toStranger] = await Promise.all([listen(anna!), listen(boris!), listen(stranger!)]);

    const created = await gql(organiser!, CREATE, {
      input: { title: 'Планёрка', date: '2030-03-15', time: '10:00', participantIds: [anna!.globalId, boris!.globalId] },
    });
    const id: string = created.createCalendarEvent.event.id;
    await waitFor(() =>
      expect(toAnna).toEqual([{ eventId: id, event: { title: 'Планёрка', durationMinutes: 60, viewerStatus: 'PENDING' } }]),
    );

    // Changed: the title and length, and Boris taken off the invited.
    await gql(organiser!, UPDATE, {
      id,
      input: { title: 'Планёрка (перенос)', durationMinutes: 30, participantIds: [anna!.globalId] },
    });
    await waitFor(() =>
      expect(toAnna.at(-1)).toEqual({
        eventId: id,
        event: { title: 'Планёрка (перенос)', durationMinutes: 30, viewerStatus: 'PENDING' },
      }),
    );
    await waitFor(() => expect(toBoris.at(-1)).toEqual({ eventId: id, event: null }));

    // Anna's answer reaches her other tabs (and the organiser's calendar).
    await gql(anna!, RESPOND, { id, accept: true });
    await waitFor(() => expect(toAnna.at(-1)?.event?.viewerStatus).toBe('ACCEPTED'));

    // Deleted: it leaves Anna's calendar.
    expect((await gql(organiser!, DELETE, { id })).deleteCalendarEvent.__typename).toBe('DeleteCalendarEventSuccess');
    await waitFor(() => expect(toAnna.at(-1)).toEqual({ eventId: id, event: null }));
    expect(toAnna).toHaveLength(4);
    // Boris heard only of what concerned him then (the invitation, then losing it); the stranger nothing.
    expect(toBoris).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toStranger).toEqual([]);
  });
});
