import { ConnectionHandler, type RecordProxy, type RecordSourceProxy } from 'relay-runtime';

/** The connections the contacts section keeps in the store (its @connection keys). */
export const INCOMING_REQUESTS_CONNECTION = 'IncomingRequests_incomingFriendRequests';
export const CONTACTS_CONNECTION = 'MyContacts_friendships';
/** A profile's Friends tab (on each User record). */
export const PROFILE_FRIENDS_CONNECTION = 'ProfileFriends_friends';

function edgesOf(connection: RecordProxy) {
  return (connection.getLinkedRecords('edges') ?? []).filter((edge): edge is RecordProxy => edge != null);
}

/** The edges' nodes for which `matches` holds are taken out; returns those nodes. */
function removeEdges(connection: RecordProxy | null | undefined, matches: (node: RecordProxy) => boolean): RecordProxy[] {
  if (!connection) return [];
  const removed: RecordProxy[] = [];
  for (const edge of edgesOf(connection)) {
    const node = edge.getLinkedRecord('node');
    if (node && matches(node)) {
      removed.push(node);
      ConnectionHandler.deleteNode(connection, node.getDataID());
    }
  }
  return removed;
}

function contains(connection: RecordProxy, matches: (node: RecordProxy) => boolean): boolean {
  return edgesOf(connection).some((edge) => {
    const node = edge.getLinkedRecord('node');
    return node != null && matches(node);
  });
}

function prepend(store: RecordSourceProxy, connection: RecordProxy, node: RecordProxy, edgeType: string) {
  const edge = ConnectionHandler.createEdge(store, connection, node, edgeType);
  ConnectionHandler.insertEdgeBefore(connection, edge);
}

const otherUserIs = (userId: string) => (friendship: RecordProxy) =>
  friendship.getLinkedRecord('otherUser')?.getDataID() === userId;
const is = (userId: string) => (user: RecordProxy) => user.getDataID() === userId;

/** A member's friend list (their profile's Friends tab), when loaded: `friend` in or out, the count from the record. */
function syncProfileFriends(store: RecordSourceProxy, owner: RecordProxy, friend: RecordProxy, friends: boolean) {
  const connection = ConnectionHandler.getConnection(owner, PROFILE_FRIENDS_CONNECTION);
  if (!connection) return;
  if (!friends) removeEdges(connection, is(friend.getDataID()));
  else if (!contains(connection, is(friend.getDataID()))) prepend(store, connection, friend, 'UserFriendsConnectionEdge');
  const count = owner.getValue('friendsCount');
  if (typeof count === 'number') connection.setValue(count, 'totalCount');
}

/**
 * Brings every list of the viewer's relations in the store in line with the viewer's relation to
 * `other` (its `friendshipStatus`, already merged): the incoming requests, the contacts (with their
 * count), the meeting area's contacts and both members' Friends tabs. Mutations (and the live
 * notifications) call it instead of fetching those lists again. `viewer` is needed for the Friends
 * tabs and the contact count; without it those are left as they are.
 */
export function applyFriendshipChange(store: RecordSourceProxy, other: RecordProxy, viewer: RecordProxy | null) {
  const otherId = other.getDataID();
  const state = other.getValue('friendshipStatus');
  const friends = state === 'ACCEPTED';
  const root = store.getRoot();

  const incoming = ConnectionHandler.getConnection(root, INCOMING_REQUESTS_CONNECTION);
  const answered = state === 'PENDING_INCOMING' ? [] : removeEdges(incoming, otherUserIs(otherId));
  const pending = incoming?.getValue('totalCount');
  if (incoming && typeof pending === 'number') incoming.setValue(Math.max(0, pending - answered.length), 'totalCount');

  const contacts = ConnectionHandler.getConnection(root, CONTACTS_CONNECTION);
  if (contacts) {
    if (!friends) removeEdges(contacts, otherUserIs(otherId));
    else if (!contains(contacts, otherUserIs(otherId))) {
      // An accepted request is the friendship itself: it moves from the requests to the contacts.
      for (const friendship of answered) {
        friendship.setValue('ACCEPTED', 'status');
        prepend(store, contacts, friendship, 'QueryFriendshipsConnectionEdge');
      }
    }
    const count = viewer?.getValue('friendsCount');
    if (typeof count === 'number') contacts.setValue(count, 'totalCount');
  }

  const meetingContacts = root.getLinkedRecords('meetingContacts');
  if (meetingContacts) {
    const others = meetingContacts.filter((user): user is RecordProxy => user != null && user.getDataID() !== otherId);
    // A new contact joins the meeting list only with what the list shows (else it loads with the page).
    if (friends && other.getValue('fullName') !== undefined) others.push(other);
    root.setLinkedRecords(others, 'meetingContacts');
  }

  if (viewer) {
    syncProfileFriends(store, other, viewer, friends);
    syncProfileFriends(store, viewer, other, friends);
  }
}

/** The viewer record, when a query of the page loaded it. */
export function viewerIn(store: RecordSourceProxy): RecordProxy | null {
  return store.getRoot().getLinkedRecord('viewer') ?? null;
}
