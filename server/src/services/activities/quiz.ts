import { z } from 'zod';
import { ConflictError, ValidationError } from '../errors';
import { toValidationError } from '../validation';
import type { ActivityRules, SessionState } from './types';

/**
 * The quiz (spec sections 3-5): the host's questions, multiple choice (with the correct option) or a
 * text answer (compared case-insensitively). Players answer question by question, each at their own
 * pace, within the session's time limit; every answer is scored here. A player sees a question's
 * correct answer only once they have answered it; everyone sees the scoreboard.
 */
export const QUIZ_MAX_QUESTIONS = 20;
export const QUIZ_MAX_OPTIONS = 6;

const questionSchema = z
  .object({
    prompt: z.string().trim().min(1, 'activities.quiz.prompt').max(500, 'validation.tooLong'),
    type: z.enum(['multiple', 'text']),
    options: z
      .array(z.string().trim().min(1, 'activities.quiz.option').max(200, 'validation.tooLong'))
      .max(QUIZ_MAX_OPTIONS, 'activities.quiz.options')
      .nullish(),
    correctIndex: z.number().int().nullish(),
    answer: z.string().trim().max(200, 'validation.tooLong').nullish(),
  })
  .superRefine((question, issues) => {
    if (question.type === 'multiple') {
      const count = question.options?.length ?? 0;
      if (count < 2) issues.addIssue({ code: 'custom', path: ['options'], message: 'activities.quiz.options' });
      const index = question.correctIndex;
      if (index == null || index < 0 || index >= count) {
        issues.addIssue({ code: 'custom', path: ['correctIndex'], message: 'activities.quiz.correctIndex' });
      }
    } else if (!question.answer) {
      issues.addIssue({ code: 'custom', path: ['answer'], message: 'activities.quiz.answer' });
    }
  })
  .transform((question) =>
    question.type === 'multiple'
      ? {
          prompt: question.prompt,
          type: 'multiple' as const,
          options: question.options ?? [],
          correctIndex: question.correctIndex ?? 0,
        }
      : { prompt: question.prompt, type: 'text' as const, options: [], answer: question.answer ?? '' },
  );

export const quizSetupSchema = z.object({
  questions: z.array(questionSchema).min(1, 'activities.quiz.questions').max(QUIZ_MAX_QUESTIONS, 'activities.quiz.questions'),
});

export type QuizSetup = z.output<typeof quizSetupSchema>;
export type QuizQuestion = QuizSetup['questions'][number];
export type QuizMove = { questionIndex: number; choiceIndex?: number | null; text?: string | null };
/** A stored answer: what was given (the option's text or the typed text) and whether it was right. */
type QuizAnswer = { question: number; given: string; correct: boolean };

export type QuizQuestionView = {
  index: number;
  prompt: string;
  type: 'multiple' | 'text';
  options: string[];
  /** The viewer's answer and the correct one; null for the question they have to answer now. */
  answer: { given: string; correct: boolean; correctAnswer: string } | null;
};
export type QuizScore = { userId: number; correct: number; answered: number; total: number; percent: number };
export type QuizView = {
  questionCount: number;
  /** The questions the viewer answered, then the one they answer now (players only, while time is left). */
  questions: QuizQuestionView[];
  /** Time is over, or every player in the quiz has answered every question. */
  finished: boolean;
  scoreboard: QuizScore[];
};

/** Case, surrounding and repeated spaces do not matter in a text answer. */
const normalized = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

const correctAnswerOf = (question: QuizQuestion) =>
  question.type === 'multiple' ? (question.options[question.correctIndex] ?? '') : question.answer;

const answersOf = (state: SessionState<QuizSetup>, userId: number) =>
  state.moves.filter((move) => move.userId === userId).map((move) => move.payload as QuizAnswer);

const invalid = (field: string, messageKey: string) => new ValidationError([{ path: [field], messageKey }]);

export const quizRules: ActivityRules<QuizSetup, QuizMove, QuizView> = {
  parseSetup(input) {
    const parsed = quizSetupSchema.safeParse(input ?? {});
    if (!parsed.success) throw toValidationError(parsed.error);
    return parsed.data;
  },

  acceptMove(state, userId, move) {
    const { questions } = state.session.setup;
    const answered = answersOf(state, userId);
    if (answered.some((answer) => answer.question === move.questionIndex)) {
      throw new ConflictError('questionIndex', 'activities.quiz.alreadyAnswered');
    }
    // Question by question: only the first one not answered yet is open.
    if (move.questionIndex !== answered.length || move.questionIndex >= questions.length) {
      throw invalid('questionIndex', 'activities.quiz.questionNotOpen');
    }
    const question = questions[move.questionIndex]!;
    let answer: QuizAnswer;
    if (question.type === 'multiple') {
      const choice = move.choiceIndex;
      if (choice == null || !Number.isInteger(choice) || choice < 0 || choice >= question.options.length) {
        throw invalid('choiceIndex', 'activities.quiz.choiceRequired');
      }
      answer = { question: move.questionIndex, given: question.options[choice]!, correct: choice === question.correctIndex };
    } else {
      const text = (move.text ?? '').trim();
      if (!text) throw invalid('text', 'activities.quiz.textRequired');
      if (text.length > 200) throw invalid('text', 'validation.tooLong');
      answer = { question: move.questionIndex, given: text, correct: normalized(text) === normalized(question.answer) };
    }
    return { key: `question:${move.questionIndex}`, payload: answer };
  },

  duplicateMoveKey: 'activities.quiz.alreadyAnswered',

  view(state, viewerId, now) {
    const { questions } = state.session.setup;
    const total = questions.length;
    const timeOver = state.session.endsAt != null && now >= state.session.endsAt;
    const current = state.players.filter((player) => player.leftAt === null);
    const scoreboard = state.players
      .map((player) => {
        const answers = answersOf(state, player.userId);
        const correct = answers.filter((answer) => answer.correct).length;
        return { userId: player.userId, correct, answered: answers.length, total, percent: Math.round((correct * 100) / total) };
      })
      .filter((score) => score.answered > 0 || current.some((player) => player.userId === score.userId))
      .sort((a, b) => b.correct - a.correct || b.answered - a.answered);
    const finished =
      timeOver || (current.length > 0 && current.every((player) => answersOf(state, player.userId).length >= total));

    const mine = answersOf(state, viewerId);
    const views: QuizQuestionView[] = mine.map((answer) => {
      const question = questions[answer.question]!;
      return {
        index: answer.question,
        prompt: question.prompt,
        type: question.type,
        options: question.options,
        answer: { given: answer.given, correct: answer.correct, correctAnswer: correctAnswerOf(question) },
      };
    });
    const playing = current.some((player) => player.userId === viewerId);
    const next = questions[mine.length];
    if (playing && !timeOver && next) {
      // Only what a player needs to answer: never the correct option or text.
      views.push({ index: mine.length, prompt: next.prompt, type: next.type, options: next.options, answer: null });
    }
    return { questionCount: total, questions: views, finished, scoreboard };
  },
};
