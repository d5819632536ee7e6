/** The quality selector of the meeting area and the camera constraints behind each choice. */
export const QUALITIES = ['SD', 'HD', 'FHD', '4K', '8K'] as const;
export type Quality = (typeof QUALITIES)[number];
export const DEFAULT_QUALITY: Quality = 'HD';

/** The server's VideoQuality enum value (GraphQL names cannot start with a digit: UHD_4K is 4K). */
export const qualityOf = (value: string): Quality => {
  const quality = value.replace(/^UHD_/, '');
  return (QUALITIES as readonly string[]).includes(quality) ? (quality as Quality) : DEFAULT_QUALITY;
};

/**
 * Each choice of the quality selector: the camera's size and frame rate (spec section 9: 480p at
 * 15 fps, 720p at 24, 1080p at 30; 4K and 8K keep 30 fps) and, through the SFU, the most bits per
 * second of each simulcast layer a member publishes: full size, half and a quarter (janus.js's
 * rids h, m, l; subscribers pick a layer by tile size). The rates are the usual VP8 ones for each
 * size and frame rate.
 */
const PRESETS: Record<
  Quality,
  { width: number; height: number; frameRate: number; simulcast: { high: number; medium: number; low: number } }
> = {
  SD: { width: 640, height: 480, frameRate: 15, simulcast: { high: 500_000, medium: 150_000, low: 60_000 } },
  HD: { width: 1280, height: 720, frameRate: 24, simulcast: { high: 1_200_000, medium: 400_000, low: 120_000 } },
  FHD: { width: 1920, height: 1080, frameRate: 30, simulcast: { high: 2_500_000, medium: 700_000, low: 200_000 } },
  '4K': { width: 3840, height: 2160, frameRate: 30, simulcast: { high: 8_000_000, medium: 2_000_000, low: 500_000 } },
  '8K': { width: 7680, height: 4320, frameRate: 30, simulcast: { high: 20_000_000, medium: 5_000_000, low: 1_200_000 } },
};

export const simulcastBitrates = (quality: Quality) => PRESETS[quality].simulcast;

/** `ideal` values: a camera that cannot do 4K gives its best instead of failing the call. */
export function videoConstraints(quality: Quality): MediaTrackConstraints {
  const preset = PRESETS[quality];
  return {
    width: { ideal: preset.width },
    height: { ideal: preset.height },
    frameRate: { ideal: preset.frameRate },
  };
}

export type CallMedia = 'audio' | 'video';

export function callConstraints(media: CallMedia, quality: Quality): MediaStreamConstraints {
  return {
    audio: { echoCancellation: true, noiseSuppression: true },
    video: media === 'video' ? videoConstraints(quality) : false,
  };
}

/** Why the camera or microphone could not be used (spec section 8: each has its own hint). */
export type MediaFailure = 'denied' | 'notFound' | 'inUse' | 'constraints' | 'noWebRTC' | 'insecure' | 'unknown';

export function mediaFailure(error: unknown): MediaFailure {
  switch ((error as { name?: string } | null)?.name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'SecurityError':
      return 'insecure';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'constraints';
    case 'NotSupportedError':
      return 'noWebRTC';
    default:
      return 'unknown';
  }
}

/** Calls need both camera/microphone access and peer connections (and a secure page for either). */
export function webRtcSupport(): MediaFailure | null {
  if (typeof window !== 'undefined' && window.isSecureContext === false) return 'insecure';
  if (typeof RTCPeerConnection === 'undefined' || !navigator.mediaDevices?.getUserMedia) return 'noWebRTC';
  return null;
}

/** Stops every track of the streams given (camera light off, microphone released). */
export function stopStreams(...streams: (MediaStream | null | undefined)[]) {
  for (const stream of streams) for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Below this many CSS pixels on its short side, a touch screen is a phone's. */
const PHONE_SCREEN_MAX = 600;

/**
 * Whether the page runs on a phone: the browser says so (User-Agent Client Hints, or a mobile user
 * agent), or its screen is a narrow touch screen (a coarse pointer), as in an emulated phone whose
 * user agent is a desktop's. Phones cannot share their screen, even where getDisplayMedia exists.
 */
export function onPhone(win: Pick<Window, 'navigator' | 'matchMedia' | 'screen'> = window): boolean {
  const hints = (win.navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  if (hints?.mobile) return true;
  if (/Android.+Mobile|iPhone|iPod|Windows Phone|Mobi/i.test(win.navigator.userAgent)) return true;
  const coarse = typeof win.matchMedia === 'function' && win.matchMedia('(pointer: coarse)').matches;
  return coarse && Math.min(win.screen.width, win.screen.height) < PHONE_SCREEN_MAX;
}
