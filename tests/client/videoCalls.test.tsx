import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { microphoneFailure, voiceMimeType } from '../../client/src/features/video-calls/chat/useVoiceRecorder'
import { multipartBody } from '../../client/src/relay/environment'
import { fakeWs } from './fakeWs'
import { fakeGraphQLServer, makeUser, renderApp, storeSession, type GraphQLCall } from './helpers'

const room = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  type: 'GROUP',
  maxParticipants: 10,
  participantCount: 0,
  viewerCanDelete: false,
  ...extra,
})

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
})

const lists = {
  meetingClasses: [
    meetingClass('C1', 'Веб-разработка', { rooms: [room('R1', 'Лекция', { type: 'LECTURE', participantCount: 2, maxParticipants: 30 })] }),
    meetingClass('C2', 'Мой класс', { viewerRole: 'ADMIN', viewerCan: { createRoom: true, openSettings: true } }),
    meetingClass('C3', 'Открытый клуб', { viewerRole: null, rooms: [room('R3', 'Закрытая для гостей')] }),
  ],
  meetingRooms: [room('R2', 'Общая комната')],
}

function pageData(contacts: unknown[] = []) {
  return {
    data: {
      viewer: { id: 'VXNlcjox', databaseId: 1, firstName: 'Анна', fullName: 'Анна Смирнова' },
      meetingConfig: { iceServers: [] },
      meetingContacts: contacts,
      ...lists,
    },
  }
}

function meetingServer(contacts: unknown[] = []) {
  return fakeGraphQLServer((call: GraphQLCall) => {
    if (call.operationName === 'VideoCallsPageQuery') return { body: pageData(contacts) }
    if (call.operationName === 'RoomsTabRefetchQuery') return { body: { data: lists } }
    return undefined
  })
}

describe('the meeting area (/video-calls)', () => {
  it('has no page frame: a header with HD by default, the rooms by class with the actions of the viewer role', async () => {
    storeSession(makeUser('USER'))
    meetingServer()
    renderApp('/video-calls')
    // The first render loads the page's chunk (transformed on the fly here).
    expect(await screen.findByText('Добро пожаловать в видеозвонки, Анна!', {}, { timeout: 10_000 })).toBeTruthy()
    expect(screen.queryByTestId('user-chip')).toBeNull()
    expect((screen.getByTestId('quality-select') as HTMLSelectElement).value).toBe('HD')
    expect(screen.getByTestId('recording-badge').textContent).toBe('Запись не ведётся')

    const card = (name: string) => within(screen.getAllByTestId('class-card').find((c) => c.dataset.className === name)!)
    // A member of a class that keeps room creation to its admin: rooms to join, no settings.
    expect(card('Веб-разработка').getByText('Участник')).toBeTruthy()
    expect(card('Веб-разработка').getByTestId('room-occupancy').textContent).toBe('2/30')
    expect(card('Веб-разработка').queryByTestId('class-create-room')).toBeNull()
    expect(card('Веб-разработка').queryByTestId('class-settings')).toBeNull()
    // The admin's class: create rooms and open the settings.
    expect(card('Мой класс').getByTestId('class-create-room')).toBeTruthy()
    expect(card('Мой класс').getByTestId('class-settings')).toBeTruthy()
    // A public class the viewer is not in: join it first; its rooms are not offered.
    expect(card('Открытый клуб').getByTestId('join-class')).toBeTruthy()
    expect(card('Открытый клуб').queryByTestId('room-row')).toBeNull()
    expect(screen.getAllByTestId('room-row').map((row) => row.dataset.roomName)).toEqual(['Лекция', 'Общая комната'])
  })

  it('says honestly which tabs come later', async () => {
    storeSession(makeUser('USER'))
    meetingServer()
    renderApp('/video-calls')
    await screen.findByTestId('rooms-tab')
    fireEvent.click(screen.getByTestId('tab-recordings'))
    expect(await screen.findByText('Записей пока нет')).toBeTruthy()
    expect(screen.getByText('Запись встреч появится в следующей версии.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('tab-files'))
    expect(await screen.findByText('Файлами пока не делились')).toBeTruthy()
    fireEvent.click(screen.getByTestId('tab-calendar'))
    expect(await screen.findByText('Планирование встреч и синхронизация с календарём появятся в следующей версии.')).toBeTruthy()
  })

  it('lists contacts with their online state and call buttons', async () => {
    storeSession(makeUser('USER'))
    meetingServer([{ id: 'VXNlcjoy', databaseId: 2, fullName: 'Дмитрий Петров', username: 'dmitry', isOnline: true }])
    renderApp('/video-calls')
    await screen.findByTestId('rooms-tab')
    fireEvent.click(screen.getByTestId('tab-contacts'))
    const contact = await screen.findByTestId('contact')
    expect(within(contact).getByText('Дмитрий Петров')).toBeTruthy()
    expect(within(contact).getByTitle('В сети')).toBeTruthy()
    expect(within(contact).getByLabelText('Видеозвонок: Дмитрий Петров')).toBeTruthy()
    expect(within(contact).getByLabelText('Аудиозвонок: Дмитрий Петров')).toBeTruthy()
  })

  it('says so when there are no contacts', async () => {
    storeSession(makeUser('USER'))
    meetingServer([])
    renderApp('/video-calls')
    await screen.findByTestId('rooms-tab')
    fireEvent.click(screen.getByTestId('tab-contacts'))
    expect(await screen.findByText('Нет доступных контактов')).toBeTruthy()
  })

  it('returns to the welcome screen with the hint when the camera is denied, without joining', async () => {
    storeSession(makeUser('USER'))
    const server = meetingServer()
    vi.stubGlobal('RTCPeerConnection', class {})
    const denied = Object.assign(new Error('no'), { name: 'NotAllowedError' })
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn(async () => Promise.reject(denied)) } })
    try {
      renderApp('/video-calls')
      const rooms = await screen.findAllByTestId('join-room')
      fireEvent.click(rooms[0]!)
      expect(
        await screen.findByText('Доступ к камере или микрофону запрещён. Разрешите доступ в настройках браузера и попробуйте снова'),
      ).toBeTruthy()
      expect(screen.getByTestId('meeting-welcome')).toBeTruthy()
      expect(server.operations()).not.toContain('useCallJoinMutation')
    } finally {
      Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined })
    }
  })

  it('listens to its call events while open', async () => {
    storeSession(makeUser('USER'))
    meetingServer()
    renderApp('/video-calls')
    await screen.findByTestId('rooms-tab')
    await waitFor(() => expect(fakeWs.active('useCallEventsSubscription')).toHaveLength(1))
  })
})

describe('voice messages', () => {
  it('record Opus in WebM where the browser can, else MP4', () => {
    expect(voiceMimeType((type) => type.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus')
    expect(voiceMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4')
  })

  it('name microphone failures (the spec texts are chosen by them)', () => {
    expect(microphoneFailure({ name: 'NotAllowedError' })).toBe('denied')
    expect(microphoneFailure({ name: 'NotFoundError' })).toBe('notFound')
    expect(microphoneFailure({ name: 'SecurityError' })).toBe('insecure')
    expect(microphoneFailure({ name: 'Whatever' })).toBe('unknown')
  })

  it('are sent as a GraphQL multipart request', async () => {
    const file = new File(['abc'], 'voice.webm', { type: 'audio/webm' })
    const form = multipartBody('mutation M($file: File!) { x }', 'M', { file: null, roomId: 'R' }, { file })
    expect(JSON.parse(String(form.get('operations')))).toEqual({
      query: 'mutation M($file: File!) { x }',
      variables: { file: null, roomId: 'R' },
      operationName: 'M',
    })
    expect(JSON.parse(String(form.get('map')))).toEqual({ 0: ['variables.file'] })
    expect(await (form.get('0') as File).text()).toBe('abc')
  })
})
