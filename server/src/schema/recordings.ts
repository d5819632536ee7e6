import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import type { Context } from '../context';
import type { Recording } from '../generated/prisma/client';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { ConflictError, FileTooLargeError, UnsupportedFileTypeError } from '../services/errors';
import * as recordings from '../services/recordings';
import { signedRecordingUrl, mp4NameOf } from '../storage/recordings';
import { formatBytes } from '../services/adminStats';
import { databaseIdOf } from './globalIds';
import { deletedResult } from './errors';
import { RoomNode } from './rooms';
import { UserNode } from './user';

const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;

export const RecordingNode = builder.prismaNode('Recording', {
  id: { field: 'id' },
  nullable: true,
  // The one who made it and the creator of its room see a finished recording.
  findUnique: (id, ctx) => ({ id: Number(id), AND: [recordings.visibleRecordingWhere(viewerId(ctx))] }),
  authScopes: { loggedIn: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    title: t.exposeString('title'),
    room: t.relation('room'),
    createdBy: t.relation('createdBy', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the recording started.' }),
    durationSeconds: t.exposeInt('durationSeconds'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    sizeText: t.string({
      description: 'Bytes, KB, MB, GB (base 1024, 2 decimals).',
      select: { size: true },
      resolve: (recording) => formatBytes(recording.size),
    }),
    mimeType: t.exposeString('mimeType'),
    viewerIsOwner: t.boolean({
      description: 'The viewer made it: they may rename and delete it.',
      extensions: PER_VIEWER,
      select: { createdById: true },
      resolve: (recording, _args, ctx) => recording.createdById === viewerId(ctx),
    }),
    url: t.string({
      description: 'A signed, expiring link that plays the recording (for a <video> element).',
      select: { filename: true },
      resolve: (recording, _args, ctx) => signedRecordingUrl(ctx.services.tokenSecret, recording.filename),
    }),
    downloadUrl: t.string({
      description:
        'A signed, expiring link that downloads it as MP4 when the server can make one, in its own container otherwise.',
      select: { filename: true },
      resolve: async (recording, _args, ctx) => {
        const mp4 = await recordings.mp4Available(ctx.services, recording.filename);
        const name = mp4 ? mp4NameOf(recording.filename) : recording.filename;
        return `${signedRecordingUrl(ctx.services.tokenSecret, name)}&download=1`;
      },
    }),
  }),
});

builder.prismaObjectField(RoomNode, 'recordingBy', (t) =>
  t.field({
    type: UserNode,
    nullable: true,
    description: 'Who is recording the room now (null: nobody); everyone in it sees the recording badge.',
    select: { recordings: { where: { status: 'recording' }, take: 1, select: { createdBy: true } } },
    resolve: (room) => room.recordings[0]?.createdBy ?? null,
  }),
);

builder.queryField('recordings', (t) =>
  t.prismaField({
    type: ['Recording'],
    description: 'The viewer’s finished recordings and those made in rooms they created, newest first.',
    ...access('member'),
    resolve: (query, _root, _args, ctx) =>
      ctx.prisma.recording.findMany({
        ...query,
        where: recordings.visibleRecordingWhere(viewerId(ctx)),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 200,
      }),
  }),
);

const RecordingMimeTypeEnum = builder.enumType('RecordingMimeType', {
  values: { WEBM: { value: 'video/webm' }, MP4: { value: 'video/mp4' } } as const,
});

const RecordingPayload = builder.objectRef<{ recording: Recording }>('RecordingPayload').implement({
  fields: (t) => ({ recording: t.field({ type: RecordingNode, resolve: (payload) => payload.recording }) }),
});

const RecordingChunkAccepted = builder.objectRef<Recording>('RecordingChunkAccepted').implement({
  description: 'What the server holds of a recording in progress: the next piece it expects and the bytes so far.',
  fields: (t) => ({
    nextSequence: t.exposeInt('nextSequence'),
    size: t.exposeInt('size'),
  }),
});

const StopRecordingSuccess = builder.objectRef<{ recording: Recording | null }>('StopRecordingSuccess').implement({
  fields: (t) => ({
    recording: t.field({
      type: RecordingNode,
      nullable: true,
      description: 'The finished recording; null when nothing was recorded.',
      resolve: (payload) => payload.recording,
    }),
  }),
});

const DeleteRecordingSuccess = deletedResult('DeleteRecordingSuccess');

const RenameRecordingInput = builder.inputType('RenameRecordingInput', {
  fields: (t) => ({ title: t.string({ required: true }) }),
});

builder.mutationFields((t) => {
  const recordingIdOf = (arg: { typename: string; id: string }) => databaseIdOf(arg, 'Recording', 'recordings.notFound');
  return {
    startRecording: t.field({
      type: RecordingPayload,
      description:
        'Starts recording the room the viewer is in (plans with recording only: others are refused naming the plan ' +
        'that allows it); everyone in the room gets RECORDING_STARTED.',
      // owner: the service checks that the viewer is in the room.
      ...access('owner'),
      args: {
        roomId: t.arg.globalID({ required: true }),
        mimeType: t.arg({ type: RecordingMimeTypeEnum, required: true }),
      },
      errors: { types: [ConflictError], directResult: true, union: { name: 'StartRecordingResult' } },
      resolve: async (_root, args, ctx) => ({
        recording: await recordings.startRecording(ctx.services, viewerId(ctx), {
          roomId: databaseIdOf(args.roomId, 'Room', 'meeting.roomNotFound'),
          mimeType: args.mimeType,
        }),
      }),
    }),
    appendRecordingChunk: t.field({
      type: RecordingChunkAccepted,
      description:
        'Adds piece `sequence` (from 0) of the viewer’s recording in progress. A piece already received is accepted ' +
        'again without change (retries are safe); one after a missing piece is a ConflictError.',
      ...access('owner'),
      args: {
        id: t.arg.globalID({ required: true }),
        sequence: t.arg.int({ required: true, validate: { min: 0 } }),
        chunk: t.arg({
          type: 'File',
          required: false,
          description: 'Required; checked after the recording is found to be yours.',
        }),
      },
      errors: {
        types: [ConflictError, FileTooLargeError, UnsupportedFileTypeError],
        directResult: true,
        union: { name: 'AppendRecordingChunkResult' },
      },
      resolve: (_root, args, ctx) =>
        recordings.appendRecordingChunk(ctx.services, viewerId(ctx), {
          recordingId: recordingIdOf(args.id),
          sequence: args.sequence,
          chunk: args.chunk ?? null,
        }),
    }),
    stopRecording: t.field({
      type: StopRecordingSuccess,
      description: 'Finishes the viewer’s recording (stopping twice is harmless); the room gets RECORDING_STOPPED.',
      ...access('owner'),
      args: { id: t.arg.globalID({ required: true }) },
      errors: { directResult: true, union: { name: 'StopRecordingResult' } },
      resolve: async (_root, args, ctx) => ({
        recording: await recordings.stopRecording(ctx.services, viewerId(ctx), recordingIdOf(args.id)),
      }),
    }),
    renameRecording: t.field({
      type: RecordingPayload,
      description: 'Renames a recording: only the one who made it may.',
      ...access('owner'),
      args: {
        id: t.arg.globalID({ required: true }),
        input: t.arg({ type: RenameRecordingInput, required: true }),
      },
      errors: { directResult: true, union: { name: 'RenameRecordingResult' } },
      resolve: async (_root, args, ctx) => ({
        recording: await recordings.renameRecording(ctx.services, viewerId(ctx), recordingIdOf(args.id), args.input.title),
      }),
    }),
    deleteRecording: t.field({
      type: DeleteRecordingSuccess,
      description: 'Deletes a recording and its file: only the one who made it may.',
      ...access('owner'),
      args: { id: t.arg.globalID({ required: true }) },
      errors: { directResult: true, union: { name: 'DeleteRecordingResult' } },
      resolve: async (_root, args, ctx) => {
        const id = recordingIdOf(args.id);
        await recordings.deleteRecording(ctx.services, viewerId(ctx), id);
        return { deletedId: encodeGlobalID('Recording', id) };
      },
    }),
  };
});
