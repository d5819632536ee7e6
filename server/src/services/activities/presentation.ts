import { z } from 'zod';
import type { Services } from '../container';
import { ForbiddenError, NotFoundError, UnsupportedFileTypeError, ValidationError } from '../errors';
import { countOrRefuse } from '../limits';
import { accessibleRoom, openParticipations } from '../rooms';
import { roomFileMember } from '../roomFiles';
import { toValidationError } from '../validation';
import type { ActivityRules } from './types';

/**
 * The presentation (issue 18 point 5): the host shows a PDF of the room's files, page by page, to up
 * to 50 players (anyone else in the room may watch). The page shown is the last page change, a move;
 * each change's key is its place in the sequence (`change:<n>`), so going back to a page is a new
 * move, while two changes sent at once on the same state cannot both be stored: one is refused and
 * every viewer sees one order of pages. The laser pointer is not a move: it is relayed to the room's
 * watchers and never stored (relayPointer).
 */

/** More pages than any slide deck; the client reports the count pdf.js read, the server bounds it. */
export const PRESENTATION_MAX_PAGES = 2000;
/** Pointer positions a presenter may send per second (the client sends at most 20). */
export const POINTER_MESSAGES_PER_SECOND = 30;

/** A PDF starts with this signature (ISO 32000-1, 7.5.2): its content, not its name or MIME type, decides. */
const PDF_SIGNATURE = '%PDF-';

const setupSchema = z.object({
  fileId: z.number().int().positive(),
  /** The stored file's name (the room file store's), for its signed link. */
  filename: z.string().min(1),
  name: z.string(),
  pageCount: z
    .number()
    .int('presentation.pageCount')
    .min(1, 'presentation.pageCount')
    .max(PRESENTATION_MAX_PAGES, 'presentation.pageCount'),
});
export type PresentationSetup = z.output<typeof setupSchema>;
export type PresentationMove = { page: number };
/** Everyone sees the same: the file and the presenter's page (1-based). */
export type PresentationView = PresentationSetup & { page: number };

/** The first bytes of a stored room file (a range request: the whole file is never read here). */
async function leadingBytes(services: Services, filename: string, length: number): Promise<string> {
  const response = await services.roomFileStore.serve(
    new Request('http://store.invalid/', { headers: { range: `bytes=0-${length - 1}` } }),
    filename,
  );
  if (!response || !response.ok) return '';
  return Buffer.from(await response.arrayBuffer())
    .subarray(0, length)
    .toString('latin1');
}

/**
 * The launch input for `fileId`, a file of the room the launcher shares (else: not found), once its
 * content proves it is a PDF. `pageCount` is what the launcher's pdf.js counted.
 */
export async function presentationSetupInput(
  services: Services,
  userId: number,
  roomId: number,
  input: { fileId: number; pageCount: number },
): Promise<PresentationSetup> {
  const file = await services.prisma.roomFile.findFirst({ where: { id: input.fileId, roomId } });
  if (!file) throw new NotFoundError('presentation.fileNotFound');
  await roomFileMember(services, userId, roomId).catch(() => {
    throw new NotFoundError('presentation.fileNotFound');
  });
  if ((await leadingBytes(services, file.filename, PDF_SIGNATURE.length)) !== PDF_SIGNATURE) {
    throw new UnsupportedFileTypeError('presentation.notPdf', { name: file.originalName });
  }
  return { fileId: file.id, filename: file.filename, name: file.originalName, pageCount: input.pageCount };
}

const pageOf = (moves: { payload: unknown }[]) => (moves.at(-1)?.payload as PresentationMove | undefined)?.page ?? 1;

export const presentationRules: ActivityRules<PresentationSetup, PresentationMove, PresentationView> = {
  parseSetup(input) {
    const parsed = setupSchema.safeParse(input ?? {});
    if (!parsed.success) {
      // Without the `presentation` argument there is no file at all: say so rather than list fields.
      if (input == null)
        throw new ValidationError([{ path: ['presentation', 'fileId'], messageKey: 'presentation.fileRequired' }]);
      throw toValidationError(parsed.error);
    }
    return parsed.data;
  },

  acceptMove(state, userId, move) {
    if (state.session.hostId !== userId) throw new ForbiddenError('presentation.presenterOnly');
    const { pageCount } = state.session.setup;
    if (!Number.isInteger(move.page) || move.page < 1 || move.page > pageCount) {
      throw new ValidationError([{ path: ['page'], messageKey: 'presentation.pageOutOfRange', params: { max: pageCount } }]);
    }
    return { key: `change:${state.moves.length + 1}`, payload: { page: move.page } };
  },

  duplicateMoveKey: 'presentation.pageChangedMeanwhile',

  view: (state) => ({ ...state.session.setup, page: pageOf(state.moves) }),
};

/**
 * A running presentation the viewer may watch (someone in the room's call): its id and room, and
 * whether they present it.
 */
export async function presentationAccess(services: Services, userId: number, sessionId: number) {
  const session = await services.prisma.activitySession.findFirst({
    where: { id: sessionId, kind: 'presentation', status: 'active' },
    select: { id: true, roomId: true, hostId: true },
  });
  if (!session) throw new NotFoundError('activities.notFound');
  await accessibleRoom(services, userId, session.roomId).catch(() => {
    throw new NotFoundError('activities.notFound');
  });
  const present = await openParticipations(services.prisma, session.roomId, [userId]);
  if (!present.has(userId)) throw new ForbiddenError('activities.joinRoomToPlay');
  return { sessionId, presenting: session.hostId === userId };
}

export const pointerSchema = z
  .object({
    x: z.number().finite().min(0).max(1).nullable(),
    y: z.number().finite().min(0).max(1).nullable(),
  })
  .refine((point) => (point.x === null) === (point.y === null), { message: 'presentation.pointerMalformed' });
/** Where the laser is on the page (0..1 from the top left corner), or null: hidden. */
export type PointerPosition = { x: number; y: number } | null;

/**
 * The presenter's laser pointer, relayed to everyone watching the presentation and never stored:
 * positions outside the page are refused, and so is more than POINTER_MESSAGES_PER_SECOND a second.
 */
export async function relayPointer(
  services: Services,
  userId: number,
  sessionId: number,
  point: { x: number | null; y: number | null },
) {
  const parsed = pointerSchema.safeParse(point);
  if (!parsed.success) throw new ValidationError([{ path: ['x'], messageKey: 'presentation.pointerMalformed' }]);
  // Counted before any database work, so a flood costs the server as little as possible.
  await countOrRefuse(services, `pointer:${sessionId}:${userId}`, POINTER_MESSAGES_PER_SECOND, 1, 'presentation.pointerTooFast');
  const { presenting } = await presentationAccess(services, userId, sessionId);
  if (!presenting) throw new ForbiddenError('presentation.presenterOnly');
  const { x, y } = parsed.data;
  services.pubsub.publish('activity:pointer', sessionId, { position: x === null || y === null ? null : { x, y } });
}
