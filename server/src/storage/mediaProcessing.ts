import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { detectFileType, type DetectedFileType } from './fileTypes';

/**
 * Image work with sharp (libvips, prebuilt for the platform by npm) and video work with the
 * system's ffmpeg/ffprobe (Debian's `ffmpeg` package; FFMPEG_PATH / FFPROBE_PATH override).
 */
export type MediaTools = { ffmpegPath: string; ffprobePath: string };

/** Thumbnails fit in this square; the feed and the galleries show them at most this large. */
export const THUMBNAIL_SIZE = 480;
const THUMBNAIL_QUALITY = 78;
/** A video file that ffmpeg has not finished with by then is treated as unreadable. */
const TOOL_TIMEOUT_MS = 30_000;
/** Whole recordings (up to hours) are copied or converted: they get longer than a thumbnail. */
const LONG_TOOL_TIMEOUT_MS = 30 * 60_000;

export class UnreadableMediaError extends Error {}

export type ImageInfo = { width: number; height: number };

/** An image with more pixels than allowed, found from its header before any decoding. */
export class ImageTooLargeError extends Error {}

/**
 * Reads only the image's header (sharp's metadata does not decode pixels) and refuses one with
 * more than `maxPixels` pixels in a frame: a small file can expand into gigabytes when decoded.
 */
async function assertPixelsWithin(bytes: Uint8Array, maxPixels: number) {
  let meta;
  try {
    // No pixel limit while reading the header: sharp's own default would refuse a huge image as unreadable.
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UnreadableMediaError(`not a decodable image: ${(error as Error).message}`);
  }
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > maxPixels) throw new ImageTooLargeError(`${meta.width}x${meta.height} is more than ${maxPixels} pixels`);
}

/**
 * The image as it will be stored: turned upright and stripped of its metadata (EXIF GPS
 * position, camera serial...), which a published photo should not reveal. Animated GIFs are kept
 * as they are. Throws UnreadableMediaError when the bytes do not decode as an image.
 */
export async function normalizeImage(
  bytes: Uint8Array,
  mime: string,
  maxPixels: number,
): Promise<{ bytes: Uint8Array; info: ImageInfo }> {
  await assertPixelsWithin(bytes, maxPixels);
  try {
    if (mime === 'image/gif') {
      const meta = await sharp(bytes).metadata();
      return { bytes, info: { width: meta.width ?? 0, height: meta.pageHeight ?? meta.height ?? 0 } };
    }
    const image = sharp(bytes, { limitInputPixels: maxPixels }).rotate();
    const output =
      mime === 'image/png'
        ? image.png()
        : mime === 'image/webp'
          ? image.webp({ quality: 90 })
          : mime === 'image/jpeg'
            ? image.jpeg({ quality: 90, mozjpeg: true })
            : image;
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { bytes: data, info: { width: info.width, height: info.height } };
  } catch (error) {
    throw new UnreadableMediaError(`not a decodable image: ${(error as Error).message}`);
  }
}

/** A JPEG at most THUMBNAIL_SIZE on its longer side (transparent areas on white). */
export async function imageThumbnail(bytes: Uint8Array): Promise<Uint8Array> {
  try {
    return await sharp(bytes)
      .rotate()
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new UnreadableMediaError(`not a decodable image: ${(error as Error).message}`);
  }
}

export type ResizeOptions = {
  width: number;
  height: number;
  /** `cover` crops to exactly width x height (avatars); `inside` keeps the whole picture within the box. */
  fit: 'cover' | 'inside';
  /** Output format; by default JPEG, or PNG when the source has transparency. */
  format?: 'jpeg' | 'png' | 'gif' | 'webp';
};

/**
 * Decodes, turns upright (EXIF orientation), resizes (never enlarges) and re-encodes an image;
 * metadata such as GPS position is dropped. Throws UnreadableMediaError when the bytes are not a
 * decodable picture, even if their magic number looked right.
 */
export async function resizeImage(
  input: Uint8Array,
  options: ResizeOptions,
  maxPixels: number,
): Promise<{ bytes: Uint8Array; type: DetectedFileType } & ImageInfo> {
  await assertPixelsWithin(input, maxPixels);
  let output;
  try {
    const image = sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    const meta = await image.metadata();
    const format = options.format ?? (meta.hasAlpha ? 'png' : 'jpeg');
    const resized = image
      .rotate()
      .resize({ width: options.width, height: options.height, fit: options.fit, withoutEnlargement: true });
    output = await (
      format === 'png'
        ? resized.png({ compressionLevel: 9 })
        : format === 'webp'
          ? resized.webp({ quality: 82 })
          : format === 'gif'
            ? resized.gif()
            : resized.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true })
    ).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new UnreadableMediaError(`not a decodable image: ${(error as Error).message}`);
  }
  // What sharp wrote starts with its format's magic number, so detection names its type and extension.
  const type = detectFileType(output.data)!;
  return { bytes: output.data, type, width: output.info.width, height: output.info.height };
}

export type VideoInfo = { durationSeconds: number | null; width: number | null; height: number | null };

/** Duration and frame size from ffprobe; UnreadableMediaError when the file has no video stream. */
export async function probeVideo(tools: MediaTools, file: string): Promise<VideoInfo> {
  const output = await run(tools.ffprobePath, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_entries',
    'format=duration:stream=codec_type,width,height,duration',
    file,
  ]);
  let parsed: {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  };
  try {
    parsed = JSON.parse(output.toString('utf8'));
  } catch {
    throw new UnreadableMediaError('ffprobe gave no readable answer');
  }
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) throw new UnreadableMediaError('no video stream');
  const duration = Number(parsed.format?.duration ?? video.duration);
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    width: video.width ?? null,
    height: video.height ?? null,
  };
}

/**
 * How long a recording really plays, in seconds (its `stream`, the first audio one by default);
 * null when ffprobe cannot read it. MediaRecorder's
 * WebM carries no duration in its header, so without one the audio packets are read: the end of
 * the last one is the length.
 */
export async function probeAudioSeconds(tools: MediaTools, file: string, stream = 'a:0'): Promise<number | null> {
  const probe = (args: string[]) => run(tools.ffprobePath, ['-v', 'error', ...args, file]).then((out) => out.toString('utf8'));
  try {
    const declared = Number((await probe(['-show_entries', 'format=duration', '-of', 'csv=p=0'])).trim());
    if (Number.isFinite(declared) && declared > 0) return declared;
    const packets = await probe(['-select_streams', stream, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0']);
    let end = 0;
    for (const line of packets.split('\n')) {
      const [pts, duration] = line.split(',').map(Number);
      if (Number.isFinite(pts)) end = Math.max(end, pts! + (Number.isFinite(duration) ? duration! : 0));
    }
    return end > 0 ? end : null;
  } catch {
    return null;
  }
}

/**
 * A real frame of the video as a JPEG thumbnail: one second in (or the middle of a shorter
 * video), falling back to the first frame when seeking yields nothing.
 */
export async function videoThumbnail(tools: MediaTools, file: string, durationSeconds: number | null): Promise<Uint8Array> {
  const at = durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
  const grab = (seconds: number) =>
    run(tools.ffmpegPath, [
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-an',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ]);
  let frame = await grab(at).catch(() => Buffer.alloc(0));
  if (frame.length === 0 && at > 0) frame = await grab(0);
  if (frame.length === 0) throw new UnreadableMediaError('ffmpeg produced no frame');
  return imageThumbnail(frame);
}

/** Whether ffmpeg runs here (checked once): without it recordings keep their own container and no MP4 is offered. */
let ffmpegPresent: Promise<boolean> | undefined;
export const hasFfmpeg = (tools: MediaTools) =>
  (ffmpegPresent ??= run(tools.ffmpegPath, ['-version']).then(
    () => true,
    () => false,
  ));

/**
 * Copies the streams into a fresh container without re-encoding (`-c copy`). MediaRecorder's WebM
 * has no duration and no seek index: written again, it has both, so players show its length and seek.
 */
export async function remux(tools: MediaTools, input: string, output: string, format: 'webm' | 'mp4'): Promise<void> {
  const faststart = format === 'mp4' ? ['-movflags', '+faststart'] : [];
  await run(
    tools.ffmpegPath,
    ['-v', 'error', '-y', '-i', input, '-c', 'copy', ...faststart, '-f', format, output],
    LONG_TOOL_TIMEOUT_MS,
  );
}

/** An MP4 (H.264 and AAC) of any video, for codecs the MP4 container cannot hold as they are (VP8). */
export async function transcodeToMp4(tools: MediaTools, input: string, output: string): Promise<void> {
  await run(
    tools.ffmpegPath,
    ['-v', 'error', '-y', '-i', input, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'].concat([
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ]),
    LONG_TOOL_TIMEOUT_MS,
  );
}

// At most two media tools at a time: the machine's cores are shared with request handling.
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function run(command: string, args: string[], timeout = TOOL_TIMEOUT_MS): Promise<Buffer> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.once('error', (error) => reject(new Error(`${command} could not run: ${error.message}`)));
      child.once('close', (code, signal) => {
        if (code === 0) resolve(Buffer.concat(out));
        else
          reject(
            new UnreadableMediaError(
              `${command} failed (${signal ?? code}): ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`,
            ),
          );
      });
    });
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}
