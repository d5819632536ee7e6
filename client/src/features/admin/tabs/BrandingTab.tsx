import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, Heading, HStack, Image, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, Trash2, Upload, X } from 'lucide-react';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { BrandingTabQuery } from '../../../__generated__/BrandingTabQuery.graphql';
import type { BrandingKind, BrandingTabUploadMutation } from '../../../__generated__/BrandingTabUploadMutation.graphql';
import type { BrandingTabDeleteMutation } from '../../../__generated__/BrandingTabDeleteMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import type { AdminTabProps } from '../adminTabs';

const brandingTabQuery = graphql`
  query BrandingTabQuery {
    branding {
      logoUrl
      faviconUrl
      bottomLogoUrl
    }
  }
`;

const uploadMutation = graphql`
  mutation BrandingTabUploadMutation($kind: BrandingKind!, $file: File) {
    uploadBrandingImage(kind: $kind, file: $file) {
      __typename
      ... on BrandingChangeSuccess {
        branding {
          logoUrl
          faviconUrl
          bottomLogoUrl
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation BrandingTabDeleteMutation($kind: BrandingKind!) {
    deleteBrandingImage(kind: $kind) {
      __typename
      ... on BrandingChangeSuccess {
        branding {
          logoUrl
          faviconUrl
          bottomLogoUrl
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The spec's limits (section 5); the server checks them again, by content. */
const MAX_BYTES = 15_728_640;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'];
const FAVICON_TYPES = ['image/x-icon', 'image/vnd.microsoft.icon', 'image/png', 'image/jpeg', 'image/jpg', 'image/gif'];

type BrandingSlot = {
  kind: BrandingKind;
  title: MessageDescriptor;
  types: string[];
  typeError: MessageDescriptor;
  missing: MessageDescriptor;
  testId: string;
};

const CARDS: BrandingSlot[] = [
  {
    kind: 'LOGO',
    title: msg`Логотип сайта`,
    types: LOGO_TYPES,
    typeError: msg`Поддерживаются только форматы: PNG, JPEG, SVG, WebP`,
    missing: msg`Сначала выберите файл логотипа`,
    testId: 'branding-logo',
  },
  {
    kind: 'FAVICON',
    title: msg`Фавикон`,
    types: FAVICON_TYPES,
    typeError: msg`Поддерживаются только форматы: ICO, PNG, JPEG, GIF`,
    missing: msg`Сначала выберите файл фавикона`,
    testId: 'branding-favicon',
  },
  {
    kind: 'BOTTOM_LOGO',
    title: msg`Нижний логотип страницы авторизации`,
    types: LOGO_TYPES,
    typeError: msg`Поддерживаются только форматы: PNG, JPEG, SVG, WebP`,
    missing: msg`Сначала выберите файл логотипа`,
    testId: 'branding-bottom-logo',
  },
];

type BrandingPayload = 'uploadBrandingImage' | 'deleteBrandingImage';

/** The branding has no id: the query's root record takes the images the mutation answered (header, footer, favicon follow). */
const brandingUpdater = (field: BrandingPayload) => (store: RecordSourceSelectorProxy) => {
  const branding = store.getRootField(field)?.getLinkedRecord('branding');
  if (branding) store.getRoot().setLinkedRecord(branding, 'branding');
};

/** The chosen file's size in MB, two decimals, written as the language writes numbers (0,25 in French). */
const megabytes = (bytes: number, locale: string) =>
  (bytes / 1_048_576).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The chosen file: its name and size in MB (the language's unit and decimal mark). */
function ChosenFile({ file, testId }: { file: File; testId: string }) {
  const { i18n } = useLingui();
  const name = file.name;
  const size = megabytes(file.size, i18n.locale);
  return (
    <Text fontSize="sm" data-testid={testId} wordBreak="break-all">
      <Trans>
        {name} ({size} МБ)
      </Trans>
    </Text>
  );
}

function BrandingCard({ card, currentUrl }: { card: BrandingSlot; currentUrl: string | null }) {
  const { t, i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [commitUpload, uploading] = useMutation<BrandingTabUploadMutation>(uploadMutation);
  const [commitDelete, deleting] = useMutation<BrandingTabDeleteMutation>(deleteMutation);
  const isFavicon = card.kind === 'FAVICON';

  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const fail = (title: string) => {
    toaster.create({ type: 'error', title });
  };

  const clear = () => {
    setFile(null);
    setUploaded(false);
    if (input.current) input.current.value = '';
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (chosen.size > MAX_BYTES) return fail(t`Размер файла не должен превышать 15 МБ`);
    if (!card.types.includes(chosen.type)) return fail(i18n._(card.typeError));
    setUploaded(false);
    setFile(chosen);
  };

  const upload = () => {
    if (!file) return fail(i18n._(card.missing));
    commitUpload({
      variables: { kind: card.kind, file: null },
      uploadables: { file },
      updater: brandingUpdater('uploadBrandingImage'),
      onCompleted: ({ uploadBrandingImage: result }) => {
        if (result.__typename !== 'BrandingChangeSuccess') {
          const detail = mutationErrorText(result.error, t`неизвестная ошибка`);
          return fail(isFavicon ? t`Ошибка загрузки фавикона: ${detail}` : t`Ошибка загрузки логотипа: ${detail}`);
        }
        setUploaded(true);
        if (input.current) input.current.value = '';
      },
      onError: () => fail(isFavicon ? t`Ошибка загрузки фавикона` : t`Ошибка загрузки логотипа`),
    });
  };

  const remove = () =>
    commitDelete({
      variables: { kind: card.kind },
      updater: brandingUpdater('deleteBrandingImage'),
      onCompleted: ({ deleteBrandingImage: result }) => {
        setConfirming(false);
        if (result.__typename !== 'BrandingChangeSuccess') {
          return fail(isFavicon ? t`Ошибка удаления фавикона` : t`Ошибка удаления логотипа`);
        }
        clear();
      },
      onError: () => {
        setConfirming(false);
        fail(isFavicon ? t`Ошибка удаления фавикона` : t`Ошибка удаления логотипа`);
      },
    });

  const shown = uploaded ? currentUrl : (preview ?? currentUrl);

  return (
    <Card.Root size="sm" data-testid={card.testId}>
      <Card.Header>
        <Heading size="sm">{i18n._(card.title)}</Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          <Box
            h="24"
            rounded="md"
            borderWidth="1px"
            borderStyle="dashed"
            display="flex"
            alignItems="center"
            justifyContent="center"
            bg="bg.muted"
          >
            {shown ? (
              <Image src={shown} alt="" maxH="20" maxW="full" objectFit="contain" data-testid={`${card.testId}-preview`} />
            ) : (
              <Text fontSize="sm" color="fg.muted">
                <Trans>Используется изображение по умолчанию</Trans>
              </Text>
            )}
          </Box>
          <input
            ref={input}
            type="file"
            hidden
            accept={card.types.join(',')}
            onChange={(event) => choose(event.target.files?.[0])}
            data-testid={`${card.testId}-input`}
          />
          {file && !uploaded && <ChosenFile file={file} testId={`${card.testId}-selected`} />}
          {uploaded && (
            <HStack color="green.fg" fontSize="sm" data-testid={`${card.testId}-uploaded`}>
              <CheckCircle2 size={16} aria-hidden="true" />
              <Text>{isFavicon ? <Trans>Фавикон загружен</Trans> : <Trans>Логотип загружен</Trans>}</Text>
            </HStack>
          )}
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
              <Trans>Выбрать файл</Trans>
            </Button>
            <Button size="sm" colorPalette="brand" onClick={upload} loading={uploading} data-testid={`${card.testId}-upload`}>
              <Upload size={14} aria-hidden="true" />
              <Trans>Загрузить</Trans>
            </Button>
            {(file || uploaded) && (
              <Button size="sm" variant="ghost" onClick={clear}>
                <X size={14} aria-hidden="true" />
                <Trans>Очистить</Trans>
              </Button>
            )}
            {currentUrl && (
              <Button
                size="sm"
                variant="ghost"
                colorPalette="red"
                onClick={() => setConfirming(true)}
                data-testid={`${card.testId}-delete`}
              >
                <Trash2 size={14} aria-hidden="true" />
                <Trans>Удалить</Trans>
              </Button>
            )}
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={isFavicon ? <Trans>Удалить фавикон?</Trans> : <Trans>Удалить логотип?</Trans>}
        confirmLabel={<Trans>Удалить</Trans>}
        destructive
        loading={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <Trans>Вместо него будет показано изображение по умолчанию.</Trans>
      </ConfirmDialog>
    </Card.Root>
  );
}

/** The branding tab (spec section 2, "Branding"): logo, favicon and bottom logo, each with preview, upload and delete. */
export default function BrandingTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<BrandingTabQuery>(brandingTabQuery, queryRef as PreloadedQuery<BrandingTabQuery>);
  const { logoUrl, faviconUrl, bottomLogoUrl } = data.branding;
  const current: Partial<Record<BrandingKind, string | null>> = {
    LOGO: logoUrl,
    FAVICON: faviconUrl,
    BOTTOM_LOGO: bottomLogoUrl,
  };
  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        {CARDS.map((card) => (
          <BrandingCard key={card.kind} card={card} currentUrl={current[card.kind] ?? null} />
        ))}
      </SimpleGrid>
      <Card.Root size="sm">
        <Card.Header>
          <Heading size="sm">
            <Trans>Рекомендации</Trans>
          </Heading>
        </Card.Header>
        <Card.Body>
          <List.Root gap="1" fontSize="sm" ps="4">
            <List.Item>
              <Trans>Логотип: 200×50 px, PNG, JPEG, SVG или WebP, не более 15 МБ.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Фавикон: 32×32 px, ICO, PNG, JPEG или GIF, не более 15 МБ.</Trans>
            </List.Item>
            <List.Item>
              <Trans>Изменения видны всем посетителям сразу, без пересборки сайта.</Trans>
            </List.Item>
          </List.Root>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
