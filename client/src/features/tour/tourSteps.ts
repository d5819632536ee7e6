import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Where the popover sits next to its target. */
export type TourSide = 'top' | 'right' | 'bottom' | 'left';

/**
 * One step of the onboarding tour (spec section 3, "Tour step"). `targets` are tried in order and
 * the first one visible is highlighted: on a phone the header's links and the meeting area's tabs
 * sit in menus, so the step points at the menu's button instead. No visible target (or none given):
 * the popover is centred.
 */
export type TourStep = {
  id: string;
  title: MessageDescriptor;
  content: MessageDescriptor;
  targets: string[];
  position: TourSide;
  /** Darken the page around the target. */
  highlight: boolean;
  /** Click the target after AUTO_CLICK_DELAY_MS (opens the tab it describes); never a phone's menu button. */
  autoClick: boolean;
  adminOnly: boolean;
  /** The page the target is on: the tour goes there first. */
  requiresNavigation: string | null;
};

/** Spec section 9: "autoclick delay 1 s". */
export const AUTO_CLICK_DELAY_MS = 1000;

const testId = (id: string) => `[data-testid="${id}"]`;
const HEADER_MENU = testId('mobile-menu-toggle');
const MEETING_MENUS = [testId('meeting-menu'), testId('side-panel-toggle')];

const step = (fields: Pick<TourStep, 'id' | 'title' | 'content'> & Partial<TourStep>): TourStep => ({
  targets: [],
  position: 'bottom',
  highlight: true,
  autoClick: false,
  adminOnly: false,
  requiresNavigation: null,
  ...fields,
});

/** The tour's ten steps (spec sections 2 and 9): the social area, video calls, the admin panel for admins, the meeting area. */
export const TOUR_STEPS: TourStep[] = [
  step({
    id: 'welcome',
    title: msg`Добро пожаловать в LinkUp!`,
    content: msg`Небольшая экскурсия по сайту: десять шагов, её можно пропустить в любой момент.`,
    highlight: false,
  }),
  step({
    id: 'social',
    title: msg`Соцсеть`,
    content: msg`Публикации, друзья, сообщения и фотографии — в разделе «Соцсеть».`,
    targets: [testId('nav-social'), HEADER_MENU],
    requiresNavigation: '/dashboard',
  }),
  step({
    id: 'video-calls',
    title: msg`Видеозвонки`,
    content: msg`Звонки, комнаты для встреч, календарь и активности — в разделе «Видеозвонки».`,
    targets: [testId('nav-video-calls'), HEADER_MENU],
    requiresNavigation: '/dashboard',
  }),
  step({
    id: 'plans',
    title: msg`Тарифы`,
    content: msg`Здесь можно выбрать тариф: больше участников, запись встреч и облачное хранилище.`,
    targets: [testId('nav-subscription-plans'), HEADER_MENU],
    requiresNavigation: '/dashboard',
  }),
  step({
    id: 'admin',
    title: msg`Админ-панель`,
    content: msg`Пользователи, контент, настройки сайта и модули — в админ-панели.`,
    targets: [testId('nav-admin'), HEADER_MENU],
    adminOnly: true,
    requiresNavigation: '/dashboard',
  }),
  step({
    id: 'meeting-panel',
    title: msg`Панель встреч`,
    content: msg`Слева — контакты, календарь, активности, комнаты, записи и файлы.`,
    targets: [testId('side-panel'), ...MEETING_MENUS],
    position: 'right',
    requiresNavigation: '/video-calls',
  }),
  step({
    id: 'calendar',
    title: msg`Календарь`,
    content: msg`Планируйте встречи: приглашённые участники получат уведомление и увидят событие у себя.`,
    targets: [testId('tab-calendar'), ...MEETING_MENUS],
    autoClick: true,
    requiresNavigation: '/video-calls',
  }),
  step({
    id: 'activities',
    title: msg`Активности`,
    content: msg`Викторины, совместное рисование, мини-игры и презентации для участников комнаты.`,
    targets: [testId('tab-activities'), ...MEETING_MENUS],
    autoClick: true,
    requiresNavigation: '/video-calls',
  }),
  step({
    id: 'call-container',
    title: msg`Окно звонка`,
    content: msg`Здесь появляются участники звонка; внизу — микрофон, камера, чат и кнопка выхода.`,
    targets: [testId('call-container')],
    position: 'top',
    requiresNavigation: '/video-calls',
  }),
  step({
    id: 'done',
    title: msg`Готово!`,
    content: msg`Вот и всё. Приятного общения!`,
    highlight: false,
  }),
];

export const tourStepsFor = (isAdmin: boolean) => TOUR_STEPS.filter((s) => isAdmin || !s.adminOnly);
