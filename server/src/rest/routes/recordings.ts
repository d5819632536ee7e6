import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRequest, RestRoute } from '../router';
import { files, text } from './values';

const RECORDING_FIELDS = `fragment RestRecording on Recording {
  databaseId title createdAt durationSeconds size mimeType url downloadUrl viewerIsOwner
  room { databaseId name }
  createdBy { databaseId }
}`;

type GraphQLRecording = {
  databaseId: number;
  title: string;
  createdAt: string;
  durationSeconds: number;
  size: number;
  mimeType: string;
  url: string;
  downloadUrl: string;
  viewerIsOwner: boolean;
  room: { databaseId: number; name: string };
  createdBy: { databaseId: number } | null;
};

/** A recording of the meeting area: its room, when, how long (seconds), how big (bytes), and signed links. */
const restRecording = (recording: GraphQLRecording) => ({
  id: recording.databaseId,
  title: recording.title,
  room_id: recording.room.databaseId,
  room_name: recording.room.name,
  created_at: recording.createdAt,
  duration: recording.durationSeconds,
  size: recording.size,
  mime_type: recording.mimeType,
  url: recording.url,
  download_url: recording.downloadUrl,
  recorded_by: recording.createdBy?.databaseId ?? null,
  is_owner: recording.viewerIsOwner,
});

const recordingId = ({ params }: RestRequest) => encodeGlobalID('Recording', params.id!);

/**
 * The meeting area's recordings. The recorder's browser starts one in its room, sends the pieces
 * as it records (`PUT …/chunks/{sequence}`, multipart field `chunk`; a repeated piece is accepted
 * unchanged), and stops it. The list holds the member's own recordings and those of rooms they created.
 */
export const recordingRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/zoomvisor/recordings',
    access: 'member',
    operation: `query RestRecordings { recordings { ...RestRecording } } ${RECORDING_FIELDS}`,
    respond: ({ recordings }) => recordings.map(restRecording),
  },
  {
    method: 'POST',
    path: '/zoomvisor/rooms/:roomId(\\d+)/recordings',
    access: 'owner',
    status: 201,
    operation: `mutation RestStartRecording($roomId: ID!, $mimeType: RecordingMimeType!) {
      startRecording(roomId: $roomId, mimeType: $mimeType) {
        __typename ...RestError ... on RecordingPayload { recording { databaseId title createdAt } }
      }
    }`,
    variables: ({ params, body }) => ({
      roomId: encodeGlobalID('Room', params.roomId!),
      mimeType: text(body.mime_type).startsWith('video/mp4') ? 'MP4' : 'WEBM',
    }),
    respond: ({ startRecording: { recording } }) => ({
      id: recording.databaseId,
      title: recording.title,
      created_at: recording.createdAt,
      next_sequence: 0,
    }),
  },
  {
    method: 'PUT',
    path: '/zoomvisor/recordings/:id(\\d+)/chunks/:sequence(\\d{1,9})',
    access: 'owner',
    operation: `mutation RestAppendRecordingChunk($id: ID!, $sequence: Int!, $chunk: File) {
      appendRecordingChunk(id: $id, sequence: $sequence, chunk: $chunk) {
        __typename ...RestError ... on RecordingChunkAccepted { nextSequence size }
      }
    }`,
    variables: (req) => ({
      id: recordingId(req),
      sequence: Number(req.params.sequence),
      chunk: files(req.body.chunk)[0] ?? null,
    }),
    respond: ({ appendRecordingChunk }) => ({
      next_sequence: appendRecordingChunk.nextSequence,
      size: appendRecordingChunk.size,
    }),
  },
  {
    method: 'POST',
    path: '/zoomvisor/recordings/:id(\\d+)/stop',
    access: 'owner',
    operation: `mutation RestStopRecording($id: ID!) {
      stopRecording(id: $id) { __typename ...RestError ... on StopRecordingSuccess { recording { ...RestRecording } } }
    }
    ${RECORDING_FIELDS}`,
    variables: (req) => ({ id: recordingId(req) }),
    respond: ({ stopRecording }) => ({ recording: stopRecording.recording ? restRecording(stopRecording.recording) : null }),
  },
  {
    method: 'PATCH',
    path: '/zoomvisor/recordings/:id(\\d+)',
    access: 'owner',
    operation: `mutation RestRenameRecording($id: ID!, $input: RenameRecordingInput!) {
      renameRecording(id: $id, input: $input) { __typename ...RestError ... on RecordingPayload { recording { ...RestRecording } } }
    }
    ${RECORDING_FIELDS}`,
    variables: (req) => ({ id: recordingId(req), input: { title: text(req.body.title) } }),
    respond: ({ renameRecording }) => restRecording(renameRecording.recording),
  },
  {
    method: 'DELETE',
    path: '/zoomvisor/recordings/:id(\\d+)',
    access: 'owner',
    operation: `mutation RestDeleteRecording($id: ID!) {
      deleteRecording(id: $id) { __typename ...RestError ... on DeleteRecordingSuccess { deletedId } }
    }`,
    variables: (req) => ({ id: recordingId(req) }),
    respond: (_data, { params }) => ({ success: true, id: Number(params.id) }),
  },
];
