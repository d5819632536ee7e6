import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { graphql, useRelayEnvironment } from 'react-relay/hooks';
import type { RecordSourceProxy } from 'relay-runtime';
import type { useStageRecordingStartMutation } from '../../../__generated__/useStageRecordingStartMutation.graphql';
import type { useStageRecordingStopMutation } from '../../../__generated__/useStageRecordingStopMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { commitMutationAsync } from '../../../relay/commitMutationAsync';
import { mutationErrorText } from '../../../relay/mutationError';
import type { CallEngine, CallSnapshot } from '../call/callEngine';
import { recordingMimeType, StageRecorder, type StageTile } from './stageRecorder';

const startMutation = graphql`
  mutation useStageRecordingStartMutation($roomId: ID!, $mimeType: RecordingMimeType!) {
    startRecording(roomId: $roomId, mimeType: $mimeType) {
      ...mutationError_error @alias(as: "error")
      ... on RecordingPayload {
        recording {
          id
          databaseId
        }
      }
    }
  }
`;

const stopMutation = graphql`
  mutation useStageRecordingStopMutation($id: ID!) {
    stopRecording(id: $id) {
      ...mutationError_error @alias(as: "error")
      ... on StopRecordingSuccess {
        recording {
          id
          ...RecordingItem_recording
        }
      }
    }
  }
`;

/** A finished recording goes to the top of the recordings tab's list (when it has been loaded). */
function prependToList(store: RecordSourceProxy, id: string) {
  const created = store.get(id);
  const root = store.getRoot();
  const list = root.getLinkedRecords('recordings');
  if (!created || !list) return;
  root.setLinkedRecords([created, ...list.filter((item) => item?.getDataID() !== created.getDataID())], 'recordings');
}

export type StageRecording = {
  /** The viewer is recording now. */
  active: boolean;
  busy: boolean;
  start: () => Promise<void>;
  /** Stops and waits until the recording is stored (before leaving the room, so nothing is cut). */
  stop: () => Promise<void>;
};

/** The viewer's recording of the room they are in: the tiles of the stage, kept up to date as people come and go. */
export function useStageRecording(call: CallSnapshot, engine: CallEngine, viewer: { databaseId: number; fullName: string }) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const current = useRef<{ recorder: StageRecorder; id: string } | null>(null);
  const [active, setActive] = useState(false);
  const [busy, setBusy] = useState(false);

  const tiles = useMemo<StageTile[]>(
    () => [
      { key: 'self', name: viewer.fullName, stream: call.localPreview },
      ...call.participants.map((participant) => ({
        key: String(participant.userId),
        name: participant.name,
        stream: participant.stream,
      })),
    ],
    [call.localPreview, call.participants, viewer.fullName],
  );
  // What a recorder started later begins with; a running one follows every change.
  const tilesRef = useRef(tiles);
  useEffect(() => {
    tilesRef.current = tiles;
    current.current?.recorder.setTiles(tiles);
  }, [tiles]);

  const stop = useCallback(async () => {
    const running = current.current;
    if (!running) return;
    current.current = null;
    setActive(false);
    setBusy(true);
    engine.setRecording(null);
    try {
      await running.recorder.stop().catch((error: Error) => toaster.create({ type: 'error', title: error.message }));
      const { stopRecording } = await commitMutationAsync<useStageRecordingStopMutation>(environment, stopMutation, {
        id: running.id,
      }).catch(() => ({ stopRecording: null }));
      if (stopRecording?.recording) {
        const id = stopRecording.recording.id;
        environment.commitUpdate((store) => prependToList(store, id));
        toaster.create({ type: 'success', title: t`Запись сохранена на вкладке «Записи»` });
      } else if (stopRecording?.error) {
        toaster.create({ type: 'error', title: mutationErrorText(stopRecording.error, t`Не удалось сохранить запись`) });
      }
    } finally {
      setBusy(false);
    }
  }, [engine, environment, t]);

  const start = useCallback(async () => {
    const room = call.room;
    if (!room || current.current) return;
    const type = recordingMimeType();
    if (!type) {
      toaster.create({ type: 'error', title: t`Браузер не поддерживает запись видео` });
      return;
    }
    setBusy(true);
    try {
      const { startRecording } = await commitMutationAsync<useStageRecordingStartMutation>(environment, startMutation, {
        roomId: room.id,
        mimeType: type.mimeType,
      });
      const recording = startRecording.recording;
      if (!recording) {
        toaster.create({ type: 'error', title: mutationErrorText(startRecording.error, t`Не удалось начать запись`) });
        return;
      }
      const recorder = new StageRecorder(recording.databaseId, type.recorderType, (error) =>
        toaster.create({ type: 'error', title: t`Часть записи не сохранилась: ${error.message}` }),
      );
      recorder.setTiles(tilesRef.current);
      current.current = { recorder, id: recording.id };
      setActive(true);
      engine.setRecording({ userId: viewer.databaseId, name: viewer.fullName });
    } catch {
      toaster.create({ type: 'error', title: t`Не удалось начать запись` });
    } finally {
      setBusy(false);
    }
  }, [call.room, engine, environment, t, viewer.databaseId, viewer.fullName]);

  // Out of the room (left, closed, hung up): the recording ends with it.
  useEffect(() => {
    if (call.status === 'idle' && current.current) void stop();
  }, [call.status, stop]);

  return { active, busy, start, stop } satisfies StageRecording;
}
