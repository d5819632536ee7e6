import { render } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VideoTile } from '../../client/src/features/video-calls/stage/VideoTile';
import { system } from '../../client/src/app/theme';

/** A stand-in for another person's stream (jsdom has no MediaStream). */
const stream = { getTracks: () => [], getAudioTracks: () => [{}], getVideoTracks: () => [{}] } as unknown as MediaStream;

function renderTile(props: Partial<Parameters<typeof VideoTile>[0]>) {
  const { container } = render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <VideoTile name="Дмитрий Петров" stream={stream} muted={false} cameraOff={false} {...props} />
      </ChakraProvider>
    </I18nProvider>,
  );
  // What plays this person's sound: the media elements not muted.
  return [...container.querySelectorAll<HTMLMediaElement>('video, audio')].filter((element) => !element.muted);
}

describe('a video tile plays another person’s sound once', () => {
  // jsdom's srcObject takes only its own MediaStream, which it does not have: a plain property here.
  const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
  beforeAll(() =>
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null }),
  );
  afterAll(() => {
    if (original) Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', original);
  });

  it.each([
    ['their video shows', {}, 'VIDEO'],
    ['their camera is off', { cameraOff: true }, 'AUDIO'],
    ['the call is audio only', { audioOnly: true }, 'AUDIO'],
    ['more recent speakers hold the video seats', { videoPaused: true }, 'AUDIO'],
  ])('when %s', (_case, props, element) => {
    expect(renderTile(props).map((media) => media.tagName)).toEqual([element]);
  });

  it('and never your own', () => {
    expect(renderTile({ self: true, cameraOff: true })).toEqual([]);
    expect(renderTile({ self: true })).toEqual([]);
  });
});

describe('a video tile of someone whose page went away', () => {
  const original = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'srcObject');
  beforeAll(() =>
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', { configurable: true, writable: true, value: null }),
  );
  afterAll(() => {
    if (original) Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', original);
  });
  const tile = (props: Partial<Parameters<typeof VideoTile>[0]>) =>
    render(
      <I18nProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <VideoTile name="Дмитрий Петров" stream={stream} muted={false} cameraOff={false} {...props} />
        </ChakraProvider>
      </I18nProvider>,
    );

  it('shows them reconnecting, with their initials and no frame of theirs', () => {
    const { getByTestId, queryByText, container } = tile({ away: true, connecting: true });
    expect(getByTestId('video-tile').getAttribute('data-away')).toBe('true');
    expect(getByTestId('tile-away').textContent).toBe('Переподключается…');
    expect(queryByText('Подключение…')).toBeNull();
    expect(container.querySelector('video')!.style.display).toBe('none');
  });

  it('is a plain tile once they are back', () => {
    const { getByTestId, queryByTestId } = tile({ away: false });
    expect(getByTestId('video-tile').hasAttribute('data-away')).toBe(false);
    expect(queryByTestId('tile-away')).toBeNull();
  });
});
