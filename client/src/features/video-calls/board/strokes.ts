import { getStroke } from 'perfect-freehand';

/**
 * A stroke as the board stores it (server/src/services/drawingBoard.ts checks the same shape):
 * points flat as [x, y, pressure, ...] in board space, so every screen shows the same drawing.
 */
export type Stroke = { author: number; color: string; width: number; points: number[] };

/** The board's own coordinate space and limits (the server's BOARD_WIDTH, BOARD_HEIGHT and stroke rules). */
export const BOARD_WIDTH = 1600;
export const BOARD_HEIGHT = 1000;
export const MAX_POINTS = 2000;

export const COLORS = ['#1f2937', '#dc2626', '#ea580c', '#16a34a', '#2563eb', '#9333ea'] as const;
export const WIDTHS = [4, 10, 24] as const;

/** A point as stored: whole board units, pressure to two decimals (smaller Yjs updates). */
export function boardPoint(x: number, y: number, pressure: number): [number, number, number] {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  return [
    Math.round(clamp(x, BOARD_WIDTH)),
    Math.round(clamp(y, BOARD_HEIGHT)),
    Math.round(clamp(pressure || 0.5, 1) * 100) / 100,
  ];
}

function triples(points: number[]): [number, number, number][] {
  const result: [number, number, number][] = [];
  for (let i = 0; i + 2 < points.length; i += 3) result.push([points[i]!, points[i + 1]!, points[i + 2]!]);
  return result;
}

/** The stroke's outline (perfect-freehand: width follows pressure) as a fillable path. */
export function strokePath(stroke: Pick<Stroke, 'width' | 'points'>): Path2D {
  const outline = getStroke(triples(stroke.points), { size: stroke.width, thinning: 0.6, smoothing: 0.5, streamline: 0.4 });
  const path = new Path2D();
  if (outline.length === 0) return path;
  path.moveTo(outline[0]![0], outline[0]![1]);
  for (let i = 1; i < outline.length; i++) {
    const [x0, y0] = outline[i - 1]!;
    const [x1, y1] = outline[i]!;
    // Quadratic curves through the midpoints: a smooth edge from few outline points.
    path.quadraticCurveTo(x0, y0, (x0 + x1) / 2, (y0 + y1) / 2);
  }
  path.closePath();
  return path;
}

/** Whether the stroke passes within `radius` board units of (x, y): what the eraser removes. */
export function strokeNear(stroke: Stroke, x: number, y: number, radius: number): boolean {
  const reach = radius + stroke.width / 2;
  for (let i = 0; i + 1 < stroke.points.length; i += 3) {
    const dx = stroke.points[i]! - x;
    const dy = stroke.points[i + 1]! - y;
    if (dx * dx + dy * dy <= reach * reach) return true;
  }
  return false;
}

/** Paints the board: white ground, then the strokes in the order given. `scale` maps board units to pixels. */
export function paintBoard(context: CanvasRenderingContext2D, strokes: Iterable<Stroke>, scale: number) {
  context.setTransform(scale, 0, 0, scale, 0, 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, BOARD_WIDTH, BOARD_HEIGHT);
  for (const stroke of strokes) {
    context.fillStyle = stroke.color;
    context.fill(strokePath(stroke));
  }
}
