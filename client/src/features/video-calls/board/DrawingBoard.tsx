import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Center, HStack, IconButton, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download, Eraser, Pen, Trash2, Undo2 } from 'lucide-react';
import * as Y from 'yjs';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';
import { useBoardSync, type BoardSync } from './useBoardSync';
import {
  BOARD_HEIGHT,
  BOARD_WIDTH,
  COLORS,
  MAX_POINTS,
  WIDTHS,
  boardPoint,
  paintBoard,
  strokeNear,
  strokePath,
  type Stroke,
} from './strokes';

/** The viewer's own drawing and erasing: what their undo takes back. */
const LOCAL = 'local';
/** The host clearing the board: not undoable. */
const CLEAR = 'clear';

type Presence = { name: string; color: string; cursor?: { x: number; y: number } | null; draft?: Stroke | null };
type Tool = 'pen' | 'eraser';

/**
 * A drawing activity's shared board: pen strokes whose width follows the pen's pressure, colours,
 * an eraser and undo for one's own strokes, clear for the host, PNG export, and everyone's cursor
 * and stroke in progress. The board keeps the 16:10 shape of its coordinate space on any screen.
 */
export function DrawingBoard(props: {
  sessionId: string;
  viewer: { databaseId: number; fullName: string };
  canDraw: boolean;
  canClear: boolean;
}) {
  const { t } = useLingui();
  const refused = useCallback(
    (error: MutationErrorKey | null) =>
      toaster.create({ type: 'error', title: mutationErrorText(error, t`Изменение доски не принято`) }),
    [t],
  );
  const sync = useBoardSync(props.sessionId, refused);
  if (!sync?.ready) {
    return (
      <Center minH="200px">
        <Spinner role="status" aria-label={t`Загрузка доски`} />
      </Center>
    );
  }
  return <Board sync={sync} viewer={props.viewer} canDraw={props.canDraw} canClear={props.canClear} />;
}

function Board({
  sync,
  viewer,
  canDraw,
  canClear,
}: {
  sync: BoardSync;
  viewer: { databaseId: number; fullName: string };
  canDraw: boolean;
  canClear: boolean;
}) {
  const { t } = useLingui();
  const { doc, strokes, awareness } = sync;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [tool, setTool] = useState<Tool>('pen');
  const [color, setColor] = useState<string>(COLORS[0]);
  const [width, setWidth] = useState<number>(WIDTHS[1]);
  const [canUndo, setCanUndo] = useState(false);
  const undo = useRef<Y.UndoManager | null>(null);
  const drawing = useRef<{ id: string; points: number[] } | null>(null);
  const nextId = useRef(0);

  useEffect(() => {
    awareness.setLocalState({ name: viewer.fullName, color, cursor: null, draft: null } satisfies Presence);
  }, [awareness, viewer.fullName, color]);

  const paint = useCallback(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const scale = element.width / BOARD_WIDTH;
    paintBoard(context, strokes.values(), scale);
    // What is on the board, for tests and assistive technology alike.
    element.dataset.strokes = String(strokes.size);
    for (const [clientId, state] of awareness.getStates()) {
      const presence = state as Partial<Presence>;
      if (presence.draft) {
        context.fillStyle = presence.draft.color;
        context.fill(strokePath(presence.draft));
      }
      if (clientId !== doc.clientID && presence.cursor) {
        context.fillStyle = presence.color ?? '#000000';
        context.beginPath();
        context.arc(presence.cursor.x, presence.cursor.y, 6, 0, Math.PI * 2);
        context.fill();
        context.font = '20px sans-serif';
        context.fillText(presence.name ?? '', presence.cursor.x + 10, presence.cursor.y - 10);
      }
    }
  }, [awareness, doc, strokes]);

  // Repaint once per frame whatever changed: strokes, cursors, the canvas's size.
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(() => ((frame = 0), paint()));
    };
    const element = canvas.current!;
    const resize = new ResizeObserver(() => {
      const pixels = Math.round(element.clientWidth * window.devicePixelRatio);
      element.width = pixels;
      element.height = Math.round((pixels * BOARD_HEIGHT) / BOARD_WIDTH);
      schedule();
    });
    resize.observe(element);
    strokes.observe(schedule);
    awareness.on('change', schedule);
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      strokes.unobserve(schedule);
      awareness.off('change', schedule);
    };
  }, [awareness, paint, strokes]);

  useEffect(() => {
    const manager = new Y.UndoManager(strokes, { trackedOrigins: new Set([LOCAL]), captureTimeout: 0 });
    const changed = () => setCanUndo(manager.undoStack.length > 0);
    manager.on('stack-item-added', changed);
    manager.on('stack-item-popped', changed);
    undo.current = manager;
    return () => {
      undo.current = null;
      manager.destroy();
    };
  }, [strokes]);

  const boardPosition = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return boardPoint(
      ((event.clientX - rect.left) / rect.width) * BOARD_WIDTH,
      ((event.clientY - rect.top) / rect.height) * BOARD_HEIGHT,
      event.pointerType === 'pen' ? event.pressure : 0.5,
    );
  };

  const erase = (x: number, y: number) => {
    const mine = [...strokes.entries()].filter(
      ([, stroke]) => stroke.author === viewer.databaseId && strokeNear(stroke, x, y, 12),
    );
    if (mine.length > 0) doc.transact(() => mine.forEach(([id]) => strokes.delete(id)), LOCAL);
  };

  const finishStroke = () => {
    const current = drawing.current;
    drawing.current = null;
    awareness.setLocalStateField('draft', null);
    if (!current || current.points.length < 3) return;
    const stroke: Stroke = { author: viewer.databaseId, color, width, points: current.points };
    doc.transact(() => strokes.set(current.id, stroke), LOCAL);
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!canDraw) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const [x, y] = boardPosition(event);
    if (tool === 'eraser') return erase(x, y);
    nextId.current += 1;
    drawing.current = { id: `${doc.clientID}-${Date.now().toString(36)}-${nextId.current}`, points: boardPosition(event) };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const [x, y] = boardPosition(event);
    awareness.setLocalStateField('cursor', { x, y });
    if (event.buttons === 0 || !canDraw) return;
    if (tool === 'eraser') return erase(x, y);
    const current = drawing.current;
    if (!current) return;
    for (const sample of event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent]) {
      const rect = event.currentTarget.getBoundingClientRect();
      current.points.push(
        ...boardPoint(
          ((sample.clientX - rect.left) / rect.width) * BOARD_WIDTH,
          ((sample.clientY - rect.top) / rect.height) * BOARD_HEIGHT,
          sample.pointerType === 'pen' ? sample.pressure : 0.5,
        ),
      );
    }
    // A very long line is stored as several strokes (the server takes up to MAX_POINTS points each).
    if (current.points.length >= 3 * MAX_POINTS - 30) {
      const last = current.points.slice(-3);
      finishStroke();
      nextId.current += 1;
      drawing.current = { id: `${doc.clientID}-${Date.now().toString(36)}-${nextId.current}`, points: last };
      return;
    }
    awareness.setLocalStateField('draft', { author: viewer.databaseId, color, width, points: current.points } satisfies Stroke);
  };

  const exportPng = () => {
    const image = document.createElement('canvas');
    image.width = BOARD_WIDTH;
    image.height = BOARD_HEIGHT;
    paintBoard(image.getContext('2d')!, strokes.values(), 1);
    image.toBlob((blob) => {
      if (!blob) return;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = t`доска` + '.png';
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    }, 'image/png');
  };

  return (
    <Box>
      <HStack gap="1" wrap="wrap" mb="2" role="toolbar" aria-label={t`Инструменты доски`}>
        {canDraw && (
          <>
            <IconButton
              size="sm"
              aria-label={t`Перо`}
              aria-pressed={tool === 'pen'}
              variant={tool === 'pen' ? 'solid' : 'outline'}
              onClick={() => setTool('pen')}
            >
              <Pen />
            </IconButton>
            <IconButton
              size="sm"
              aria-label={t`Ластик (свои штрихи)`}
              aria-pressed={tool === 'eraser'}
              variant={tool === 'eraser' ? 'solid' : 'outline'}
              onClick={() => setTool('eraser')}
            >
              <Eraser />
            </IconButton>
            {COLORS.map((swatch) => (
              <IconButton
                key={swatch}
                size="sm"
                variant="outline"
                aria-label={t`Цвет ${swatch}`}
                aria-pressed={color === swatch}
                onClick={() => (setColor(swatch), setTool('pen'))}
                borderWidth={color === swatch ? '3px' : '1px'}
                borderColor={color === swatch ? 'brand.solid' : 'border'}
              >
                <Box w="4" h="4" borderRadius="full" bg={swatch} />
              </IconButton>
            ))}
            {WIDTHS.map((size, index) => (
              <IconButton
                key={size}
                size="sm"
                aria-label={[t`Тонкая линия`, t`Средняя линия`, t`Толстая линия`][index]}
                aria-pressed={width === size}
                variant={width === size ? 'solid' : 'outline'}
                onClick={() => setWidth(size)}
              >
                <Box w={`${4 + index * 4}px`} h={`${4 + index * 4}px`} borderRadius="full" bg="currentColor" />
              </IconButton>
            ))}
            <IconButton
              size="sm"
              variant="outline"
              aria-label={t`Отменить свой штрих`}
              disabled={!canUndo}
              onClick={() => undo.current?.undo()}
            >
              <Undo2 />
            </IconButton>
          </>
        )}
        {canClear && (
          <IconButton
            size="sm"
            variant="outline"
            colorPalette="red"
            aria-label={t`Очистить доску`}
            onClick={() => doc.transact(() => strokes.clear(), CLEAR)}
          >
            <Trash2 />
          </IconButton>
        )}
        <IconButton size="sm" variant="outline" aria-label={t`Сохранить как PNG`} onClick={exportPng}>
          <Download />
        </IconButton>
      </HStack>
      {/* As wide as the screen's height allows (16:10 under the toolbar), so the whole board is in view. */}
      <Box borderWidth="1px" borderRadius="md" overflow="hidden" maxW="calc((100dvh - 14rem) * 1.6)" mx="auto">
        <canvas
          ref={canvas}
          data-testid="drawing-board"
          aria-label={t`Общая доска для рисования`}
          role="img"
          style={{ width: '100%', display: 'block', touchAction: 'none', cursor: tool === 'eraser' ? 'cell' : 'crosshair' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finishStroke}
          onPointerCancel={finishStroke}
          onPointerLeave={() => awareness.setLocalStateField('cursor', null)}
        />
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t`Рисуйте пальцем, мышью или пером; ластик и отмена действуют только на ваши штрихи.`}
      </Text>
    </Box>
  );
}
