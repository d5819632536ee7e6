import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { graphql, readInlineData, useRelayEnvironment } from 'react-relay/hooks'
import type { Environment } from 'relay-runtime'
import type { useCallAcceptMutation } from '../../../__generated__/useCallAcceptMutation.graphql'
import type { useCallDeclineMutation } from '../../../__generated__/useCallDeclineMutation.graphql'
import type { useCallEventsSubscription } from '../../../__generated__/useCallEventsSubscription.graphql'
import type { useCallJoinMutation } from '../../../__generated__/useCallJoinMutation.graphql'
import type { useCallLeaveMutation } from '../../../__generated__/useCallLeaveMutation.graphql'
import type { useCallMediaStateMutation } from '../../../__generated__/useCallMediaStateMutation.graphql'
import type { useCall_participant$key } from '../../../__generated__/useCall_participant.graphql'
import type { useCallSignalMutation } from '../../../__generated__/useCallSignalMutation.graphql'
import type { useCallStartMutation } from '../../../__generated__/useCallStartMutation.graphql'
import { commitMutationAsync } from '../../../relay/commitMutationAsync'
import { useCatchUpSubscription } from '../../../relay/useCatchUpSubscription'
import { CallEngine, type CallEvent, type CallEventKind, type CallTransport, type JoinResult, type PeerInfo } from './callEngine'

const participantFragment = graphql`
  fragment useCall_participant on RoomParticipant @inline {
    muted
    cameraOff
    user {
      id
      databaseId
      fullName
    }
  }
`

const joinMutation = graphql`
  mutation useCallJoinMutation($roomId: ID!) {
    joinRoom(roomId: $roomId) {
      __typename
      ... on LimitReachedError {
        message
      }
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
`

const acceptMutation = graphql`
  mutation useCallAcceptMutation($roomId: ID!) {
    acceptCall(roomId: $roomId) {
      __typename
      ... on LimitReachedError {
        message
      }
      ... on Room {
        id
        name
        participants {
          ...useCall_participant
        }
      }
    }
  }
`

const leaveMutation = graphql`
  mutation useCallLeaveMutation($roomId: ID!) {
    leaveRoom(roomId: $roomId)
  }
`

const signalMutation = graphql`
  mutation useCallSignalMutation($roomId: ID!, $toUserId: ID!, $data: String!) {
    sendCallSignal(roomId: $roomId, toUserId: $toUserId, data: $data)
  }
`

const mediaStateMutation = graphql`
  mutation useCallMediaStateMutation($roomId: ID!, $muted: Boolean!, $cameraOff: Boolean!) {
    setRoomMediaState(roomId: $roomId, muted: $muted, cameraOff: $cameraOff) {
      muted
      cameraOff
    }
  }
`

const startMutation = graphql`
  mutation useCallStartMutation($calleeId: ID!, $media: CallMedia!) {
    startCall(calleeId: $calleeId, media: $media) {
      id
      name
    }
  }
`

const declineMutation = graphql`
  mutation useCallDeclineMutation($roomId: ID!) {
    declineCall(roomId: $roomId)
  }
`

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
`

function peerInfo(key: useCall_participant$key): PeerInfo {
  const participant = readInlineData(participantFragment, key)
  return {
    userId: participant.user.databaseId,
    globalId: participant.user.id,
    name: participant.user.fullName,
    muted: participant.muted,
    cameraOff: participant.cameraOff,
  }
}

/** The engine's transport: each step is one GraphQL mutation. */
function relayTransport(environment: () => Environment): CallTransport {
  return {
    async joinRoom(roomId) {
      const { joinRoom } = await commitMutationAsync<useCallJoinMutation>(environment(), joinMutation, { roomId })
      if (joinRoom.__typename === 'JoinRoomSuccess') {
        return { ok: true, room: joinRoom.room, participants: joinRoom.participants.map(peerInfo) }
      }
      return { ok: false, message: joinRoom.__typename === 'LimitReachedError' ? joinRoom.message : '' }
    },
    async acceptCall(roomId): Promise<JoinResult> {
      const { acceptCall } = await commitMutationAsync<useCallAcceptMutation>(environment(), acceptMutation, { roomId })
      if (acceptCall.__typename === 'Room') {
        return { ok: true, room: { id: acceptCall.id, name: acceptCall.name }, participants: acceptCall.participants.map(peerInfo) }
      }
      return { ok: false, message: acceptCall.__typename === 'LimitReachedError' ? acceptCall.message : '' }
    },
    leaveRoom: (roomId) => commitMutationAsync<useCallLeaveMutation>(environment(), leaveMutation, { roomId }),
    sendSignal: (roomId, toUserId, data) =>
      commitMutationAsync<useCallSignalMutation>(environment(), signalMutation, { roomId, toUserId, data }),
    setMediaState: (roomId, muted, cameraOff) =>
      commitMutationAsync<useCallMediaStateMutation>(environment(), mediaStateMutation, { roomId, muted, cameraOff }),
    async startCall(calleeId, media) {
      const { startCall } = await commitMutationAsync<useCallStartMutation>(environment(), startMutation, {
        calleeId,
        media: media === 'audio' ? 'AUDIO' : 'VIDEO',
      })
      return startCall
    },
    declineCall: (roomId) => commitMutationAsync<useCallDeclineMutation>(environment(), declineMutation, { roomId }),
  }
}

type Received = useCallEventsSubscription['response']['callEvents']

function toCallEvent(event: Received): CallEvent {
  let payload: Record<string, unknown> = {}
  try {
    payload = JSON.parse(event.payload) as Record<string, unknown>
  } catch {
    // a payload that is not JSON carries nothing usable
  }
  return {
    kind: event.kind as CallEventKind,
    roomId: event.roomId ?? null,
    payload,
    sender: { userId: event.sender.databaseId, globalId: event.sender.id, name: event.sender.fullName, muted: false, cameraOff: false },
  }
}

/**
 * The meeting page's call: one engine for the page's lifetime, fed by the viewer's call-events
 * subscription (which also marks the viewer present in their room). Leaving the page hangs up.
 */
export function useCall(iceServers: readonly { urls: readonly string[]; username?: string | null; credential?: string | null }[]) {
  const environment = useRelayEnvironment()
  const environmentRef = useRef(environment)
  environmentRef.current = environment
  const [engine] = useState(
    () =>
      new CallEngine(relayTransport(() => environmentRef.current), {
        iceServers: iceServers.map((server) => ({
          urls: [...server.urls],
          username: server.username ?? undefined,
          credential: server.credential ?? undefined,
        })),
        onError: (error) => console.warn('call:', error),
      }),
  )
  useEffect(() => () => void engine.leave(), [engine])
  useCatchUpSubscription<useCallEventsSubscription, Received>(
    callEventsSubscription,
    {},
    (response) => response.callEvents,
    (event) => engine.handleEvent(toCallEvent(event)),
  )
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot)
  return { call: snapshot, engine }
}
