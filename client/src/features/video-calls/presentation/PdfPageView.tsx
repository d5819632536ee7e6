import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** pdf.js and its worker, loaded the first time a presentation opens (not in any route's bundle). */
let pdfjs: Promise<typeof import('pdfjs-dist')> | null = null;
function loadPdfjs() {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return pdfjs;
}

/** The PDF at `url`, opened with pdf.js (null while it loads; `failed` when it cannot be read). */
export function usePdfDocument(url: string | null) {
  const [state, setState] = useState<{ url: string; doc: PDFDocumentProxy | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let loading: ReturnType<(typeof import('pdfjs-dist'))['getDocument']> | null = null;
    void loadPdfjs()
      .then((lib) => {
        if (cancelled) return null;
        loading = lib.getDocument({ url });
        return loading.promise;
      })
      .then(
        (doc) => doc && !cancelled && setState({ url, doc, failed: false }),
        () => !cancelled && setState({ url, doc: null, failed: true }),
      );
    return () => {
      cancelled = true;
      // Closes the document (and its worker) whether it is still loading or open.
      void loading?.destroy();
    };
  }, [url]);
  return state?.url === url ? state : { url, doc: null, failed: false };
}

/** A point on the page, 0..1 from its top left corner (the same on every screen). */
export type PagePoint = { x: number; y: number };

/**
 * One page of a PDF, drawn to fit the width it is given, with the presenter's laser pointer over it.
 * `onPoint` (the presenter's) receives where the pointer is on the page, or null when it leaves.
 */
export function PdfPageView(props: {
  doc: PDFDocumentProxy;
  page: number;
  laser: PagePoint | null;
  onPoint?: (point: PagePoint | null) => void;
}) {
  const { t } = useLingui();
  const { doc, page, laser, onPoint } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [rendered, setRendered] = useState<number | null>(null);

  useEffect(() => {
    const element = canvas.current!;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let cancelled = false;
    let running = false;
    let again = false;
    let drawnWidth = 0;
    // One render at a time on the canvas: a resize during a render cancels it and draws again once it
    // has stopped (two renders at once clear each other's drawing when they resize the canvas).
    const render = async () => {
      if (running) {
        again = true;
        task?.cancel();
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const pdfPage = await doc.getPage(page);
          if (cancelled) return;
          const width = element.parentElement!.clientWidth || 640;
          drawnWidth = width;
          const base = pdfPage.getViewport({ scale: 1 });
          const viewport = pdfPage.getViewport({ scale: (width / base.width) * window.devicePixelRatio });
          element.width = Math.round(viewport.width);
          element.height = Math.round(viewport.height);
          task = pdfPage.render({ canvas: element, viewport });
          const drawn = await task.promise.then(
            () => true,
            () => false,
          );
          if (drawn && !again && !cancelled) setRendered(page);
        } while (again && !cancelled);
      } finally {
        running = false;
      }
    };
    void render();
    // Drawn again when the width changes (its first call, at once, finds the width just drawn).
    const resize = new ResizeObserver(() => {
      if ((element.parentElement!.clientWidth || 640) !== drawnWidth) void render();
    });
    resize.observe(element.parentElement!);
    return () => {
      cancelled = true;
      resize.disconnect();
      task?.cancel();
    };
  }, [doc, page]);

  const pointAt = (event: PointerEvent<HTMLElement>): PagePoint => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1),
      y: Math.min(Math.max((event.clientY - rect.top) / rect.height, 0), 1),
    };
  };

  return (
    <Box
      position="relative"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      bg="white"
      onPointerMove={onPoint && ((event) => onPoint(pointAt(event)))}
      onPointerLeave={onPoint && (() => onPoint(null))}
      style={{ touchAction: onPoint ? 'none' : undefined }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={t`Страница ${page} из ${doc.numPages}`}
        data-rendered-page={rendered ?? undefined}
        style={{ width: '100%', display: 'block' }}
      />
      {rendered !== page && (
        <Center position="absolute" inset="0">
          <Spinner role="status" aria-label={t`Загрузка страницы`} />
        </Center>
      )}
      {laser && (
        <Box
          data-testid="laser-pointer"
          position="absolute"
          w="14px"
          h="14px"
          borderRadius="full"
          bg="red.500"
          boxShadow="0 0 10px 4px rgba(239, 68, 68, 0.6)"
          pointerEvents="none"
          style={{ left: `calc(${laser.x * 100}% - 7px)`, top: `calc(${laser.y * 100}% - 7px)` }}
        />
      )}
    </Box>
  );
}

/** Said when the file cannot be opened as a PDF in this browser. */
export function PdfUnreadable() {
  const { t } = useLingui();
  return <Text color="fg.error">{t`Не удалось открыть PDF-файл`}</Text>;
}
