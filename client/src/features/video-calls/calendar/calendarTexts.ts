import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** Spec section 9: the durations (minutes) and kinds of an event; 60 and meeting by default. */
export const CALENDAR_DURATIONS = [30, 60, 90, 120] as const;
export const CALENDAR_TYPES = ['meeting', 'presentation', 'task', 'reminder'] as const;

/** Kinds by their value in the form (lowercase) and in GraphQL answers (uppercase). */
export const EVENT_TYPE_LABELS: Record<string, MessageDescriptor> = {
  meeting: msg`Встреча`,
  presentation: msg`Презентация`,
  task: msg`Задача`,
  reminder: msg`Напоминание`,
  MEETING: msg`Встреча`,
  PRESENTATION: msg`Презентация`,
  TASK: msg`Задача`,
  REMINDER: msg`Напоминание`,
};

/** The member's time zone (the browser's): events are entered and shown in it, stored in UTC. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant's local date (YYYY-MM-DD) and time (HH:MM), as the date and time inputs hold them. */
export function localDateTime(value: string | Date): { date: string; time: string } {
  const date = new Date(value);
  return {
    date: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** The start of the member's today, as an ISO instant (the panel lists events from there on). */
export function startOfToday(now = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}
