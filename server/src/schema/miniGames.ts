import type { ObjectFieldBuilder } from '@pothos/core';
import { builder, type BuilderTypes } from '../builder';
import { moduleAccess } from '../auth/access';
import type { Context } from '../context';
import { PER_VIEWER } from '../realtime/sharedSubscriptions';
import { ConflictError, LimitReachedError } from '../services/errors';
import * as engine from '../services/activities/engine';
import type { GamesView } from '../services/activities/games/games';
import type { WordChainView } from '../services/activities/games/wordChain';
import type { GuessNumberView } from '../services/activities/games/guessNumber';
import type { TriviaView } from '../services/activities/games/trivia';
import type { EmojiStoryView } from '../services/activities/games/emojiStory';
import { databaseIdOf } from './globalIds';
import { ActivitySessionPayload, ActivitySessionRef, MiniGameEnum, payloadOf } from './activities';
import { UserNode } from './user';

/**
 * The mini-games activity (issue 18 point 4) in GraphQL: each game's view (what the viewer may see
 * now, worked out on the server from the stored moves) and `playMiniGame`, the one mutation for the
 * host's start and every player's move. The rules are in services/activities/games.
 */
const viewerId = (ctx: Context) => ctx.viewer?.user.id ?? 0;
// Prisma batches the findUnique calls of one tick into one statement.
const userById = (ctx: Context, id: number | null) => (id == null ? null : ctx.prisma.user.findUnique({ where: { id } }));
/** The members `ids`, in that order (one who no longer exists is left out). */
async function usersById(ctx: Context, ids: number[]) {
  const users = await ctx.prisma.user.findMany({ where: { id: { in: ids } } });
  return ids.flatMap((id) => users.find((user) => user.id === id) ?? []);
}

/** A field naming a player (null: nobody), e.g. whose turn it is. */
const playerField = <T>(t: ObjectFieldBuilder<BuilderTypes, T>, userIdOf: (parent: T) => number | null, description?: string) =>
  t.field({ type: UserNode, nullable: true, description, resolve: (parent, _args, ctx) => userById(ctx, userIdOf(parent)) });

const MiniGamePhaseEnum = builder.enumType('MiniGamePhase', {
  values: { WAITING: { value: 'waiting' }, PLAYING: { value: 'playing' }, FINISHED: { value: 'finished' } } as const,
});

const GuessReplyEnum = builder.enumType('GuessReply', {
  values: { HIGHER: { value: 'higher' }, LOWER: { value: 'lower' }, CORRECT: { value: 'correct' } } as const,
});

const WordChainWordRef = builder.objectRef<WordChainView['words'][number]>('WordChainWord').implement({
  fields: (t) => ({ player: playerField(t, (word) => word.userId), word: t.exposeString('word') }),
});

const WordChainViewRef = builder.objectRef<WordChainView>('WordChainView').implement({
  fields: (t) => ({
    words: t.field({ type: [WordChainWordRef], resolve: (game) => game.words }),
    nextLetter: t.exposeString('nextLetter', {
      nullable: true,
      description: 'The letter the next word starts with (null: any).',
    }),
    currentPlayer: playerField(t, (game) => game.currentPlayer, 'Whose turn it is (null once the game is over).'),
    turnEndsAt: t.field({ type: 'DateTime', nullable: true, resolve: (game) => game.turnEndsAt && new Date(game.turnEndsAt) }),
    out: t.field({ type: [UserNode], resolve: (game, _args, ctx) => usersById(ctx, game.out) }),
    winner: playerField(t, (game) => game.winner),
    finished: t.exposeBoolean('finished'),
  }),
});

const GuessRef = builder.objectRef<GuessNumberView['guesses'][number]>('NumberGuess').implement({
  fields: (t) => ({
    player: playerField(t, (guess) => guess.userId),
    guess: t.exposeInt('guess'),
    reply: t.field({ type: GuessReplyEnum, resolve: (guess) => guess.reply }),
  }),
});

const GuessNumberViewRef = builder.objectRef<GuessNumberView>('GuessNumberView').implement({
  fields: (t) => ({
    max: t.exposeInt('max', { description: 'The number is from 1 to this.' }),
    guesses: t.field({ type: [GuessRef], resolve: (game) => game.guesses }),
    currentPlayer: playerField(t, (game) => game.currentPlayer),
    turnEndsAt: t.field({ type: 'DateTime', nullable: true, resolve: (game) => game.turnEndsAt && new Date(game.turnEndsAt) }),
    winner: playerField(t, (game) => game.winner),
    secret: t.exposeInt('secret', { nullable: true, description: 'The number, once someone has found it.' }),
    finished: t.exposeBoolean('finished'),
  }),
});

type TriviaOpen = NonNullable<TriviaView['current']>;
type TriviaPast = TriviaView['past'][number];

const TriviaOpenQuestionRef = builder.objectRef<TriviaOpen>('TriviaOpenQuestion').implement({
  description: 'The question of the round now: no correct option until the round is over.',
  fields: (t) => ({
    index: t.exposeInt('index'),
    prompt: t.exposeString('prompt'),
    options: t.exposeStringList('options'),
    endsAt: t.field({ type: 'DateTime', resolve: (question) => new Date(question.endsAt) }),
    viewerChoice: t.exposeInt('viewerChoice', { nullable: true, extensions: PER_VIEWER }),
  }),
});

const TriviaChoiceRef = builder.objectRef<TriviaPast['choices'][number]>('TriviaChoice').implement({
  fields: (t) => ({ player: playerField(t, (choice) => choice.userId), choice: t.exposeInt('choice') }),
});

const TriviaPastQuestionRef = builder.objectRef<TriviaPast>('TriviaPastQuestion').implement({
  fields: (t) => ({
    index: t.exposeInt('index'),
    prompt: t.exposeString('prompt'),
    options: t.exposeStringList('options'),
    correctIndex: t.exposeInt('correctIndex'),
    choices: t.field({ type: [TriviaChoiceRef], resolve: (question) => question.choices }),
  }),
});

const GamePointsRef = builder.objectRef<TriviaView['scores'][number]>('GamePoints').implement({
  fields: (t) => ({ player: playerField(t, (score) => score.userId), points: t.exposeInt('points') }),
});

const TriviaViewRef = builder.objectRef<TriviaView>('TriviaView').implement({
  fields: (t) => ({
    questionCount: t.exposeInt('questionCount'),
    current: t.field({ type: TriviaOpenQuestionRef, nullable: true, resolve: (game) => game.current }),
    past: t.field({ type: [TriviaPastQuestionRef], resolve: (game) => game.past }),
    scores: t.field({ type: [GamePointsRef], resolve: (game) => game.scores }),
    finished: t.exposeBoolean('finished'),
  }),
});

const EmojiPieceRef = builder.objectRef<EmojiStoryView['pieces'][number]>('EmojiStoryPiece').implement({
  fields: (t) => ({ player: playerField(t, (piece) => piece.userId), emoji: t.exposeString('emoji') }),
});

const EmojiStoryViewRef = builder.objectRef<EmojiStoryView>('EmojiStoryView').implement({
  fields: (t) => ({
    pieces: t.field({
      type: [EmojiPieceRef],
      description: 'While playing, only the piece just added (what the next player builds on); at the end, the whole story.',
      resolve: (game) => game.pieces,
    }),
    piecesSoFar: t.exposeInt('piecesSoFar'),
    turnsLeft: t.exposeInt('turnsLeft'),
    currentPlayer: playerField(t, (game) => game.currentPlayer),
    turnEndsAt: t.field({ type: 'DateTime', nullable: true, resolve: (game) => game.turnEndsAt && new Date(game.turnEndsAt) }),
    finished: t.exposeBoolean('finished'),
  }),
});

/** The view of the game being played, when it is `game` (else null). */
const playOf = <View>(games: GamesView, game: GamesView['game']) => (games.game === game ? (games.play as View | null) : null);

const MiniGameViewRef = builder.objectRef<GamesView>('MiniGameView').implement({
  description: 'A mini-game as the viewer sees it: one of the four views is set once the host has started it.',
  fields: (t) => ({
    game: t.field({ type: MiniGameEnum, resolve: (games) => games.game }),
    minPlayers: t.exposeInt('minPlayers'),
    maxPlayers: t.exposeInt('maxPlayers'),
    phase: t.field({ type: MiniGamePhaseEnum, resolve: (games) => games.phase }),
    order: t.field({
      type: [UserNode],
      description: 'The players in turn order (set when the game starts).',
      resolve: (games, _args, ctx) => usersById(ctx, games.order),
    }),
    wordChain: t.field({ type: WordChainViewRef, nullable: true, resolve: (games) => playOf(games, 'word_chain') }),
    guessNumber: t.field({ type: GuessNumberViewRef, nullable: true, resolve: (games) => playOf(games, 'guess_number') }),
    trivia: t.field({ type: TriviaViewRef, nullable: true, resolve: (games) => playOf(games, 'trivia') }),
    emojiStory: t.field({ type: EmojiStoryViewRef, nullable: true, resolve: (games) => playOf(games, 'emoji_story') }),
  }),
});

builder.objectField(ActivitySessionRef, 'games', (t) =>
  t.field({
    type: MiniGameViewRef,
    nullable: true,
    extensions: PER_VIEWER,
    resolve: (session) => (session.kind === 'games' ? (session.kindView as GamesView) : null),
  }),
);

const MiniGameActionEnum = builder.enumType('MiniGameAction', {
  values: { START: { value: 'start' }, PLAY: { value: 'play' } } as const,
});

const MiniGameMoveInput = builder.inputType('MiniGameMoveInput', {
  description: "START (the host, once there are enough players) or PLAY with the field of the game's move.",
  fields: (t) => ({
    action: t.field({ type: MiniGameActionEnum, required: true }),
    word: t.string({ required: false, description: 'Word chain: the word.' }),
    guess: t.int({ required: false, description: 'Guess the number: 1 to 100.' }),
    questionIndex: t.int({ required: false, description: 'Trivia: the open question.' }),
    choiceIndex: t.int({ required: false, description: 'Trivia: the option chosen.' }),
    emoji: t.string({ required: false, description: 'Emoji story: one to five emoji.' }),
  }),
});

builder.mutationField('playMiniGame', (t) =>
  t.field({
    type: ActivitySessionPayload,
    description:
      "Starts the room's mini-game (its host) or plays a move in it (a player, in turn): checked on the server against the game's rules.",
    ...moduleAccess('zoomvisor', 'owner'),
    args: { sessionId: t.arg.globalID({ required: true }), move: t.arg({ type: MiniGameMoveInput, required: true }) },
    errors: { types: [ConflictError, LimitReachedError], directResult: true, union: { name: 'PlayMiniGameResult' } },
    resolve: async (_root, args, ctx) => {
      const { action, ...fields } = args.move;
      // Only the fields sent: the game's rules read the one they expect.
      const played = Object.fromEntries(Object.entries(fields).filter(([, value]) => value != null));
      return payloadOf(
        ctx,
        await engine.playMove(
          ctx.services,
          viewerId(ctx),
          databaseIdOf(args.sessionId, 'ActivitySession', 'activities.notFound'),
          'games',
          action === 'start' ? { action } : { action, ...played },
        ),
      );
    },
  }),
);
