import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';

type GraphQLRoomFile = {
  databaseId: number;
  name: string;
  size: number;
  mimeType: string;
  createdAt: string;
  downloadUrl: string;
  uploader: { databaseId: number; firstName: string; lastName: string; username: string } | null;
};

const FILE_FIELDS = `databaseId name size mimeType createdAt downloadUrl
  uploader { databaseId firstName lastName username }`;

/** A room file as the meeting area's REST answers it: snake_case, numeric ids, a signed download link. */
const restRoomFile = (file: GraphQLRoomFile) => ({
  id: file.databaseId,
  name: file.name,
  size: file.size,
  type: file.mimeType,
  uploader: file.uploader && {
    id: file.uploader.databaseId,
    username: file.uploader.username,
    name: `${file.uploader.firstName} ${file.uploader.lastName}`.trim() || file.uploader.username,
  },
  created_at: file.createdAt,
  url: file.downloadUrl,
});

/**
 * Room files (issue 17): the list for the files tab and deletion. Uploads are not rows: they speak
 * tus at /api/zoomvisor/uploads (http/roomFileUploads.ts).
 */
export const roomFileRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/zoomvisor/rooms/:id(\\d+)/files',
    access: 'owner',
    operation: `query RestRoomFiles($roomId: ID!) { roomFiles(roomId: $roomId) { ${FILE_FIELDS} } }`,
    variables: ({ params }) => ({ roomId: encodeGlobalID('Room', params.id) }),
    respond: ({ roomFiles }) => ({ files: (roomFiles as GraphQLRoomFile[]).map(restRoomFile) }),
  },
  {
    method: 'DELETE',
    path: '/zoomvisor/rooms/:roomId(\\d+)/files/:id(\\d+)',
    access: 'owner',
    operation: `mutation RestDeleteRoomFile($id: ID!) {
      deleteRoomFile(id: $id) { __typename ...RestError ... on DeleteRoomFileSuccess { deletedId } }
    }`,
    variables: ({ params }) => ({ id: encodeGlobalID('RoomFile', params.id) }),
    respond: (_data, { params }) => ({ success: true, id: Number(params.id) }),
  },
];
