import { useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Upload } from 'tus-js-client';
import { getToken } from '../../../relay/environment';

/** Where room files are uploaded (tus, see server/src/http/roomFileUploads.ts); 100 MB each. */
const UPLOADS_ENDPOINT = '/api/zoomvisor/uploads';
const ROOM_FILE_MAX_BYTES = 100 * 1024 * 1024;
/** PATCH size: a dropped connection costs at most one chunk's retransmission, and tus resumes from the last offset. */
const CHUNK_BYTES = 5 * 1024 * 1024;
/** Retries after a failed request (a dropped connection): tus asks the server's offset and continues. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

/** The server's refusal text (`{detail}`) of a failed tus request, if it sent one. */
function refusalText(error: Error): string | null {
  const body = (error as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  if (!body) return null;
  try {
    const detail = (JSON.parse(body) as { detail?: unknown }).detail;
    return typeof detail === 'string' ? detail : null;
  } catch {
    return null;
  }
}

export type RoomFileUploadProgress = { name: string; sent: number; total: number; reconnecting: boolean };

/**
 * Uploads a file to the room's files over tus (resuming after a dropped connection), with its
 * progress and the server's refusal text; `onUploaded` runs once the server has it.
 */
export function useRoomFileUpload(roomDatabaseId: number | null | undefined, onUploaded: () => void) {
  const { t } = useLingui();
  const [progress, setProgress] = useState<RoomFileUploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);

  const start = (file: File) => {
    setError(null);
    if (file.size > ROOM_FILE_MAX_BYTES) return setError(t`Файл ${file.name} слишком большой (максимум 100 МБ)`);
    const databaseId = roomDatabaseId;
    if (databaseId == null) return;
    setProgress({ name: file.name, sent: 0, total: file.size, reconnecting: false });
    const current = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { roomId: String(databaseId), filename: file.name },
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
      // Resuming across page loads would need the same file picked again; within a page tus resumes itself.
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => setProgress({ name: file.name, sent, total, reconnecting: false }),
      // Told before each retry: the connection dropped, tus will ask the server where to continue.
      onShouldRetry: () => {
        setProgress((shown) => shown && { ...shown, reconnecting: true });
        return true;
      },
      onError: (failure) => {
        upload.current = null;
        setProgress(null);
        setError(refusalText(failure) ?? t`Не удалось загрузить файл ${file.name}`);
      },
      onSuccess: () => {
        upload.current = null;
        setProgress(null);
        onUploaded();
      },
    });
    upload.current = current;
    current.start();
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return { start, progress, percent, error, setError };
}
