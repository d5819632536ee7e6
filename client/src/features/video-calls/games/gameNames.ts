import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { MiniGame } from '../../../__generated__/GamePickerDialogMutation.graphql';

/** The four mini-games with their names, player counts (spec section 3) and one line of rules. */
export const MINI_GAMES: { game: MiniGame; name: MessageDescriptor; rules: MessageDescriptor; min: number; max: number }[] = [
  {
    game: 'WORD_CHAIN',
    name: msg`Цепочка слов`,
    rules: msg`По очереди называйте слово на последнюю букву предыдущего, без повторов`,
    min: 2,
    max: 8,
  },
  {
    game: 'GUESS_NUMBER',
    name: msg`Угадай число`,
    rules: msg`Сервер загадывает число от 1 до 100 и подсказывает «больше» или «меньше»`,
    min: 2,
    max: 6,
  },
  {
    game: 'TRIVIA',
    name: msg`Викторина на знания`,
    rules: msg`Все отвечают на одни и те же вопросы; очко за каждый верный ответ`,
    min: 2,
    max: 10,
  },
  {
    game: 'EMOJI_STORY',
    name: msg`Эмодзи-история`,
    rules: msg`По очереди добавляйте эмодзи к истории, видя только предыдущий кусок`,
    min: 3,
    max: 8,
  },
];

export const miniGame = (game: MiniGame) => MINI_GAMES.find((entry) => entry.game === game)!;
