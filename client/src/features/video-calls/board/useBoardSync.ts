import { useEffect, useEffectEvent, useState } from 'react';
import { graphql, requestSubscription, useRelayEnvironment } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import type { useBoardSyncSubscription } from '../../../__generated__/useBoardSyncSubscription.graphql';
import type { useBoardSyncDrawMutation } from '../../../__generated__/useBoardSyncDrawMutation.graphql';
import type { useBoardSyncAwarenessMutation } from '../../../__generated__/useBoardSyncAwarenessMutation.graphql';
import { commitMutationAsync } from '../../../relay/commitMutationAsync';
import { onSocketReconnected } from '../../../relay/environment';
import type { MutationErrorKey } from '../../../relay/mutationError';
import type { Stroke } from './strokes';

const boardSubscription = graphql`
  subscription useBoardSyncSubscription($sessionId: ID!) {
    drawingBoard(sessionId: $sessionId) {
      kind
      update
    }
  }
`;

const drawMutation = graphql`
  mutation useBoardSyncDrawMutation($sessionId: ID!, $update: String!) {
    drawOnBoard(sessionId: $sessionId, update: $update) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const awarenessMutation = graphql`
  mutation useBoardSyncAwarenessMutation($sessionId: ID!, $update: String!) {
    sendBoardAwareness(sessionId: $sessionId, update: $update) {
      __typename
    }
  }
`;

/** Changes that came from the server: they are not sent back. */
const REMOTE = 'remote';
/** How often at most the cursor and the stroke being drawn are sent. */
const AWARENESS_EVERY_MS = 50;

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

export type BoardSync = {
  doc: Y.Doc;
  strokes: Y.Map<Stroke>;
  awareness: Awareness;
  /** False until the whole board has arrived. */
  ready: boolean;
};

/**
 * A drawing activity's board as a Yjs document kept in step with the server: the whole board first,
 * then everyone's changes; local changes (any origin but the server's) are sent as they happen.
 * A change the server refuses is reported through `onRefused`, and the board starts again from the
 * server's copy, so no one keeps a stroke the others do not have.
 */
export function useBoardSync(sessionId: string, onRefused: (error: MutationErrorKey | null) => void): BoardSync | null {
  const environment = useRelayEnvironment();
  const [generation, setGeneration] = useState(0);
  const [sync, setSync] = useState<(BoardSync & { key: string }) | null>(null);
  const key = `${sessionId}:${generation}`;
  const reportRefusal = useEffectEvent((error: MutationErrorKey | null) => onRefused(error));

  useEffect(() => {
    const board = createSync(key);
    const stop = connect(environment, sessionId, board, {
      // Shown once the whole board is there (again after a reconnection: the same board).
      ready: () => setSync((state) => (state?.doc === board.doc ? state : { ...board, ready: true })),
      refused: (error) => {
        reportRefusal(error);
        setGeneration((value) => value + 1);
      },
    });
    return () => {
      stop();
      board.awareness.destroy();
      board.doc.destroy();
    };
  }, [environment, sessionId, key]);

  // A board of another room (or before a restart) is not shown while the new one connects.
  return sync?.key === key ? sync : null;
}

function createSync(key: string): BoardSync & { key: string } {
  const doc = new Y.Doc();
  return { key, doc, strokes: doc.getMap<Stroke>('strokes'), awareness: new Awareness(doc), ready: false };
}

function connect(
  environment: Environment,
  sessionId: string,
  board: BoardSync,
  on: { ready(): void; refused(error: MutationErrorKey | null): void },
) {
  const { doc, awareness } = board;
  let stopped = false;

  const sendUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === REMOTE || stopped) return;
    commitMutationAsync<useBoardSyncDrawMutation>(environment, drawMutation, { sessionId, update: toBase64(update) })
      .then((response) => {
        const error = response.drawOnBoard.error;
        if (error && !stopped) on.refused(error);
      })
      .catch(() => !stopped && on.refused(null));
  };
  doc.on('update', sendUpdate);

  let awarenessTimer: ReturnType<typeof setTimeout> | null = null;
  const sendAwareness = () => {
    awarenessTimer = null;
    if (stopped) return;
    const update = toBase64(encodeAwarenessUpdate(awareness, [doc.clientID]));
    void commitMutationAsync<useBoardSyncAwarenessMutation>(environment, awarenessMutation, { sessionId, update }).catch(
      () => {},
    );
  };
  const awarenessChanged = (_changes: unknown, origin: unknown) => {
    if (origin !== REMOTE && awarenessTimer === null) awarenessTimer = setTimeout(sendAwareness, AWARENESS_EVERY_MS);
  };
  awareness.on('update', awarenessChanged);

  let active: { dispose(): void } | null = null;
  const subscribe = () => {
    active?.dispose();
    active = requestSubscription<useBoardSyncSubscription>(environment, {
      subscription: boardSubscription,
      variables: { sessionId },
      onNext: (response) => {
        const event = response?.drawingBoard;
        if (!event || stopped) return;
        if (event.kind === 'AWARENESS') applyAwarenessUpdate(awareness, fromBase64(event.update), REMOTE);
        else Y.applyUpdate(doc, fromBase64(event.update), REMOTE);
        if (event.kind === 'STATE') on.ready();
      },
      onError: () => {},
    });
  };
  subscribe();
  // After a dropped socket the whole board comes again (Yjs applies what is new, once).
  const stopListening = onSocketReconnected(subscribe);

  return () => {
    stopped = true;
    stopListening();
    active?.dispose();
    doc.off('update', sendUpdate);
    awareness.off('update', awarenessChanged);
    if (awarenessTimer) clearTimeout(awarenessTimer);
    // Tell the others this cursor is gone (the last message this board sends).
    removeAwarenessStates(awareness, [doc.clientID], 'unmount');
    const update = toBase64(encodeAwarenessUpdate(awareness, [doc.clientID]));
    void commitMutationAsync<useBoardSyncAwarenessMutation>(environment, awarenessMutation, { sessionId, update }).catch(
      () => {},
    );
  };
}
