import { Suspense, useRef, useState } from 'react';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Presentation, Upload as UploadIcon } from 'lucide-react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { PresentationSetupDialogQuery } from '../../../__generated__/PresentationSetupDialogQuery.graphql';
import type { PresentationSetupDialogMutation } from '../../../__generated__/PresentationSetupDialogMutation.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { formatFileSize } from '../../messenger/fileSize';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { FormError } from '../../../components/FormError';
import { useRoomFileUpload } from '../files/useRoomFileUpload';
import { PdfUnreadable, usePdfDocument } from './PdfPageView';

const filesQuery = graphql`
  query PresentationSetupDialogQuery($roomId: ID!) {
    room: node(id: $roomId) {
      ... on Room {
        databaseId
      }
    }
    roomFiles(roomId: $roomId) {
      id
      name
      size
      mimeType
      downloadUrl
    }
  }
`;

const launchMutation = graphql`
  mutation PresentationSetupDialogMutation($roomId: ID!, $presentation: PresentationSetupInput!) {
    launchActivity(roomId: $roomId, kind: PRESENTATION, presentation: $presentation) {
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

/**
 * The presenter picks one of the room's PDFs, or uploads one to the room's files here. pdf.js opens it here first:
 * its page count goes with the launch, and a file it cannot read is said before anyone else sees it.
 * The server checks the file's content is a PDF whatever its name.
 */
export function PresentationSetupDialog(props: { roomId: string; onClose: () => void }) {
  // The room's files load inside: the activities tab behind stays as it is meanwhile.
  return (
    <Suspense fallback={null}>
      <ChoosePdf {...props} />
    </Suspense>
  );
}

function ChoosePdf({ roomId, onClose }: { roomId: string; onClose: () => void }) {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<PresentationSetupDialogQuery>(
    filesQuery,
    { roomId },
    { fetchKey, fetchPolicy: 'store-and-network' },
  );
  const pdfs = data.roomFiles.filter((file) => file.mimeType === 'application/pdf');
  // Null: the newest PDF (the one just uploaded, once the list is read again).
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = pdfs.find((file) => file.id === chosenId) ?? pdfs[0] ?? null;
  const input = useRef<HTMLInputElement>(null);
  const upload = useRoomFileUpload(data.room?.databaseId, () => {
    setChosenId(null);
    setFetchKey((key) => key + 1);
  });
  const pdf = usePdfDocument(chosen?.downloadUrl ?? null);
  const [error, setError] = useState<string | null>(null);
  const [commit, launching] = useMutation<PresentationSetupDialogMutation>(launchMutation);

  const launch = () => {
    if (!chosen || !pdf.doc) return;
    const fallback = t`Не удалось запустить презентацию`;
    commit({
      variables: { roomId, presentation: { fileId: chosen.id, pageCount: pdf.doc.numPages } },
      onCompleted: ({ launchActivity: result }) => {
        if (result.error) setError(mutationErrorText(result.error, fallback));
        else onClose();
      },
      onError: (failure) => setError(asRequestError(failure)?.message || fallback),
    });
  };

  return (
    <AppDialog
      closeButton
      title={t`Презентация`}
      onClose={onClose}
      testId="presentation-setup"
      footer={
        <DialogActions
          onCancel={onClose}
          label={t`Начать показ`}
          icon={<Presentation size={16} aria-hidden="true" />}
          onClick={launch}
          loading={launching || (chosen !== null && !pdf.doc && !pdf.failed)}
          disabled={!pdf.doc}
          testId="presentation-launch"
        />
      }
    >
      <Stack gap="3">
        {pdfs.length === 0 ? (
          <Text fontSize="sm" data-testid="presentation-no-pdf">
            <Trans>В файлах комнаты пока нет PDF: загрузите его.</Trans>
          </Text>
        ) : (
          <Stack gap="1" role="radiogroup" aria-label={t`PDF-файл для показа`}>
            <Text fontSize="sm">
              <Trans>Выберите PDF из файлов комнаты:</Trans>
            </Text>
            {pdfs.map((file) => (
              <label key={file.id} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
                <input
                  type="radio"
                  name="presentation-file"
                  checked={file.id === chosen?.id}
                  onChange={() => {
                    setChosenId(file.id);
                    setError(null);
                  }}
                  data-testid="presentation-file"
                  data-file-name={file.name}
                />
                <Text as="span" truncate title={file.name}>
                  {file.name}
                </Text>
                <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
                  {formatFileSize(file.size)}
                </Text>
              </label>
            ))}
          </Stack>
        )}
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          data-testid="presentation-upload-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.start(file);
          }}
        />
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() => input.current?.click()}
          loading={!!upload.progress}
          loadingText={upload.progress ? `${upload.progress.name}: ${upload.percent}%` : undefined}
          data-testid="presentation-upload"
        >
          <UploadIcon size={16} aria-hidden="true" />
          <Trans>Загрузить PDF в файлы комнаты</Trans>
        </Button>
        <FormError error={upload.error} fontSize="sm" />
        {pdf.doc && (
          <Text fontSize="sm" color="fg.muted" data-testid="presentation-page-total">
            <Trans>Страниц: {pdf.doc.numPages}</Trans>
          </Text>
        )}
        {pdf.failed && <PdfUnreadable />}
        <FormError error={error} fontSize="sm" testId="presentation-setup-error" />
      </Stack>
    </AppDialog>
  );
}
