import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { microphoneFailure, voiceMimeType } from '../../client/src/features/video-calls/chat/useVoiceRecorder';
import { multipartBody } from '../../client/src/relay/graphqlHttp';
import { toaster } from '../../client/src/components/ui/toaster';
import { fakeWs } from './fakeWs';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, type GraphQLCall } from './helpers';

const room = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'GROUP',
  maxParticipants: 10,
  participantCount: 0,
  viewerCanDelete: false,
  isActive: true,
  ...extra,
});

const meetingClass = (id: string, name: string, extra: Record<string, unknown>) => ({
  id,
  name,
  description: null,
  isPrivate: false,
  maxRooms: 10,
  memberCount: 3,
  viewerRole: 'MEMBER',
  viewerCan: { createRoom: false, openSettings: false },
  rooms: [],
  ...extra,
});

const lists = {
  meetingClasses: [
    meetingClass('C1', 'Веб-разработка', {
      rooms: [room('R1', 'Лекция', { type: 'LECTURE', participantCount: 2, maxParticipants: 30 })],
    }),
    meetingClass('C2', 'Мой класс', { viewerRole: 'ADMIN', viewerCan: { createRoom: true, openSettings: true } }),
    meetingClass('C3', 'Открытый клуб', { viewerRole: null, rooms: [room('R3', 'Закрытая для гостей')] }),
  ],
  meetingRooms: [room('R2', 'Общая комната')],
};

function pageData(contacts: unknown[] = [], { zoomvisor = true, quality = 'HD' } = {}) {
  return {
    data: {
      viewer: { id: 'VXNlcjox', databaseId: 1, firstName: 'Анна', fullName: 'Анна Смирнова' },
      zoomvisorStatus: { enabled: zoomvisor },
      meetingConfig: {
        iceServers: [],
        iceTransportPolicy: 'ALL',
        defaultVideoQuality: quality,
        memberPlan: { name: 'Бесплатный', maxParticipants: 50, features: ['text_chat'] },
      },
      meetingContacts: contacts,
      ...lists,
    },
  };
}

/** The calendar panel's data: one event today that Dmitry organised and the viewer is invited to. */
function calendarData() {
  const today = new Date();
  today.setHours(23, 0, 0, 0);
  return {
    calendarEvents: [
      {
        __typename: 'CalendarEvent',
        id: 'Q2FsZW5kYXJFdmVudDox',
        startsAt: today.toISOString(),
        title: 'Планёрка',
        description: null,
        durationMinutes: 30,
        type: 'MEETING',
        location: 'Переговорная',
        viewerIsOrganizer: false,
        viewerStatus: 'PENDING',
        room: null,
        organizer: { __typename: 'User', id: 'VXNlcjoy', fullName: 'Дмитрий Петров' },
        participants: [{ status: 'PENDING', user: { __typename: 'User', id: 'VXNlcjox' } }],
      },
    ],
    calendarFeed: { enabled: false, url: null, webcalUrl: null },
    meetingContacts: [],
    meetingRooms: [],
  };
}

/** The activity catalog as the server lists it: only the quiz is built yet. */
const activityTypes = () =>
  [
    ['QUIZ', 'Викторина', 10, true],
    ['DRAWING', 'Совместное рисование', 6, true],
    ['GAMES', 'Мини-игры', 8, false],
    ['PRESENTATION', 'Презентация', 50, false],
  ].map(([kind, name, capacity, launchable]) => ({ kind, name, description: `${name}: описание`, capacity, launchable }));

/** The meeting area's server; `answer` (when it answers) comes first. */
function meetingServer(contacts: unknown[] = [], answer: (call: GraphQLCall) => { body: unknown } | undefined = () => undefined) {
  return fakeGraphQLServer((call: GraphQLCall) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.operationName === 'VideoCallsPageQuery') return { body: pageData(contacts) };
    if (call.operationName === 'RoomsTabRefetchQuery') return { body: { data: lists } };
    if (call.operationName === 'CalendarTabQuery') return { body: { data: calendarData() } };
    if (call.operationName === 'RecordingsTabQuery') return { body: { data: { recordings: [] } } };
    if (call.operationName === 'ActivitiesTabQuery') return { body: { data: { activityTypes: activityTypes() } } };
    return undefined;
  });
}

describe('the meeting area (/video-calls)', () => {
  it('has no page frame: a header with HD by default, the rooms by class with the actions of the viewer role', async () => {
    storeSession(makeUser('USER'));
    meetingServer();
    renderApp('/video-calls');
    // The first render loads the page's chunk (transformed on the fly here).
    expect(await screen.findByText('Добро пожаловать в видеозвонки, Анна!', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('user-chip')).toBeNull();
    expect((screen.getByTestId('quality-select') as HTMLSelectElement).value).toBe('HD');
    expect(screen.getByTestId('recording-badge').textContent).toBe('Запись не ведётся');

    const card = (name: string) => within(screen.getAllByTestId('class-card').find((c) => c.dataset.className === name)!);
    // A member of a class that keeps room creation to its admin: rooms to join, no settings.
    expect(card('Веб-разработка').getByText('Участник')).toBeTruthy();
    expect(card('Веб-разработка').getByTestId('room-occupancy').textContent).toBe('2/30');
    expect(card('Веб-разработка').queryByTestId('class-create-room')).toBeNull();
    expect(card('Веб-разработка').queryByTestId('class-settings')).toBeNull();
    // The admin's class: create rooms and open the settings.
    expect(card('Мой класс').getByTestId('class-create-room')).toBeTruthy();
    expect(card('Мой класс').getByTestId('class-settings')).toBeTruthy();
    // A public class the viewer is not in: join it first; its rooms are not offered.
    expect(card('Открытый клуб').getByTestId('join-class')).toBeTruthy();
    expect(card('Открытый клуб').queryByTestId('room-row')).toBeNull();
    expect(screen.getAllByTestId('room-row').map((row) => row.dataset.roomName)).toEqual(['Лекция', 'Общая комната']);
  });

  it('starts with the admin’s default video quality', async () => {
    storeSession(makeUser('USER'));
    fakeGraphQLServer((call: GraphQLCall) =>
      call.operationName === 'VideoCallsPageQuery' ? { body: pageData([], { quality: 'UHD_4K' }) } : undefined,
    );
    renderApp('/video-calls');
    await screen.findByText('Добро пожаловать в видеозвонки, Анна!', {}, { timeout: 10_000 });
    expect((screen.getByTestId('quality-select') as HTMLSelectElement).value).toBe('4K');
  });

  it('says the meeting area is switched off, and shows nothing of it, while the admin has ZoomVisor off', async () => {
    storeSession(makeUser('USER'));
    fakeGraphQLServer((call: GraphQLCall) =>
      call.operationName === 'VideoCallsPageQuery' ? { body: pageData([], { zoomvisor: false }) } : undefined,
    );
    renderApp('/video-calls');
    expect((await screen.findByTestId('meetings-switched-off', {}, { timeout: 10_000 })).textContent).toContain(
      'Видеозвонки отключены',
    );
    expect(screen.queryByTestId('meeting-area')).toBeNull();
  });

  it('shows the refusal a mutation answers in its result union, not the success', async () => {
    storeSession(makeUser('USER'));
    const refusal = 'Это закрытый класс: вступить можно только по приглашению';
    const server = fakeGraphQLServer((call: GraphQLCall) => {
      if (call.operationName === 'VideoCallsPageQuery') return { body: pageData() };
      if (call.operationName === 'RoomsTabRefetchQuery') return { body: { data: lists } };
      if (call.operationName === 'ClassCardJoinMutation') {
        // Relay asks `__isError: __typename` to know the type implements Error.
        const error = { __typename: 'ForbiddenError', __isError: 'ForbiddenError', message: refusal };
        return { body: { data: { joinMeetingClass: error } } };
      }
      return undefined;
    });
    renderApp('/video-calls');
    fireEvent.click(await screen.findByTestId('join-class', {}, { timeout: 10_000 }));
    await waitFor(() => expect(server.operations()).toContain('ClassCardJoinMutation'));
    expect(await screen.findByText(refusal, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Вы вступили в класс «Открытый клуб»')).toBeNull();
  }, 30_000);

  it('shows the recordings (none yet), the files of the room one is in, and the activities (launch needs a room)', async () => {
    storeSession(makeUser('USER'));
    meetingServer();
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    fireEvent.click(screen.getByTestId('tab-recordings'));
    expect((await screen.findByTestId('recordings-empty')).textContent).toContain('Записей пока нет');
    fireEvent.click(screen.getByTestId('tab-files'));
    expect(await screen.findByText('Войдите в комнату, чтобы видеть её файлы и делиться своими.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-activities'));
    const quiz = within(await screen.findByTestId('activity-card-quiz', {}, { timeout: 10_000 }));
    expect(quiz.getByText('До 10 участников')).toBeTruthy();
    expect((quiz.getByTestId('activity-launch-quiz') as HTMLButtonElement).disabled).toBe(true);
    expect(quiz.getByTestId('activity-join-room-first').textContent).toBe('Присоединитесь к комнате для запуска активности');
    // The kinds not built yet say so.
    const games = within(screen.getByTestId('activity-card-games'));
    expect(games.getByTestId('activity-status').textContent).toBe('Скоро');
    expect((games.getByTestId('activity-launch-games') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the calendar panel: today with its count, an invitation to accept or decline, sync off', async () => {
    storeSession(makeUser('USER'));
    meetingServer();
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    fireEvent.click(screen.getByTestId('tab-calendar'));
    const today = within(await screen.findByTestId('calendar-today', {}, { timeout: 10_000 }));
    expect(today.getByTestId('calendar-today-count').textContent).toBe('1');
    const event = within(today.getByTestId('calendar-event'));
    expect(event.getByText('Планёрка')).toBeTruthy();
    expect(event.getByText('Организатор: Дмитрий Петров')).toBeTruthy();
    expect(event.getByTestId('calendar-event-accept')).toBeTruthy();
    expect(event.getByTestId('calendar-event-decline')).toBeTruthy();
    // Only the organiser edits or deletes.
    expect(event.queryByTestId('calendar-event-edit')).toBeNull();
    expect(screen.queryByTestId('calendar-event-delete')).toBeNull();
    expect(screen.getByTestId('calendar-sync-toggle').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('calendar-feed')).toBeNull();
  });

  it('drops an event its organiser deleted since the panel opened when the server says it is gone', async () => {
    storeSession(makeUser('USER'));
    // Relay asks `__isError: __typename` to know the type implements Error.
    const gone = { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Событие не найдено' };
    meetingServer([], (call) =>
      call.operationName === 'CalendarEventRowRespondMutation'
        ? { body: { data: { respondToCalendarInvitation: gone } } }
        : undefined,
    );
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('tab-calendar'));
    const today = within(await screen.findByTestId('calendar-today', {}, { timeout: 10_000 }));
    fireEvent.click(today.getByTestId('calendar-event-accept'));
    expect(await screen.findByText('Событие не найдено', {}, { timeout: 10_000 })).toBeTruthy();
    // Gone from today and from the upcoming list, not left there to be clicked again.
    await waitFor(() => expect(screen.queryAllByTestId('calendar-event')).toHaveLength(0));
    expect(screen.getByTestId('calendar-today-count').textContent).toBe('0');
  }, 30_000);

  it('shows the organiser’s change and deletion of an event live, and a new invitation, without a click or reload', async () => {
    storeSession(makeUser('USER'));
    meetingServer();
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('tab-calendar'));
    const today = within(await screen.findByTestId('calendar-today', {}, { timeout: 10_000 }));
    expect(today.getByText('Планёрка')).toBeTruthy();
    await waitFor(() => expect(fakeWs.active('useCalendarLiveSubscription')).toHaveLength(1));
    const changes = fakeWs.active('useCalendarLiveSubscription')[0]!;
    const [event] = calendarData().calendarEvents;
    const id = event!.id;

    // Renamed by its organiser.
    act(() =>
      changes.sink.next({ data: { calendarEventChanged: { eventId: id, event: { ...event, title: 'Планёрка (перенос)' } } } }),
    );
    expect(await today.findByText('Планёрка (перенос)')).toBeTruthy();

    // A new invitation for today joins the list.
    const second = { ...event, id: 'Q2FsZW5kYXJFdmVudDoy', title: 'Ретро' };
    act(() => changes.sink.next({ data: { calendarEventChanged: { eventId: second.id, event: second } } }));
    expect(await today.findByText('Ретро')).toBeTruthy();
    expect(screen.getByTestId('calendar-today-count').textContent).toBe('2');
    // Heard twice (the organiser's own tab: its create answer and the live update), listed once.
    act(() => changes.sink.next({ data: { calendarEventChanged: { eventId: second.id, event: second } } }));
    expect(screen.getByTestId('calendar-today-count').textContent).toBe('2');

    // Deleted by its organiser: it leaves today's list and the upcoming one.
    act(() => changes.sink.next({ data: { calendarEventChanged: { eventId: id, event: null } } }));
    await waitFor(() => expect(screen.getByTestId('calendar-today-count').textContent).toBe('1'));
    expect(screen.queryByText('Планёрка (перенос)')).toBeNull();
    expect(screen.getAllByTestId('calendar-event').every((row) => within(row).queryByText('Ретро'))).toBe(true);
  }, 30_000);

  it('lists contacts with their online state and call buttons', async () => {
    storeSession(makeUser('USER'));
    meetingServer([{ id: 'VXNlcjoy', databaseId: 2, fullName: 'Дмитрий Петров', username: 'dmitry', isOnline: true }]);
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    fireEvent.click(screen.getByTestId('tab-contacts'));
    const contact = await screen.findByTestId('contact');
    expect(within(contact).getByText('Дмитрий Петров')).toBeTruthy();
    expect(within(contact).getByTitle('В сети')).toBeTruthy();
    expect(within(contact).getByLabelText('Видеозвонок: Дмитрий Петров')).toBeTruthy();
    expect(within(contact).getByLabelText('Аудиозвонок: Дмитрий Петров')).toBeTruthy();
  });

  it('says so when there are no contacts', async () => {
    storeSession(makeUser('USER'));
    meetingServer([]);
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    fireEvent.click(screen.getByTestId('tab-contacts'));
    expect(await screen.findByText('Нет доступных контактов')).toBeTruthy();
  });

  it('returns to the welcome screen with the hint when the camera is denied, without joining', async () => {
    storeSession(makeUser('USER'));
    const server = meetingServer();
    vi.stubGlobal('RTCPeerConnection', class {});
    const denied = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => Promise.reject(denied)) },
    });
    try {
      renderApp('/video-calls');
      const rooms = await screen.findAllByTestId('join-room');
      fireEvent.click(rooms[0]!);
      expect(
        await screen.findByText(
          'Доступ к камере или микрофону запрещён. Разрешите доступ в настройках браузера и попробуйте снова',
        ),
      ).toBeTruthy();
      expect(screen.getByTestId('meeting-welcome')).toBeTruthy();
      expect(server.operations()).not.toContain('useCallJoinMutation');
    } finally {
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    }
  });

  it('listens to its call events while open', async () => {
    storeSession(makeUser('USER'));
    meetingServer();
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    await waitFor(() => expect(fakeWs.active('useCallEventsSubscription')).toHaveLength(1));
  });
});

/** A camera and microphone whose tracks the test reads (`enabled`). */
function fakeMedia() {
  const audio = { kind: 'audio', enabled: true, stop: vi.fn() };
  const video = { kind: 'video', enabled: true, stop: vi.fn() };
  // happy-dom's srcObject takes only its own MediaStream: one of those, with these tracks.
  const stream = Object.assign(new MediaStream(), {
    getAudioTracks: () => [audio],
    getVideoTracks: () => [video],
    getTracks: () => [audio, video],
  });
  vi.stubGlobal('RTCPeerConnection', class {});
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => stream) },
  });
  return { audio, video };
}

const joined = (id: string, name: string) => ({
  data: {
    joinRoom: {
      __typename: 'JoinRoomSuccess',
      participationId: 77,
      call: { mode: 'MESH', epoch: 0, sfuToken: null, videoPublishers: null },
      room: { id, databaseId: 2, name, recordingBy: null },
      participants: [],
    },
  },
});

describe('a meeting page back after a reload', () => {
  const LEFT_ROOM = 'linkup_meeting_left_room';

  it('enters the room the server still keeps for the member, with the microphone and camera as they were', async () => {
    sessionStorage.clear();
    storeSession(makeUser('USER'));
    const { audio, video } = fakeMedia();
    const server = meetingServer([], (call) => {
      if (call.operationName === 'useResumeRoomQuery') {
        return {
          body: { data: { roomToResume: { muted: true, cameraOff: false, room: { id: 'R2', name: 'Общая комната' } } } },
        };
      }
      if (call.operationName === 'useCallJoinMutation') return { body: joined('R2', 'Общая комната') };
      return undefined;
    });
    try {
      renderApp('/video-calls');
      await waitFor(() => expect(screen.getByTestId('meeting-stage').dataset.callStatus).toBe('in_call'));
      expect(server.calls.find((call) => call.operationName === 'useCallJoinMutation')?.variables).toEqual({
        roomId: 'R2',
        muted: true,
        cameraOff: false,
      });
      expect([audio.enabled, video.enabled]).toEqual([false, true]);
      expect(
        within(screen.getAllByTestId('room-row').find((row) => row.dataset.roomName === 'Общая комната')!).getByText('Вы здесь'),
      ).toBeTruthy();

      // Going away again, the page notes its room for the next load (to tell when the place was lost),
      // and tells the server that this stay, the one its join began, is away.
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      expect(JSON.parse(sessionStorage.getItem(LEFT_ROOM)!)).toEqual({ id: 'R2', name: 'Общая комната' });
      await waitFor(() =>
        expect(server.calls.find((call) => call.operationName === 'useCallAwayMutation')?.variables).toEqual({
          roomId: 'R2',
          participationId: 77,
        }),
      );
    } finally {
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    }
  });

  it('stays on the welcome screen and says the place was not kept when the grace ended', async () => {
    sessionStorage.setItem(LEFT_ROOM, JSON.stringify({ id: 'R2', name: 'Общая комната' }));
    storeSession(makeUser('USER'));
    const server = meetingServer([], (call) =>
      call.operationName === 'useResumeRoomQuery' ? { body: { data: { roomToResume: null } } } : undefined,
    );
    renderApp('/video-calls');
    expect(
      await screen.findByText(
        'Место в комнате «Общая комната» не сохранилось: вы не вернулись вовремя. Войдите в неё снова во вкладке «Комнаты».',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('meeting-welcome')).toBeTruthy();
    expect(server.operations()).not.toContain('useCallJoinMutation');
    expect(sessionStorage.getItem(LEFT_ROOM)).toBeNull();
  });

  it('opened afresh, with no room kept, shows the welcome screen and nothing else', async () => {
    sessionStorage.clear();
    storeSession(makeUser('USER'));
    const server = meetingServer([], (call) =>
      call.operationName === 'useResumeRoomQuery' ? { body: { data: { roomToResume: null } } } : undefined,
    );
    const notices = vi.spyOn(toaster, 'create');
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab');
    await waitFor(() => expect(server.operations()).toContain('useResumeRoomQuery'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(notices).not.toHaveBeenCalled();
    expect(server.operations()).not.toContain('useCallJoinMutation');
  });
});

describe('voice messages', () => {
  it('record Opus in WebM where the browser can, else MP4', () => {
    expect(voiceMimeType((type) => type.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
    expect(voiceMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
  });

  it('name microphone failures (the spec texts are chosen by them)', () => {
    expect(microphoneFailure({ name: 'NotAllowedError' })).toBe('denied');
    expect(microphoneFailure({ name: 'NotFoundError' })).toBe('notFound');
    expect(microphoneFailure({ name: 'SecurityError' })).toBe('insecure');
    expect(microphoneFailure({ name: 'Whatever' })).toBe('unknown');
  });

  it('are sent as a GraphQL multipart request', async () => {
    const file = new File(['abc'], 'voice.webm', { type: 'audio/webm' });
    const form = multipartBody('mutation M($file: File!) { x }', 'M', { file: null, roomId: 'R' }, { file });
    expect(JSON.parse(String(form.get('operations')))).toEqual({
      query: 'mutation M($file: File!) { x }',
      variables: { file: null, roomId: 'R' },
      operationName: 'M',
    });
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.file'] });
    expect(await (form.get('0') as File).text()).toBe('abc');
  });
});

describe('the recordings tab', () => {
  const recording = (id: string, title: string) => ({
    __typename: 'Recording',
    id,
    title,
    createdAt: '2026-11-20T10:00:00.000Z',
    durationSeconds: 65,
    sizeText: '1,2 МБ',
    url: `/recordings/${id}.webm`,
    downloadUrl: `/recordings/${id}.webm?download=1`,
    viewerIsOwner: true,
    room: { name: 'Общая комната' },
  });

  it('deletes a recording: the others stay listed and the tab stays (the deleted record left a null in the list)', async () => {
    storeSession(makeUser('USER'));
    const server = fakeGraphQLServer((call: GraphQLCall) => {
      if (call.operationName === 'VideoCallsPageQuery') return { body: pageData() };
      if (call.operationName === 'RoomsTabRefetchQuery') return { body: { data: lists } };
      if (call.operationName === 'RecordingsTabQuery') {
        return { body: { data: { recordings: [recording('UmVjOjE=', 'Лекция 1'), recording('UmVjOjI=', 'Лекция 2')] } } };
      }
      if (call.operationName === 'RecordingItemDeleteMutation') {
        return { body: { data: { deleteRecording: { __typename: 'DeleteRecordingSuccess', deletedId: call.variables.id } } } };
      }
      return undefined;
    });
    renderApp('/video-calls');
    await screen.findByTestId('rooms-tab', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('tab-recordings'));
    const first = (await screen.findAllByTestId('recording-item', {}, { timeout: 10_000 }))[0]!;
    expect(within(first).getByTestId('recording-title').textContent).toBe('Лекция 1');
    fireEvent.click(within(first).getByTestId('recording-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(server.operations()).toContain('RecordingItemDeleteMutation'));
    await waitFor(() => expect(screen.getAllByTestId('recording-title').map((title) => title.textContent)).toEqual(['Лекция 2']));
    expect(screen.getByTestId('recordings-list')).toBeTruthy();
  }, 30_000);
});
