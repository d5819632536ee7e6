import { ConflictError, ValidationError } from '../../errors';
import type { GamePlay, MiniGame } from './game';
import type { TriviaQuestion } from './triviaBank';

/**
 * Trivia (2-10 players): everyone answers the same question at once; a round ends when every player
 * still in has answered or after 20 seconds, then the next question opens. The correct option of a
 * question is shown only once its round is over. One point per correct answer.
 */
export const TRIVIA_ROUND_SECONDS = 20;
export const TRIVIA_QUESTIONS = 5;

type Setup = { roundSeconds: number; questions: TriviaQuestion[] };
export type TriviaView = {
  questionCount: number;
  /** The open question (no correct option), or null at the end. */
  current: { index: number; prompt: string; options: string[]; endsAt: string; viewerChoice: number | null } | null;
  /** Rounds that are over, with the correct option and everyone's choice. */
  past: {
    index: number;
    prompt: string;
    options: string[];
    correctIndex: number;
    choices: { userId: number; choice: number }[];
  }[];
  scores: { userId: number; points: number }[];
  finished: boolean;
};

type Answer = { userId: number; at: number; question: number; choice: number };

/** The rounds from the start to now: which are over, and the open one with when it ends. */
function rounds(game: GamePlay<Setup>) {
  const answers: Answer[] = game.moves.map((move) => ({
    userId: move.userId,
    at: move.at,
    question: Number(move.payload.question),
    choice: Number(move.payload.choice),
  }));
  const roundMs = game.setup.roundSeconds * 1000;
  const inAt = (userId: number, time: number) => !((game.leftAt.get(userId) ?? Infinity) <= time);
  let start = game.startedAt;
  for (let index = 0; index < game.setup.questions.length; index++) {
    const deadline = start + roundMs;
    const given = answers.filter((answer) => answer.question === index);
    const lastAnswer = Math.max(...given.map((answer) => answer.at), start);
    const everyone = game.order
      .filter((userId) => inAt(userId, lastAnswer))
      .every((userId) => given.some((a) => a.userId === userId));
    const end = everyone ? Math.min(lastAnswer, deadline) : deadline;
    if (end > game.now) return { answers, open: { index, endsAt: deadline } };
    start = end;
  }
  return { answers, open: null };
}

export const trivia: MiniGame<Setup, TriviaView> = {
  minPlayers: 2,
  maxPlayers: 10,
  setup({ triviaQuestions }) {
    if (triviaQuestions.length === 0) throw new ValidationError([{ path: ['game'], messageKey: 'games.trivia.emptyBank' }]);
    return { roundSeconds: TRIVIA_ROUND_SECONDS, questions: triviaQuestions.slice(0, TRIVIA_QUESTIONS) };
  },

  play(game, userId, move) {
    const { answers, open } = rounds(game);
    if (!open) throw new ConflictError('move', 'games.finished');
    if (move.questionIndex !== open.index) throw new ConflictError('move', 'games.trivia.roundOver');
    if (answers.some((answer) => answer.userId === userId && answer.question === open.index)) {
      throw new ConflictError('move', 'games.trivia.answered');
    }
    const question = game.setup.questions[open.index]!;
    const choice = move.choiceIndex;
    if (typeof choice !== 'number' || !Number.isInteger(choice) || choice < 0 || choice >= question.options.length) {
      throw new ValidationError([{ path: ['choiceIndex'], messageKey: 'activities.quiz.choiceRequired' }]);
    }
    return { question: open.index, choice, correct: choice === question.correctIndex };
  },

  view(game, viewerId) {
    const { answers, open } = rounds(game);
    const { questions } = game.setup;
    const over = open ? open.index : questions.length;
    const points = new Map(game.order.map((userId) => [userId, 0]));
    const past = questions.slice(0, over).map((question, index) => {
      const choices = answers.filter((answer) => answer.question === index).map(({ userId, choice }) => ({ userId, choice }));
      for (const { userId, choice } of choices) {
        if (choice === question.correctIndex) points.set(userId, (points.get(userId) ?? 0) + 1);
      }
      return { index, prompt: question.prompt, options: question.options, correctIndex: question.correctIndex, choices };
    });
    const openQuestion = open ? questions[open.index]! : null;
    return {
      questionCount: questions.length,
      current:
        open && openQuestion
          ? {
              index: open.index,
              prompt: openQuestion.prompt,
              options: openQuestion.options,
              endsAt: new Date(open.endsAt).toISOString(),
              viewerChoice: answers.find((a) => a.userId === viewerId && a.question === open.index)?.choice ?? null,
            }
          : null,
      past,
      scores: [...points].map(([userId, total]) => ({ userId, points: total })).sort((a, b) => b.points - a.points),
      finished: open === null,
    };
  },
};
