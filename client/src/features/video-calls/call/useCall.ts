import { useEffect, useState, useSyncExternalStore } from 'react';
import { fetchQuery, graphql, readInlineData, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import { mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';
import type { ConcreteRequest, Environment } from 'relay-runtime';
import type { useCallAcceptMutation } from '../../../__generated__/useCallAcceptMutation.graphql';
import type { useCallDeclineMutation } from '../../../__generated__/useCallDeclineMutation.graphql';
import type { useCallIceServersQuery } from '../../../__generated__/useCallIceServersQuery.graphql';
import type { useCallEventsSubscription } from '../../../__generated__/useCallEventsSubscription.graphql';
import type { useCallJoinMutation } from '../../../__generated__/useCallJoinMutation.graphql';
import type { useCallLeaveMutation } from '../../../__generated__/useCallLeaveMutation.graphql';
import type { useCallMediaStateMutation } from '../../../__generated__/useCallMediaStateMutation.graphql';
import type { useCall_meetingConfig$key } from '../../../__generated__/useCall_meetingConfig.graphql';
import type { useCall_participant$key } from '../../../__generated__/useCall_participant.graphql';
import type { useCallSignalMutation } from '../../../__generated__/useCallSignalMutation.graphql';
import type { useCallStartMutation } from '../../../__generated__/useCallStartMutation.graphql';
import { commitMutationAsync } from '../../../relay/commitMutationAsync';
import { postGraphQL } from '../../../relay/graphqlHttp';
import { useCatchUpSubscription } from '../../../relay/useCatchUpSubscription';
import {
  CallEngine,
  type CallEngineOptions,
  type CallEvent,
  type CallEventKind,
  type CallTransport,
  type JoinResult,
  type PeerInfo,
} from './callEngine';

const participantFragment = graphql`
  fragment useCall_participant on RoomParticipant @inline {
    muted
    cameraOff
    away
    user {
      id
      databaseId
      fullName
    }
  }
`;

const joinMutation = graphql`
  mutation useCallJoinMutation($roomId: ID!, $muted: Boolean, $cameraOff: Boolean) {
    joinRoom(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on JoinRoomSuccess {
        participationId
        call {
          mode
          epoch
          sfuToken
          videoPublishers
        }
        room {
          id
          databaseId
          name
          recordingBy {
            databaseId
            fullName
          }
        }
        participants {
          ...useCall_participant
        }
      }
    }
  }
`;

const acceptMutation = graphql`
  mutation useCallAcceptMutation($roomId: ID!) {
    acceptCall(roomId: $roomId) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on JoinRoomSuccess {
        room {
          id
          name
        }
        participants {
          ...useCall_participant
        }
      }
    }
  }
`;

const leaveMutation = graphql`
  mutation useCallLeaveMutation($roomId: ID!) {
    leaveRoom(roomId: $roomId) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const awayMutation = graphql`
  mutation useCallAwayMutation($roomId: ID!, $participationId: Int!) {
    markAwayInRoom(roomId: $roomId, participationId: $participationId) {
      __typename
    }
  }
`;

const signalMutation = graphql`
  mutation useCallSignalMutation($roomId: ID!, $toUserId: ID!, $data: String!) {
    sendCallSignal(roomId: $roomId, toUserId: $toUserId, data: $data) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const mediaStateMutation = graphql`
  mutation useCallMediaStateMutation($roomId: ID!, $muted: Boolean!, $cameraOff: Boolean!) {
    setRoomMediaState(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) {
      ...mutationError_error @alias(as: "error")
      ... on RoomParticipant {
        muted
        cameraOff
      }
    }
  }
`;

const startMutation = graphql`
  mutation useCallStartMutation($calleeId: ID!, $media: CallMedia!) {
    startCall(calleeId: $calleeId, media: $media) {
      ...mutationError_error @alias(as: "error")
      ... on Room {
        id
        name
      }
    }
  }
`;

const declineMutation = graphql`
  mutation useCallDeclineMutation($roomId: ID!) {
    declineCall(roomId: $roomId) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const callEventsSubscription = graphql`
  subscription useCallEventsSubscription($after: ID) {
    callEvents(after: $after) {
      id
      kind
      roomId
      payload
      sender {
        id
        databaseId
        fullName
      }
    }
  }
`;

function peerInfo(key: useCall_participant$key): PeerInfo & { away: boolean } {
  const participant = readInlineData(participantFragment, key);
  return {
    userId: participant.user.databaseId,
    globalId: participant.user.id,
    name: participant.user.fullName,
    muted: participant.muted,
    cameraOff: participant.cameraOff,
    away: participant.away,
  };
}

/**
 * A refusal the server answered (an error of the mutation's result union) as a rejection with the
 * user's text, which the engine reports like any other failed step.
 */
function succeeded<R extends { readonly error?: MutationErrorKey | null }>(result: R): R {
  if (result.error) throw new Error(mutationErrorText(result.error, ''));
  return result;
}

type Joined = useCallJoinMutation['response']['joinRoom'] | useCallAcceptMutation['response']['acceptCall'];

/** Joining a room and accepting a call answer alike: the room and the others in it (never the viewer). */
function joinResult(joined: Joined): JoinResult {
  if (joined.room && joined.participants) {
    const by = 'recordingBy' in joined.room ? joined.room.recordingBy : null;
    const call = 'call' in joined ? joined.call : null;
    return {
      ok: true,
      room: { id: joined.room.id, name: joined.room.name },
      participants: joined.participants.map(peerInfo),
      recording: by ? { userId: by.databaseId, name: by.fullName } : null,
      roomDatabaseId: 'databaseId' in joined.room ? joined.room.databaseId : undefined,
      participationId: 'participationId' in joined ? joined.participationId : undefined,
      call: call
        ? {
            mode: call.mode === 'SFU' ? 'sfu' : 'mesh',
            epoch: call.epoch,
            sfuToken: call.sfuToken ?? null,
            videoPublishers: call.videoPublishers ? [...call.videoPublishers] : null,
          }
        : undefined,
    };
  }
  return { ok: false, message: mutationErrorText(joined.error, '') };
}

/** The engine's transport: each step is one GraphQL mutation. */
function relayTransport(environment: () => Environment): CallTransport {
  return {
    async joinRoom(roomId, { muted, cameraOff }) {
      const { joinRoom } = await commitMutationAsync<useCallJoinMutation>(environment(), joinMutation, {
        roomId,
        muted,
        cameraOff,
      });
      return joinResult(joinRoom);
    },
    async acceptCall(roomId) {
      const { acceptCall } = await commitMutationAsync<useCallAcceptMutation>(environment(), acceptMutation, { roomId });
      return joinResult(acceptCall);
    },
    leaveRoom: async (roomId) =>
      succeeded((await commitMutationAsync<useCallLeaveMutation>(environment(), leaveMutation, { roomId })).leaveRoom),
    // Outside Relay: its network cannot ask for keepalive, and nothing reads the answer.
    leaveRoomWithPage: (roomId) =>
      void postGraphQL((leaveMutation as ConcreteRequest).params, { roomId }, { keepalive: true }).catch(() => undefined),
    markAwayWithPage: (roomId, participationId) =>
      void postGraphQL((awayMutation as ConcreteRequest).params, { roomId, participationId }, { keepalive: true }).catch(
        () => undefined,
      ),
    sendSignal: async (roomId, toUserId, data) =>
      succeeded(
        (await commitMutationAsync<useCallSignalMutation>(environment(), signalMutation, { roomId, toUserId, data }))
          .sendCallSignal,
      ),
    setMediaState: async (roomId, muted, cameraOff) =>
      succeeded(
        (await commitMutationAsync<useCallMediaStateMutation>(environment(), mediaStateMutation, { roomId, muted, cameraOff }))
          .setRoomMediaState,
      ),
    async startCall(calleeId, media) {
      const { startCall } = await commitMutationAsync<useCallStartMutation>(environment(), startMutation, {
        calleeId,
        media: media === 'audio' ? 'AUDIO' : 'VIDEO',
      });
      const { id, name } = succeeded(startCall);
      if (id === undefined || name === undefined) throw new Error(mutationErrorText(null, ''));
      return { id, name };
    },
    declineCall: async (roomId) =>
      succeeded((await commitMutationAsync<useCallDeclineMutation>(environment(), declineMutation, { roomId })).declineCall),
  };
}

type Received = useCallEventsSubscription['response']['callEvents'];

function toCallEvent(event: Received): CallEvent {
  let payload: Record<string, unknown> = {};
  try {
    payload = JSON.parse(event.payload) as Record<string, unknown>;
  } catch {
    // a payload that is not JSON carries nothing usable
  }
  return {
    kind: event.kind as CallEventKind,
    roomId: event.roomId ?? null,
    payload,
    sender: {
      userId: event.sender.databaseId,
      globalId: event.sender.id,
      name: event.sender.fullName,
      muted: false,
      cameraOff: false,
    },
  };
}

/**
 * The environment the engine's requests go through. The engine lives as long as the page, the
 * environment is replaced on sign-in and sign-out: an effect keeps this one current.
 */
class EnvironmentSlot {
  constructor(public environment: Environment) {}
  use(environment: Environment) {
    this.environment = environment;
  }
}

/**
 * The meeting page's call: one engine for the page's lifetime, fed by the viewer's call-events
 * subscription (which also marks the viewer present in their room). Leaving the page hangs up.
 */
const meetingConfigFragment = graphql`
  fragment useCall_meetingConfig on MeetingConfig {
    iceServers {
      urls
      username
      credential
    }
    iceTransportPolicy
  }
`;

/**
 * A diagnostic switch for one browser (localStorage `linkup_ice_transport_policy` = `relay`): it
 * connects only through TURN relays, as behind a firewall that lets nothing else through. The
 * server's ICE_TRANSPORT_POLICY does the same for everyone.
 */
const relayOnlyHere = () => {
  try {
    return localStorage.getItem('linkup_ice_transport_policy') === 'relay';
  } catch {
    return false; // storage refused (private mode): the server's policy
  }
};

const iceServersQuery = graphql`
  query useCallIceServersQuery {
    meetingConfig {
      iceServers {
        urls
        username
        credential
      }
    }
  }
`;

type IceServerFields = {
  readonly urls: readonly string[];
  readonly username?: string | null;
  readonly credential?: string | null;
};
const toIceServers = (servers: readonly IceServerFields[]): RTCIceServer[] =>
  servers.map((server) => ({
    urls: [...server.urls],
    username: server.username ?? undefined,
    credential: server.credential ?? undefined,
  }));

/** The Janus client is downloaded only when a call first goes through the SFU. */
const openSfu: CallEngineOptions['openSfu'] = (options) =>
  import('./sfuSession').then(({ SfuSession }) => SfuSession.open(options));

export function useCall(meetingConfig: useCall_meetingConfig$key, viewerId: number) {
  const { iceServers, iceTransportPolicy } = useFragment(meetingConfigFragment, meetingConfig);
  const environment = useRelayEnvironment();
  const [slot] = useState(() => new EnvironmentSlot(environment));
  useEffect(() => slot.use(environment), [slot, environment]);
  const [engine] = useState(
    () =>
      new CallEngine(
        relayTransport(() => slot.environment),
        {
          // Our TURN entry's credentials expire (TURN_CREDENTIAL_TTL_SECONDS, a day by default), but the
          // relay checks them only when it allocates: a call that outlasts them is not cut, and a page
          // open for long fetches new ones before its next call.
          iceServers: toIceServers(iceServers),
          refreshIceServers: async () => {
            const data = await fetchQuery<useCallIceServersQuery>(
              slot.environment,
              iceServersQuery,
              {},
              {
                fetchPolicy: 'network-only',
              },
            ).toPromise();
            if (!data) throw new Error('meetingConfig: no answer');
            return toIceServers(data.meetingConfig.iceServers);
          },
          iceTransportPolicy: iceTransportPolicy === 'RELAY' || relayOnlyHere() ? 'relay' : 'all',
          viewerId,
          openSfu,
          onError: (error) => console.warn('call:', error),
        },
      ),
  );
  useEffect(() => () => void engine.leave(), [engine]);
  useEffect(() => {
    const leaveWithPage = () => engine.leaveWithPage();
    // Back from the back-forward cache: the room was told the page went away.
    const returnWithPage = (event: PageTransitionEvent) => {
      if (event.persisted) engine.returnWithPage();
    };
    window.addEventListener('pagehide', leaveWithPage);
    window.addEventListener('pageshow', returnWithPage);
    return () => {
      window.removeEventListener('pagehide', leaveWithPage);
      window.removeEventListener('pageshow', returnWithPage);
    };
  }, [engine]);
  useCatchUpSubscription<useCallEventsSubscription, Received>(
    callEventsSubscription,
    {},
    (response) => response.callEvents,
    (event) => engine.handleEvent(toCallEvent(event)),
  );
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return { call: snapshot, engine };
}
