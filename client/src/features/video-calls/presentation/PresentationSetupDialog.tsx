import { Suspense, useState } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Presentation } from 'lucide-react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { PresentationSetupDialogQuery } from '../../../__generated__/PresentationSetupDialogQuery.graphql';
import type { PresentationSetupDialogMutation } from '../../../__generated__/PresentationSetupDialogMutation.graphql';
import { asRequestError } from '../../../relay/errors';
import { mutationErrorText } from '../../../relay/mutationError';
import { formatFileSize } from '../../messenger/fileSize';
import { DialogActions, MeetingDialog } from '../MeetingDialog';
import { PdfUnreadable, usePdfDocument } from './PdfPageView';

const filesQuery = graphql`
  query PresentationSetupDialogQuery($roomId: ID!) {
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
 * The presenter picks one of the room's PDFs (uploaded in the files tab). pdf.js opens it here first:
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
  const data = useLazyLoadQuery<PresentationSetupDialogQuery>(filesQuery, { roomId }, { fetchPolicy: 'network-only' });
  const pdfs = data.roomFiles.filter((file) => file.mimeType === 'application/pdf');
  const [chosenId, setChosenId] = useState<string | null>(pdfs[0]?.id ?? null);
  const chosen = pdfs.find((file) => file.id === chosenId) ?? null;
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
    <MeetingDialog
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
            <Trans>В файлах комнаты нет PDF. Загрузите PDF на вкладке «Файлы», затем вернитесь сюда.</Trans>
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
                  checked={file.id === chosenId}
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
        {pdf.doc && (
          <Text fontSize="sm" color="fg.muted" data-testid="presentation-page-total">
            <Trans>Страниц: {pdf.doc.numPages}</Trans>
          </Text>
        )}
        {pdf.failed && <PdfUnreadable />}
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="presentation-setup-error">
            {error}
          </Text>
        )}
      </Stack>
    </MeetingDialog>
  );
}
