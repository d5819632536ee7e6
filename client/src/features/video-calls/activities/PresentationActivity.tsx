import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight, LocateFixed, Presentation } from 'lucide-react';
import { graphql, useFragment, useMutation, useRelayEnvironment, useSubscription } from 'react-relay/hooks';
import { commitMutation, type GraphQLSubscriptionConfig } from 'relay-runtime';
import type { PresentationActivity_session$key } from '../../../__generated__/PresentationActivity_session.graphql';
import type { PresentationActivityShowMutation } from '../../../__generated__/PresentationActivityShowMutation.graphql';
import type { PresentationActivityPointerMutation } from '../../../__generated__/PresentationActivityPointerMutation.graphql';
import type { PresentationActivityPointerSubscription } from '../../../__generated__/PresentationActivityPointerSubscription.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { AppDialog } from '../../../components/AppDialog';
import { FormError } from '../../../components/FormError';
import { PdfPageView, PdfUnreadable, usePdfDocument, type PagePoint } from '../presentation/PdfPageView';
import { LatestValueSender } from '../presentation/latestValueSender';

const fragment = graphql`
  fragment PresentationActivity_session on ActivitySession {
    id
    viewerIsHost
    presentation {
      fileId
      fileName
      fileUrl
      pageCount
      page
    }
  }
`;

const showMutation = graphql`
  mutation PresentationActivityShowMutation($id: ID!, $page: Int!) {
    showPresentationPage(sessionId: $id, page: $page) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on ActivitySessionPayload {
        session {
          ...RunningActivity_session
        }
      }
    }
  }
`;

const pointerMutation = graphql`
  mutation PresentationActivityPointerMutation($id: ID!, $x: Float, $y: Float) {
    movePresentationPointer(sessionId: $id, x: $x, y: $y) {
      __typename
    }
  }
`;

const pointerSubscription = graphql`
  subscription PresentationActivityPointerSubscription($id: ID!) {
    presentationPointer(sessionId: $id) {
      x
      y
    }
  }
`;

/** At most this often the presenter's pointer is sent (20 a second; the server takes up to 30). */
const POINTER_EVERY_MS = 50;

/**
 * The running presentation in the side panel: a button opens it over the meeting (the whole screen
 * on a phone), where the presenter turns pages and points, and viewers follow.
 */
export function PresentationActivity({ session: key }: { session: PresentationActivity_session$key }) {
  const session = useFragment(fragment, key);
  const [open, setOpen] = useState(false);
  if (!session.presentation) return null;
  return (
    <>
      <Button size="sm" colorPalette="brand" alignSelf="start" onClick={() => setOpen(true)} data-testid="presentation-open">
        <Presentation size={16} aria-hidden="true" />
        {session.viewerIsHost ? <Trans>Открыть презентацию</Trans> : <Trans>Смотреть презентацию</Trans>}
      </Button>
      {open && (
        <AppDialog
          closeButton
          title={session.presentation.fileName}
          onClose={() => setOpen(false)}
          size={{ base: 'full', md: 'xl' }}
          testId="presentation-dialog"
        >
          <PresentationView sessionId={session.id} presenting={session.viewerIsHost} presentation={session.presentation} />
        </AppDialog>
      )}
    </>
  );
}

type Shown = { fileId: string; fileUrl: string; pageCount: number; page: number };

function PresentationView({
  sessionId,
  presenting,
  presentation,
}: {
  sessionId: string;
  presenting: boolean;
  presentation: Shown;
}) {
  const { t } = useLingui();
  // The first link opens the document; a fresher link of the same file later does not reload it.
  const [opened, setOpened] = useState({ fileId: presentation.fileId, url: presentation.fileUrl });
  if (opened.fileId !== presentation.fileId) setOpened({ fileId: presentation.fileId, url: presentation.fileUrl });
  const pdf = usePdfDocument(opened.url);
  const laser = useLaser(sessionId);
  const sendPoint = usePointerSender(sessionId);
  const [commitShow, showing] = useMutation<PresentationActivityShowMutation>(showMutation);
  const [error, setError] = useState<string | null>(null);
  // A viewer follows the presenter until they browse; the presenter always shows their own page.
  const [browsing, setBrowsing] = useState<number | null>(null);
  const presenterPage = presentation.page;
  const page = presenting ? presenterPage : (browsing ?? presenterPage);
  const pageCount = pdf.doc?.numPages ?? presentation.pageCount;

  const show = (next: number) => {
    const fallback = t`Не удалось сменить страницу`;
    commitShow({
      variables: { id: sessionId, page: next },
      onCompleted: ({ showPresentationPage: result }) =>
        setError(result.error ? mutationErrorText(result.error, fallback) : null),
      onError: (failure) => setError(asRequestError(failure)?.message || fallback),
    });
  };
  const go = (next: number) => {
    if (next < 1 || next > pageCount) return;
    if (presenting) show(next);
    else setBrowsing(next === presenterPage ? null : next);
  };

  return (
    <Stack gap="3" data-testid="presentation-view">
      {pdf.failed ? (
        <PdfUnreadable />
      ) : pdf.doc ? (
        <PdfPageView
          doc={pdf.doc}
          page={Math.min(page, pdf.doc.numPages)}
          laser={page === presenterPage ? laser : null}
          onPoint={presenting ? sendPoint : undefined}
        />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          <Trans>Загрузка презентации…</Trans>
        </Text>
      )}
      <HStack justify="space-between" wrap="wrap" gap="2">
        <HStack gap="2">
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t`Предыдущая страница`}
            disabled={page <= 1 || showing}
            onClick={() => go(page - 1)}
            data-testid="presentation-previous"
          >
            <ChevronLeft size={18} />
          </IconButton>
          <Text fontVariantNumeric="tabular-nums" data-testid="presentation-page" data-page={page} aria-live="polite">
            <Trans>
              Страница {page} из {pageCount}
            </Trans>
          </Text>
          <IconButton
            size="sm"
            variant="outline"
            aria-label={t`Следующая страница`}
            disabled={page >= pageCount || showing}
            onClick={() => go(page + 1)}
            data-testid="presentation-next"
          >
            <ChevronRight size={18} />
          </IconButton>
        </HStack>
        {!presenting && page !== presenterPage && (
          <Button size="sm" colorPalette="brand" onClick={() => setBrowsing(null)} data-testid="presentation-follow">
            <LocateFixed size={16} aria-hidden="true" />
            <Trans>К странице ведущего ({presenterPage})</Trans>
          </Button>
        )}
      </HStack>
      {presenting && (
        <Text fontSize="xs" color="fg.muted">
          <Trans>Ведите указателем по странице: все увидят лазерную указку.</Trans>
        </Text>
      )}
      <FormError error={error} fontSize="sm" testId="presentation-error" />
    </Stack>
  );
}

/** The presenter's laser pointer as it reaches this browser (null: hidden). */
function useLaser(sessionId: string): PagePoint | null {
  const [laser, setLaser] = useState<PagePoint | null>(null);
  useSubscription(
    useMemo<GraphQLSubscriptionConfig<PresentationActivityPointerSubscription>>(
      () => ({
        subscription: pointerSubscription,
        variables: { id: sessionId },
        onNext: (data) => {
          const pointer = data?.presentationPointer;
          setLaser(pointer && pointer.x != null && pointer.y != null ? { x: pointer.x, y: pointer.y } : null);
        },
        onError: () => setLaser(null),
      }),
      [sessionId],
    ),
  );
  return laser;
}

/**
 * Sends the presenter's pointer: the latest position at most every POINTER_EVERY_MS, one request at
 * a time (two in flight may reach the room in the other order, each waiting on the database before
 * it is relayed, and the viewers' laser would stop at an older position). Stopped when the page goes.
 */
function usePointerSender(sessionId: string) {
  const environment = useRelayEnvironment();
  const sender = useMemo(
    () =>
      new LatestValueSender<PagePoint | null>(
        POINTER_EVERY_MS,
        (point) =>
          new Promise((settle) =>
            commitMutation<PresentationActivityPointerMutation>(environment, {
              mutation: pointerMutation,
              variables: { id: sessionId, x: point?.x ?? null, y: point?.y ?? null },
              onCompleted: settle,
              onError: settle,
            }),
          ),
      ),
    [environment, sessionId],
  );
  useEffect(() => {
    sender.start();
    return () => sender.stop();
  }, [sender]);
  return useCallback((point: PagePoint | null) => sender.give(point), [sender]);
}
