import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import ical, { type VEvent } from 'node-ical';
import { createTestApp, type TestApp } from '../support/app';
import { befriend, quickMember, type Member } from './meetingSupport';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.dispose());

const EVENTS = '/api/zoomvisor/calendar/events';
const FEED = '/api/zoomvisor/calendar/feed';

async function rest(member: Member | null, method: string, path: string, json?: unknown, locale = 'ru') {
  const response = await app.request(method, path, {
    token: member?.token,
    json,
    headers: { 'accept-language': locale },
  });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : await response.text();
  return { status: response.status, body, type };
}

/** An organiser with two contacts and one stranger. */
async function people() {
  const [organiser, anna, boris, stranger] = await Promise.all(
    ['Ольга', 'Анна', 'Борис', 'Чужой'].map((name) => quickMember(app.services, name)),
  );
  await befriend(app.services, organiser!, anna!);
  await befriend(app.services, organiser!, boris!);
  return { organiser: organiser!, anna: anna!, boris: boris!, stranger: stranger! };
}

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((component): component is VEvent => component?.type === 'VEVENT');

/** A property's value (node-ical gives parameters as {params, val}). */
const valueOf = (property: unknown) => (typeof property === 'string' ? property : (property as { val: string }).val);

/** The feed's path (the URL is absolute, on the configured public origin). */
const feedPathOf = (url: string) => new URL(url).pathname;

describe('calendar events over REST', () => {
  it('creates an event in the member’s time zone, stores it in UTC and lists it for the organiser and the invited', async () => {
    const { organiser, anna, stranger } = await people();
    const created = await rest(organiser, 'POST', EVENTS, {
      title: 'Планёрка',
      description: 'Итоги недели',
      date: '2030-03-15',
      time: '10:30',
      time_zone: 'Europe/Moscow',
      duration: 90,
      type: 'presentation',
      location: 'Переговорная',
      participants: [anna.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Планёрка',
      description: 'Итоги недели',
      starts_at: '2030-03-15T07:30:00.000Z',
      ends_at: '2030-03-15T09:00:00.000Z',
      date: '2030-03-15',
      time: '07:30',
      duration: 90,
      type: 'presentation',
      location: 'Переговорная',
      organizer_id: organiser.id,
      participants: [anna.id],
      invitations: [{ user_id: anna.id, status: 'pending' }],
    });
    const stored = await app.services.prisma.calendarEvent.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(stored.startsAt.toISOString()).toBe('2030-03-15T07:30:00.000Z');

    const from = '?from=2030-03-01T00:00:00Z';
    const mine = await rest(organiser, 'GET', EVENTS + from);
    expect(mine.body.map((event: { id: number }) => event.id)).toContain(created.body.id);
    const invited = await rest(anna, 'GET', EVENTS + from);
    expect(invited.body).toEqual([expect.objectContaining({ id: created.body.id, my_status: 'pending' })]);
    expect((await rest(stranger, 'GET', EVENTS + from)).body).toEqual([]);

    const notice = await app.services.prisma.notification.findFirst({ where: { userId: anna.id, kind: 'CALENDAR_INVITATION' } });
    expect(notice?.payload).toEqual({ userId: organiser.id, eventId: created.body.id });
  });

  it('defaults to today at 12:00, 60 minutes, a meeting', async () => {
    const { organiser } = await people();
    const created = await rest(organiser, 'POST', EVENTS, { title: 'Без подробностей' });
    expect(created.status).toBe(201);
    const today = new Date().toISOString().slice(0, 10);
    expect(created.body).toMatchObject({ date: today, time: '12:00', duration: 60, type: 'meeting', participants: [] });
  });

  it('refuses bad input with translated 4xx texts', async () => {
    const { organiser, stranger } = await people();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x', duration: 45 }, 'Длительность: 30, 60, 90 или 120 минут'],
      // Beyond a 32-bit Int: was a 400 with GraphQL's English "Int cannot represent…".
      [{ title: 'x', duration: 1e12 }, 'Длительность: 30, 60, 90 или 120 минут'],
      [{ title: 'x', duration: -1e12 }, 'Длительность: 30, 60, 90 или 120 минут'],
      [{ title: 'x', type: 'party' }, 'Тип события: встреча, презентация, задача или напоминание'],
      [{ title: 'x', participants: [stranger.id] }, 'Пригласить можно только своих контактов'],
      [{ title: '  ' }, 'Введите название события'],
      [{ title: 'x', date: '2030-02-30' }, 'Дата должна быть в формате ГГГГ-ММ-ДД'],
      // Years before 1000 were a 500 (no date came out of the time zone arithmetic); 9999 ended in year 10000.
      [{ title: 'x', date: '0000-01-01' }, 'Дата события должна быть между 1900 и 2999 годом'],
      [{ title: 'x', date: '0999-06-01', time_zone: 'Europe/Paris' }, 'Дата события должна быть между 1900 и 2999 годом'],
      [{ title: 'x', date: '9999-12-31', time: '23:59' }, 'Дата события должна быть между 1900 и 2999 годом'],
      [{ title: 'x', time: '25:00' }, 'Время должно быть в формате ЧЧ:ММ'],
      [{ title: 'x', time_zone: 'Mars/Olympus' }, 'Неизвестный часовой пояс'],
      // An object or a list was written out as text: the event was saved titled "[object Object]".
      [{ title: { a: 1 } }, 'Значение должно быть текстом'],
      [{ title: ['a'] }, 'Значение должно быть текстом'],
      [{ title: 'x', location: { a: 1 } }, 'Значение должно быть текстом'],
    ];
    for (const [body, text] of cases) {
      const answer = await rest(organiser, 'POST', EVENTS, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.detail).toBe(text);
    }
    const english = await rest(organiser, 'POST', EVENTS, { title: 'x', duration: 45 }, 'en');
    expect(english.body.detail).toBe('Duration: 30, 60, 90 or 120 minutes');
    const french = await rest(organiser, 'POST', EVENTS, { title: 'x', participants: [stranger.id] }, 'fr');
    expect(french.body.detail).toBe('Vous ne pouvez inviter que vos contacts');
    const notText = await rest(organiser, 'POST', EVENTS, { title: { a: 1 } }, 'fr');
    expect(notText.body.errors).toEqual([{ field: 'title', message: 'La valeur doit être un texte' }]);
    const frenchYear = await rest(organiser, 'POST', EVENTS, { title: 'x', date: '0000-01-01' }, 'fr');
    expect(frenchYear.body.detail).toBe("La date de l'événement doit être comprise entre 1900 et 2999");
    // A malformed date is told so once, not also that it is out of range.
    const malformed = await rest(organiser, 'POST', EVENTS, { title: 'x', date: 12345 }, 'en');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual([{ field: 'date', message: 'The date must be in the YYYY-MM-DD format' }]);
    expect(await app.services.prisma.calendarEvent.count({ where: { ownerId: organiser.id } })).toBe(0);
    expect((await rest(null, 'POST', EVENTS, { title: 'x' })).status).toBe(401);
  });

  it('lets only the organiser edit or delete (403 for the invited, 404 for others)', async () => {
    const { organiser, anna, boris, stranger } = await people();
    const { body: event } = await rest(organiser, 'POST', EVENTS, { title: 'Разбор', participants: [anna.id] });
    const path = `${EVENTS}/${event.id}`;

    const byInvited = await rest(anna, 'PATCH', path, { title: 'Моё' });
    expect(byInvited.status).toBe(403);
    expect(byInvited.body.detail).toBe('Изменять и удалять событие может только его организатор');
    expect((await rest(anna, 'PATCH', path, { title: 'Mine' }, 'en')).body.detail).toBe(
      'Only the organiser can edit or delete this event',
    );
    expect((await rest(anna, 'DELETE', path)).status).toBe(403);
    expect((await rest(stranger, 'PATCH', path, { title: 'Чужое' })).status).toBe(404);
    expect((await rest(stranger, 'DELETE', path)).status).toBe(404);

    const edited = await rest(organiser, 'PATCH', path, {
      title: 'Разбор полётов',
      duration: 30,
      participants: [anna.id, boris.id],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Разбор полётов', duration: 30, participants: [anna.id, boris.id] });
    expect(await app.services.prisma.notification.count({ where: { userId: boris.id, kind: 'CALENDAR_INVITATION' } })).toBe(1);
    expect((await rest(organiser, 'PATCH', path, { duration: 100 })).status).toBe(422);
    expect((await rest(organiser, 'PATCH', path, { date: '0001-01-01' })).status).toBe(422);

    expect(await rest(organiser, 'DELETE', path)).toMatchObject({ status: 200, body: { success: true, id: event.id } });
    expect(await app.services.prisma.calendarEvent.count({ where: { id: event.id } })).toBe(0);
    expect((await rest(organiser, 'DELETE', path)).status).toBe(404);
  });

  it('lets the invited accept or decline, and opens one room for the event', async () => {
    const { organiser, anna, boris } = await people();
    const { body: event } = await rest(organiser, 'POST', EVENTS, { title: 'Созвон', participants: [anna.id, boris.id] });
    const accepted = await rest(anna, 'POST', `${EVENTS}/${event.id}/respond`, { accept: true });
    expect(accepted.body.my_status).toBe('accepted');
    const declined = await rest(boris, 'POST', `${EVENTS}/${event.id}/respond`, { status: 'declined' });
    expect(declined.body.my_status).toBe('declined');
    expect((await rest(organiser, 'POST', `${EVENTS}/${event.id}/respond`, { accept: true })).status).toBe(403);
    // An answer that is neither is refused, not taken as a decline.
    for (const body of [{}, { status: 'maybe' }, { accept: 'yes' }]) {
      const unclear = await rest(anna, 'POST', `${EVENTS}/${event.id}/respond`, body);
      expect(unclear.status).toBe(422);
      expect(unclear.body.detail).toBe(`Недопустимое значение поля ${'status' in body ? 'status' : 'accept'}`);
    }
    const stored = await app.services.prisma.calendarEventParticipant.findUniqueOrThrow({
      where: { eventId_userId: { eventId: event.id, userId: anna.id } },
    });
    expect(stored.status).toBe('accepted');

    const room = await rest(anna, 'POST', `${EVENTS}/${event.id}/join`, { time_zone: 'UTC' });
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({ name: `Созвон - ${event.date} ${event.time}`, type: 'group', max_participants: 3 });
    const again = await rest(organiser, 'POST', `${EVENTS}/${event.id}/join`);
    expect(again.body.id).toBe(room.body.id);
  });

  it('downloads one event as an .ics file for those who see it', async () => {
    const { organiser, anna, stranger } = await people();
    const { body: event } = await rest(organiser, 'POST', EVENTS, { title: 'Один файл', date: '2030-05-01', time: '09:00' });
    const file = await rest(organiser, 'GET', `${EVENTS}/${event.id}.ics`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('text/calendar');
    const [parsed] = vevents(file.body);
    expect(parsed?.summary).toBe('Один файл');
    expect(new Date(parsed!.start).toISOString()).toBe('2030-05-01T09:00:00.000Z');
    expect((await rest(stranger, 'GET', `${EVENTS}/${event.id}.ics`)).status).toBe(404);
    expect((await rest(anna, 'GET', `${EVENTS}/${event.id}.ics`)).status).toBe(404);
  });
});

describe('iCalendar feed', () => {
  it('is off until the sync toggle turns it on, then serves own and accepted events, parseable', async () => {
    const { organiser, anna, boris } = await people();
    expect((await rest(anna, 'GET', FEED)).body).toEqual({ url: null, webcal_url: null, enabled: false });
    const on = await rest(anna, 'PATCH', FEED, { enabled: true });
    expect(on.body.enabled).toBe(true);
    expect(on.body.url).toMatch(/^https?:\/\/.+\/api\/zoomvisor\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    expect(on.body.webcal_url).toBe(on.body.url.replace(/^https?:/, 'webcal:'));
    expect((await rest(anna, 'GET', FEED)).body).toEqual(on.body);
    for (const body of [{}, { enabled: 'maybe' }]) {
      const unclear = await rest(anna, 'PATCH', FEED, body, 'en');
      expect(unclear).toMatchObject({ status: 400, body: { detail: 'Invalid value for the field enabled' } });
    }
    expect((await rest(anna, 'GET', FEED)).body.enabled).toBe(true);

    const own = await rest(anna, 'POST', EVENTS, { title: 'Своё', date: '2030-06-01', time: '08:00', duration: 30 });
    const invited = await rest(organiser, 'POST', EVENTS, {
      title: 'Приглашение',
      description: 'Повестка',
      date: '2030-06-02',
      time: '14:00',
      duration: 120,
      participants: [anna.id, boris.id],
    });
    const pending = await rest(organiser, 'POST', EVENTS, { title: 'Без ответа', participants: [anna.id] });
    await rest(anna, 'POST', `${EVENTS}/${invited.body.id}/respond`, { accept: true });

    const feed = await rest(null, 'GET', feedPathOf(on.body.url));
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    expect(feed.body).toMatch(/REFRESH-INTERVAL;VALUE=DURATION:PT1H/);
    const events = vevents(feed.body);
    expect(events.map((event) => event.summary).sort()).toEqual(['Приглашение', 'Своё']);
    expect(events.some((event) => event.summary === pending.body.title)).toBe(false);

    const meeting = events.find((event) => event.summary === 'Приглашение')!;
    expect(meeting.uid).toMatch(new RegExp(`^calendar-event-${invited.body.id}@`));
    expect(new Date(meeting.start).toISOString()).toBe('2030-06-02T14:00:00.000Z');
    expect(new Date(meeting.end!).toISOString()).toBe('2030-06-02T16:00:00.000Z');
    expect(meeting.description).toBe('Повестка');
    const link = new URL(valueOf(meeting.url));
    expect(link.pathname).toBe('/video-calls');
    expect(link.searchParams.get('event')).toBe(encodeGlobalID('CalendarEvent', invited.body.id));
    const organizer = meeting.organizer as unknown as { val: string; params: { CN: string } };
    expect(organizer.val.toLowerCase()).toBe(`mailto:${organiser.username}@example.ru`);
    const attendees = ([] as { val: string; params: { PARTSTAT: string } }[]).concat(meeting.attendee as never);
    const partstat = Object.fromEntries(attendees.map((a) => [a.val.replace(/^mailto:/i, ''), a.params.PARTSTAT]));
    expect(partstat).toEqual({ [`${anna.username}@example.ru`]: 'ACCEPTED', [`${boris.username}@example.ru`]: 'NEEDS-ACTION' });
    expect(feed.body).toMatch(/BEGIN:VALARM[\s\S]*TRIGGER:-PT15M[\s\S]*END:VALARM/);
    // CONFERENCE (RFC 7986), unfolded, points at the same room link as URL.
    const unfolded = feed.body.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toContain(`CONFERENCE;VALUE=URI;FEATURE=AUDIO,VIDEO;LABEL="Войти в комнату":${valueOf(meeting.url)}`);
    expect(own.status).toBe(201);
  });

  it('regenerating invalidates the old URL; a wrong token or a switched-off feed is 404', async () => {
    const { anna } = await people();
    const first = (await rest(anna, 'PATCH', FEED, { enabled: true })).body.url as string;
    expect((await rest(null, 'GET', feedPathOf(first))).status).toBe(200);
    const second = (await rest(anna, 'POST', `${FEED}/regenerate`)).body.url as string;
    expect(second).not.toBe(first);
    const old = await rest(null, 'GET', feedPathOf(first));
    expect(old.status).toBe(404);
    expect(old.body.detail).toBe('Календарь не найден: ссылка неверна или синхронизация выключена');
    expect((await rest(null, 'GET', feedPathOf(first), undefined, 'en')).body.detail).toBe(
      'Calendar not found: the link is wrong or calendar sync is off',
    );
    expect((await rest(null, 'GET', feedPathOf(second))).status).toBe(200);
    expect((await rest(null, 'GET', `${FEED}/not-a-real-token-at-all.ics`)).status).toBe(404);

    await rest(anna, 'PATCH', FEED, { enabled: false });
    expect((await rest(null, 'GET', feedPathOf(second))).status).toBe(404);
    const back = await rest(anna, 'PATCH', FEED, { enabled: true });
    expect(back.body.url).toBe(second);
  });
});
