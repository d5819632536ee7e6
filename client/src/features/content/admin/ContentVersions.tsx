import { Suspense, useState } from 'react';
import { Badge, Button, Center, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { ContentVersionsQuery } from '../../../__generated__/ContentVersionsQuery.graphql';
import type {
  ContentVersionsRestoreMutation,
  ContentVersionsRestoreMutation$data,
} from '../../../__generated__/ContentVersionsRestoreMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../i18n/format';
import { mutationErrorText } from '../../../relay/mutationError';
import { STATUS_COLORS, STATUS_LABELS } from '../contentTexts';

const versionsQuery = graphql`
  query ContentVersionsQuery($contentId: ID!) {
    contentVersions(contentId: $contentId) {
      databaseId
      title
      status
      createdAt
      editor {
        firstName
        lastName
      }
    }
  }
`;

const restoreMutation = graphql`
  mutation ContentVersionsRestoreMutation($contentId: ID!, $versionId: Int!) {
    restoreContentVersion(contentId: $contentId, versionId: $versionId) {
      ... on RestoreContentVersionSuccess {
        item {
          id
          title
          slug
          content
          excerpt
          contentType
          status
          category {
            id
            name
          }
          tags {
            id
            name
          }
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

export type RestoredItem = NonNullable<ContentVersionsRestoreMutation$data['restoreContentVersion']['item']>;

/** The item's saved versions, newest first; restoring one saves it again as the newest. */
export function ContentVersions({ contentId, onRestored }: { contentId: string; onRestored: (item: RestoredItem) => void }) {
  const [fetchKey, setFetchKey] = useState(0);
  return (
    <Stack gap="2" data-testid="content-versions">
      <Heading size="sm">
        <Trans>История версий</Trans>
      </Heading>
      <Suspense
        fallback={
          <Center py="4">
            <Spinner size="sm" />
          </Center>
        }
      >
        <VersionList
          contentId={contentId}
          fetchKey={fetchKey}
          onRestored={(item) => {
            setFetchKey((key) => key + 1);
            onRestored(item);
          }}
        />
      </Suspense>
    </Stack>
  );
}

function VersionList({
  contentId,
  fetchKey,
  onRestored,
}: {
  contentId: string;
  fetchKey: number;
  onRestored: (item: RestoredItem) => void;
}) {
  const { t } = useLingui();
  const { contentVersions } = useLazyLoadQuery<ContentVersionsQuery>(
    versionsQuery,
    { contentId },
    { fetchKey, fetchPolicy: 'network-only' },
  );
  const [commitRestore, restoring] = useMutation<ContentVersionsRestoreMutation>(restoreMutation);
  const restore = (versionId: number) =>
    commitRestore({
      variables: { contentId, versionId },
      onCompleted: ({ restoreContentVersion }) => {
        if (restoreContentVersion.error || !restoreContentVersion.item) {
          const fallback = t`Ошибка при восстановлении версии`;
          toaster.create({
            type: 'error',
            title: fallback,
            description: mutationErrorText(restoreContentVersion.error, fallback),
          });
          return;
        }
        toaster.create({ type: 'success', title: t`Версия восстановлена!` });
        onRestored(restoreContentVersion.item);
      },
      onError: () => void toaster.create({ type: 'error', title: t`Ошибка при восстановлении версии` }),
    });
  return (
    <Stack gap="1">
      {contentVersions.map((version, index) => (
        <HStack
          key={version.databaseId}
          justify="space-between"
          borderBottomWidth="1px"
          py="1"
          gap="2"
          data-testid="content-version"
        >
          <Stack gap="0" minW="0">
            <Text fontSize="sm" fontWeight="medium" truncate>
              {version.title}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {formatDateTime(version.createdAt)} ·{' '}
              {version.editor ? `${version.editor.firstName} ${version.editor.lastName}` : '—'}
            </Text>
          </Stack>
          <HStack gap="2" flexShrink={0}>
            <Badge size="sm" colorPalette={STATUS_COLORS[version.status]}>
              {t(STATUS_LABELS[version.status] ?? STATUS_LABELS.DRAFT!)}
            </Badge>
            {index === 0 ? (
              <Text fontSize="xs" color="fg.muted">
                <Trans>текущая</Trans>
              </Text>
            ) : (
              <Button
                size="xs"
                variant="outline"
                loading={restoring}
                onClick={() => restore(version.databaseId)}
                data-testid="content-version-restore"
              >
                <Trans>Восстановить</Trans>
              </Button>
            )}
          </HStack>
        </HStack>
      ))}
    </Stack>
  );
}
