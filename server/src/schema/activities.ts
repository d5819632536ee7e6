import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { moduleAccess } from '../auth/access';
import type { Context } from '../context';
import { translate } from '../i18n';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { nowThenLive } from '../realtime/catchUp';
import { ConflictError, LimitReachedError, UnsupportedFileTypeError } from '../services/errors';
import * as engine from '../services/activities/engine';
import type { QuizQuestionView, QuizScore, QuizView } from '../services/activities/quiz';
import { quizStarterQuestions } from '../services/activities/quizStarter';
import { gamesSetupInput } from '../services/activities/games/games';
import { presentationSetupInput } from '../services/activities/presentation';
import type { QuizQuestion } from '../services/activities/quiz';
import { accessibleRoom } from '../services/rooms';
import { databaseIdOf } from './globalIds';
import { RoomNode } from './rooms';
import { UserNode } from './user';

/**
 * Shared activities of a room (issue 18): the catalog, the running session with each viewer's view,
 * and the quiz's moves. Rules live in services/activities (engine.ts + one module per kind).
 */
const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;
const roomIdOf = (id: { typename: string; id: string }) => databaseIdOf(id, 'Room', 'meeting.roomNotFound');
const sessionIdOf = (id: { typename: string; id: string }) => databaseIdOf(id, 'ActivitySession', 'activities.notFound');
const userById = (ctx: Context, id: number) => ctx.prisma.user.findUnique({ where: { id } });

export const ActivityKindEnum = builder.enumType('ActivityKind', {
  values: {
    QUIZ: { value: 'quiz' },
    DRAWING: { value: 'drawing' },
    GAMES: { value: 'games' },
    PRESENTATION: { value: 'presentation' },
  } as const,
});

const ActivityStatusEnum = builder.enumType('ActivityStatus', {
  values: { AVAILABLE: { value: 'available' }, ACTIVE: { value: 'active' } } as const,
});

const ActivitySessionStatusEnum = builder.enumType('ActivitySessionStatus', {
  values: { ACTIVE: { value: 'active' }, ENDED: { value: 'ended' } } as const,
});

const QuizQuestionTypeEnum = builder.enumType('QuizQuestionType', {
  values: { MULTIPLE: { value: 'multiple' }, TEXT: { value: 'text' } } as const,
});

const ActivityTypeRef = builder.objectRef<engine.ActivityTypeView>('ActivityType').implement({
  description: 'A kind of activity, and (for a room) whether it runs there.',
  fields: (t) => ({
    kind: t.field({ type: ActivityKindEnum, resolve: (type) => type.kind }),
    name: t.string({ resolve: (type, _args, ctx) => translate(ctx.locale, `activities.${type.kind}.name`) }),
    description: t.string({ resolve: (type, _args, ctx) => translate(ctx.locale, `activities.${type.kind}.description`) }),
    capacity: t.exposeInt('capacity', { description: 'The most people in one session (spec section 9).' }),
    timeLimitSeconds: t.exposeInt('timeLimitSeconds', { nullable: true }),
    launchable: t.exposeBoolean('launchable', { description: 'False while the kind is not built yet ("coming soon").' }),
    status: t.field({ type: ActivityStatusEnum, resolve: (type) => type.status }),
    participantCount: t.exposeInt('participantCount'),
  }),
});

const ActivityPlayerRef = builder.objectRef<engine.ActivityPlayerView>('ActivityPlayer').implement({
  fields: (t) => ({
    user: t.field({ type: UserNode, nullable: true, resolve: (player, _args, ctx) => userById(ctx, player.userId) }),
    joinedAt: t.expose('joinedAt', { type: 'DateTime' }),
  }),
});

const QuizAnswerRef = builder.objectRef<NonNullable<QuizQuestionView['answer']>>('QuizAnswer').implement({
  fields: (t) => ({
    given: t.exposeString('given'),
    correct: t.exposeBoolean('correct'),
    correctAnswer: t.exposeString('correctAnswer'),
  }),
});

const QuizQuestionViewRef = builder.objectRef<QuizQuestionView>('QuizQuestionView').implement({
  description: 'A question as a player sees it: its correct answer only once they have answered it.',
  fields: (t) => ({
    index: t.exposeInt('index'),
    prompt: t.exposeString('prompt'),
    type: t.field({ type: QuizQuestionTypeEnum, resolve: (question) => question.type }),
    options: t.exposeStringList('options'),
    answer: t.field({ type: QuizAnswerRef, nullable: true, resolve: (question) => question.answer }),
  }),
});

const QuizScoreRef = builder.objectRef<QuizScore>('QuizScore').implement({
  fields: (t) => ({
    user: t.field({ type: UserNode, nullable: true, resolve: (score, _args, ctx) => userById(ctx, score.userId) }),
    correct: t.exposeInt('correct'),
    answered: t.exposeInt('answered'),
    total: t.exposeInt('total'),
    percent: t.exposeInt('percent'),
  }),
});

const QuizViewRef = builder.objectRef<QuizView>('QuizView').implement({
  fields: (t) => ({
    questionCount: t.exposeInt('questionCount'),
    questions: t.field({
      type: [QuizQuestionViewRef],
      description: 'The questions the viewer answered, then the one to answer now (for a player, while time is left).',
      resolve: (quiz) => quiz.questions,
    }),
    finished: t.exposeBoolean('finished', { description: 'Time is over, or every player answered every question.' }),
    scoreboard: t.field({ type: [QuizScoreRef], resolve: (quiz) => quiz.scoreboard }),
  }),
});

export const ActivitySessionRef = builder.objectRef<engine.ActivitySessionView>('ActivitySession').implement({
  description: 'An activity running in a room, as the viewer sees it (every field may differ per viewer).',
  fields: (t) => ({
    id: t.id({ resolve: (session) => encodeGlobalID('ActivitySession', String(session.id)) }),
    databaseId: t.exposeInt('id'),
    kind: t.field({ type: ActivityKindEnum, resolve: (session) => session.kind }),
    name: t.string({ resolve: (session, _args, ctx) => translate(ctx.locale, `activities.${session.kind}.name`) }),
    status: t.field({ type: ActivitySessionStatusEnum, resolve: (session) => session.status }),
    host: t.field({
      type: UserNode,
      nullable: true,
      resolve: (session, _args, ctx) => (session.hostId ? userById(ctx, session.hostId) : null),
    }),
    capacity: t.exposeInt('capacity'),
    startedAt: t.expose('startedAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime', nullable: true }),
    players: t.field({ type: [ActivityPlayerRef], resolve: (session) => session.players }),
    viewerIsHost: t.exposeBoolean('viewerIsHost', { extensions: PER_VIEWER }),
    viewerIsPlayer: t.exposeBoolean('viewerIsPlayer', { extensions: PER_VIEWER }),
    quiz: t.field({
      type: QuizViewRef,
      nullable: true,
      extensions: PER_VIEWER,
      resolve: (session) => (session.kind === 'quiz' ? (session.kindView as QuizView) : null),
    }),
  }),
});

builder.prismaObjectField(RoomNode, 'currentActivity', (t) =>
  t.field({
    type: ActivitySessionRef,
    nullable: true,
    description: 'The activity running in the room now (null: none), as the viewer sees it.',
    extensions: PER_VIEWER,
    select: { id: true },
    resolve: (room, _args, ctx) => engine.roomActivityView(ctx.services, viewerId(ctx), room.id),
  }),
);

builder.queryField('activityTypes', (t) =>
  t.field({
    type: [ActivityTypeRef],
    description: 'The activity kinds with their capacities; with `roomId`, which one runs in that room and with how many.',
    ...moduleAccess('zoomvisor', 'member'),
    args: { roomId: t.arg.globalID({ required: false, for: RoomNode }) },
    resolve: (_root, args, ctx) => engine.activityTypes(ctx.services, viewerId(ctx), args.roomId ? roomIdOf(args.roomId) : null),
  }),
);

const QuizQuestionSetupRef = builder.objectRef<QuizQuestion>('QuizQuestionSetup').implement({
  description: 'A question as its author writes it, with the correct option or answer.',
  fields: (t) => ({
    prompt: t.exposeString('prompt'),
    type: t.field({ type: QuizQuestionTypeEnum, resolve: (question) => question.type }),
    options: t.exposeStringList('options'),
    correctIndex: t.int({ nullable: true, resolve: (question) => (question.type === 'multiple' ? question.correctIndex : null) }),
    answer: t.string({ nullable: true, resolve: (question) => (question.type === 'text' ? question.answer : null) }),
  }),
});

builder.queryField('quizStarterQuestions', (t) =>
  t.field({
    type: [QuizQuestionSetupRef],
    description: "Ready-made quiz questions in the viewer's language, for a host to launch as they are or edit.",
    ...moduleAccess('zoomvisor', 'member'),
    resolve: (_root, _args, ctx) => quizStarterQuestions(ctx.locale),
  }),
);

builder.subscriptionField('roomActivityChanged', (t) =>
  t.prismaField({
    type: 'Room',
    description:
      'The room (read its `currentActivity`) at once, then each time its activity changes: launched, joined, left, answered, stopped.',
    ...moduleAccess('zoomvisor', 'owner'),
    args: { roomId: t.arg.globalID({ required: true, for: RoomNode }) },
    subscribe: async (_root, args, ctx) => {
      const roomId = roomIdOf(args.roomId);
      await accessibleRoom(ctx.services, viewerId(ctx), roomId); // refused at once for a room the viewer may not enter
      return nowThenLive(ctx.services.pubsub.subscribe('room:activity', roomId), {});
    },
    // The room is checked again with each change (a class membership may have ended meanwhile).
    resolve: async (query, _event, args, ctx) => {
      const room = await accessibleRoom(ctx.services, viewerId(ctx), roomIdOf(args.roomId));
      return ctx.prisma.room.findUniqueOrThrow({ ...query, where: { id: room.id } });
    },
  }),
);

const QuizQuestionInput = builder.inputType('QuizQuestionInput', {
  fields: (t) => ({
    prompt: t.string({ required: true }),
    type: t.field({ type: QuizQuestionTypeEnum, required: true }),
    options: t.stringList({ required: false, description: 'MULTIPLE: 2 to 6 options.' }),
    correctIndex: t.int({ required: false, description: 'MULTIPLE: the index of the correct option.' }),
    answer: t.string({ required: false, description: 'TEXT: the correct answer (compared case-insensitively).' }),
  }),
});

export const MiniGameEnum = builder.enumType('MiniGame', {
  description:
    'The mini-games (spec section 3, with their player counts): word chain 2-8, guess the number 2-6, trivia 2-10, emoji story 3-8.',
  values: {
    WORD_CHAIN: { value: 'word_chain' },
    GUESS_NUMBER: { value: 'guess_number' },
    TRIVIA: { value: 'trivia' },
    EMOJI_STORY: { value: 'emoji_story' },
  } as const,
});

const GamesSetupInput = builder.inputType('GamesSetupInput', {
  description: "The game to play; the server adds the host's language and, for trivia, questions from the bank.",
  fields: (t) => ({ game: t.field({ type: MiniGameEnum, required: true }) }),
});

const PresentationSetupInput = builder.inputType('PresentationSetupInput', {
  description: 'The PDF to present, one of the room’s files (its content must be a PDF), and its page count as pdf.js read it.',
  fields: (t) => ({
    fileId: t.globalID({ required: true, description: 'A RoomFile of the room.' }),
    pageCount: t.int({ required: true }),
  }),
});

const QuizSetupInput = builder.inputType('QuizSetupInput', {
  fields: (t) => ({ questions: t.field({ type: [QuizQuestionInput], required: true }) }),
});

export const ActivitySessionPayload = builder
  .objectRef<{ session: engine.ActivitySessionView }>('ActivitySessionPayload')
  .implement({
    fields: (t) => ({ session: t.field({ type: ActivitySessionRef, resolve: (payload) => payload.session }) }),
  });

export const payloadOf = async (ctx: Context, session: { id: number }) => ({
  session: await engine.sessionView(ctx.services, viewerId(ctx), session.id),
});

builder.mutationFields((t) => {
  const sessionId = () => t.arg.globalID({ required: true });
  const errors = (
    name: string,
    types: (typeof ConflictError | typeof LimitReachedError | typeof UnsupportedFileTypeError)[] = [],
  ) => ({
    types,
    directResult: true as const,
    union: { name },
  });
  return {
    launchActivity: t.field({
      type: ActivitySessionPayload,
      description:
        'Starts an activity in the room the viewer is in (one at a time per room); the viewer hosts it. QUIZ needs `quiz`, GAMES needs `games`, PRESENTATION needs `presentation`.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: {
        roomId: t.arg.globalID({ required: true, for: RoomNode }),
        kind: t.arg({ type: ActivityKindEnum, required: true }),
        quiz: t.arg({ type: QuizSetupInput, required: false }),
        games: t.arg({ type: GamesSetupInput, required: false }),
        presentation: t.arg({ type: PresentationSetupInput, required: false }),
      },
      errors: errors('LaunchActivityResult', [ConflictError, UnsupportedFileTypeError]),
      resolve: async (_root, args, ctx) =>
        payloadOf(
          ctx,
          await engine.launchActivity(ctx.services, viewerId(ctx), {
            roomId: roomIdOf(args.roomId),
            kind: args.kind,
            setup:
              args.kind === 'games'
                ? args.games && (await gamesSetupInput(ctx.prisma, ctx.locale, args.games.game))
                : args.kind === 'presentation'
                  ? args.presentation &&
                    (await presentationSetupInput(ctx.services, viewerId(ctx), roomIdOf(args.roomId), {
                      fileId: databaseIdOf(args.presentation.fileId, 'RoomFile', 'presentation.fileNotFound'),
                      pageCount: args.presentation.pageCount,
                    }))
                  : args.quiz,
          }),
        ),
    }),
    joinActivity: t.field({
      type: ActivitySessionPayload,
      description: "Joins the room's activity: people in the room, up to the activity's capacity.",
      ...moduleAccess('zoomvisor', 'owner'),
      args: { sessionId: sessionId() },
      errors: errors('JoinActivityResult', [LimitReachedError]),
      resolve: async (_root, args, ctx) =>
        payloadOf(ctx, await engine.joinActivity(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId))),
    }),
    leaveActivity: t.field({
      type: ActivitySessionPayload,
      description: 'Leaves the activity (answers stay on the scoreboard); the host leaving stops it.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: { sessionId: sessionId() },
      errors: errors('LeaveActivityResult'),
      resolve: async (_root, args, ctx) =>
        payloadOf(ctx, await engine.leaveActivity(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId))),
    }),
    stopActivity: t.field({
      type: ActivitySessionPayload,
      description: 'Stops the activity (its host only); the kind is available again in the room.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: { sessionId: sessionId() },
      errors: errors('StopActivityResult'),
      resolve: async (_root, args, ctx) =>
        payloadOf(ctx, await engine.stopActivity(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId))),
    }),
    answerQuizQuestion: t.field({
      type: ActivitySessionPayload,
      description:
        'Answers the current question (MULTIPLE: `choiceIndex`; TEXT: `text`); scored on the server, once per question, before the time limit.',
      ...moduleAccess('zoomvisor', 'owner'),
      args: {
        sessionId: sessionId(),
        questionIndex: t.arg.int({ required: true }),
        choiceIndex: t.arg.int({ required: false }),
        text: t.arg.string({ required: false }),
      },
      errors: errors('AnswerQuizQuestionResult', [ConflictError]),
      resolve: async (_root, args, ctx) =>
        payloadOf(
          ctx,
          await engine.playMove(ctx.services, viewerId(ctx), sessionIdOf(args.sessionId), 'quiz', {
            questionIndex: args.questionIndex,
            choiceIndex: args.choiceIndex,
            text: args.text,
          }),
        ),
    }),
  };
});
