import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Card, Heading, HStack, IconButton, Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ImagePlus, Plus, Trash2 } from 'lucide-react';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { LandingTabQuery } from '../../../__generated__/LandingTabQuery.graphql';
import type { LandingTabSaveMutation } from '../../../__generated__/LandingTabSaveMutation.graphql';
import type { LandingTabUploadMutation } from '../../../__generated__/LandingTabUploadMutation.graphql';
import type { LandingTabStartPageMutation } from '../../../__generated__/LandingTabStartPageMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { LandingView } from '../../landing/LandingView';
import type { AdminTabProps } from '../adminTabs';
import { Field } from '../../../components/ui/field';

/** The server's limits (services/landing.ts), so the form stops where the server would refuse. */
const LIMITS = { title: 255, subtitle: 255, description: 5000, feature: 200, features: 20, ctaText: 100, ctaLink: 500 };

const landingTabQuery = graphql`
  query LandingTabQuery {
    landingPage {
      title
      subtitle
      description
      heroImage
      features
      ctaText
      ctaLink
    }
    interfaceSettings {
      startPageEnabled
    }
  }
`;

const saveMutation = graphql`
  mutation LandingTabSaveMutation($input: LandingPageInput!) {
    saveLandingPage(input: $input) {
      __typename
      ... on SaveLandingPageSuccess {
        landingPage {
          title
          subtitle
          description
          heroImage
          features
          ctaText
          ctaLink
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const uploadMutation = graphql`
  mutation LandingTabUploadMutation($file: File) {
    uploadLandingImage(file: $file) {
      __typename
      ... on UploadLandingImageSuccess {
        imageUrl
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const startPageMutation = graphql`
  mutation LandingTabStartPageMutation($enabled: Boolean!) {
    setStartPageEnabled(enabled: $enabled) {
      __typename
      ... on SetStartPageEnabledSuccess {
        interfaceSettings {
          startPageEnabled
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Draft = {
  title: string;
  subtitle: string;
  description: string;
  heroImage: string | null;
  features: string[];
  ctaText: string;
  ctaLink: string;
};

/** A link the server accepts: a path of this site or an http(s) address (the same rule as services/landing.ts). */
function isAllowedLink(link: string) {
  if (/\s|\\/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function move<T>(list: T[], from: number, to: number) {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The landing editor (spec section 2, "Admin landing editor"): the page's fields, a live preview, the start-page switch. */
export default function LandingTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<LandingTabQuery>(landingTabQuery, queryRef as PreloadedQuery<LandingTabQuery>);
  const page = data.landingPage;
  const [draft, setDraft] = useState<Draft>({
    title: page.title,
    subtitle: page.subtitle ?? '',
    description: page.description ?? '',
    heroImage: page.heroImage ?? null,
    features: [...page.features],
    ctaText: page.ctaText,
    ctaLink: page.ctaLink,
  });
  const [newFeature, setNewFeature] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const [commitSave, saving] = useMutation<LandingTabSaveMutation>(saveMutation);
  const [commitUpload, uploading] = useMutation<LandingTabUploadMutation>(uploadMutation);
  const [commitStartPage, switching] = useMutation<LandingTabStartPageMutation>(startPageMutation);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const linkInvalid = draft.ctaLink.trim() !== '' && !isAllowedLink(draft.ctaLink.trim());
  const titleMissing = draft.title.trim() === '';

  const fail = (title: string) => {
    toaster.create({ type: 'error', title });
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    commitSave({
      variables: {
        input: {
          title: draft.title,
          subtitle: draft.subtitle,
          description: draft.description,
          heroImage: draft.heroImage ?? '',
          features: draft.features,
          ctaText: draft.ctaText,
          ctaLink: draft.ctaLink,
        },
      },
      onCompleted: ({ saveLandingPage: result }) => {
        if (result.__typename !== 'SaveLandingPageSuccess') {
          return fail(t`Ошибка при сохранении стартовой страницы: ${mutationErrorText(result.error, t`неизвестная ошибка`)}`);
        }
        const saved = result.landingPage!;
        setDraft({
          title: saved.title,
          subtitle: saved.subtitle ?? '',
          description: saved.description ?? '',
          heroImage: saved.heroImage ?? null,
          features: [...saved.features],
          ctaText: saved.ctaText,
          ctaLink: saved.ctaLink,
        });
        toaster.create({ type: 'success', title: t`Стартовая страница сохранена!` });
      },
      onError: () => fail(t`Ошибка при сохранении стартовой страницы`),
    });
  };

  const upload = (file: File) => {
    commitUpload({
      variables: { file: null },
      uploadables: { file },
      onCompleted: ({ uploadLandingImage: result }) => {
        if (result.__typename !== 'UploadLandingImageSuccess') {
          return fail(t`Ошибка при загрузке изображения: ${mutationErrorText(result.error, t`неизвестная ошибка`)}`);
        }
        set('heroImage', result.imageUrl!);
        toaster.create({ type: 'success', title: t`Изображение загружено!` });
      },
      onError: () => fail(t`Ошибка при загрузке изображения`),
    });
  };

  const switchStartPage = (enabled: boolean) =>
    commitStartPage({
      variables: { enabled },
      // The settings have no id: the query's record is updated here (optimistically, then as saved).
      optimisticUpdater: (store) => store.getRoot().getLinkedRecord('interfaceSettings')?.setValue(enabled, 'startPageEnabled'),
      updater: (store, response) => {
        const result = response?.setStartPageEnabled;
        if (result?.__typename !== 'SetStartPageEnabledSuccess') return;
        store
          .getRoot()
          .getLinkedRecord('interfaceSettings')
          ?.setValue(result.interfaceSettings!.startPageEnabled, 'startPageEnabled');
      },
      onCompleted: ({ setStartPageEnabled: result }) => {
        if (result.__typename !== 'SetStartPageEnabledSuccess') {
          return fail(mutationErrorText(result.error, t`Ошибка сохранения настроек`));
        }
        toaster.create({
          type: 'success',
          title: enabled ? t`Стартовая страница включена` : t`Стартовая страница выключена`,
        });
      },
      onError: () => fail(t`Ошибка сохранения настроек`),
    });

  const addFeature = () => {
    const feature = newFeature.trim();
    if (!feature || draft.features.length >= LIMITS.features) return;
    set('features', [...draft.features, feature]);
    setNewFeature('');
  };

  return (
    <Stack gap="6">
      <Card.Root size="sm">
        <Card.Body>
          <Switch.Root
            checked={data.interfaceSettings.startPageEnabled}
            disabled={switching}
            onCheckedChange={(details) => switchStartPage(details.checked)}
            data-testid="start-page-switch"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <Trans>Стартовая страница включена</Trans>
            </Switch.Label>
          </Switch.Root>
          <Text fontSize="sm" color="fg.muted" mt="2">
            <Trans>Когда включено, посетители без входа видят эту страницу по адресу / вместо страницы входа.</Trans>
          </Text>
        </Card.Body>
      </Card.Root>

      <Stack direction={{ base: 'column', xl: 'row' }} gap="6" align="stretch">
        <Box asChild flex="1" minW="0">
          <form onSubmit={save} data-testid="landing-editor" noValidate>
            <Stack gap="4">
              <Field label={<Trans>Заголовок</Trans>} errorText={titleMissing && <Trans>Введите заголовок</Trans>} required>
                <Input
                  value={draft.title}
                  maxLength={LIMITS.title}
                  onChange={(e) => set('title', e.target.value)}
                  data-testid="landing-title-input"
                />
              </Field>
              <Field label={<Trans>Подзаголовок</Trans>}>
                <Input
                  value={draft.subtitle}
                  maxLength={LIMITS.subtitle}
                  onChange={(e) => set('subtitle', e.target.value)}
                  data-testid="landing-subtitle-input"
                />
              </Field>
              <Field label={<Trans>Описание</Trans>}>
                <Textarea
                  value={draft.description}
                  maxLength={LIMITS.description}
                  rows={4}
                  onChange={(e) => set('description', e.target.value)}
                  data-testid="landing-description-input"
                />
              </Field>

              <Stack gap="2">
                <Text fontWeight="medium" fontSize="sm">
                  <Trans>Главное изображение</Trans>
                </Text>
                <HStack gap="2" wrap="wrap">
                  <input
                    ref={fileInput}
                    type="file"
                    accept="image/jpeg,image/png,image/gif,image/webp"
                    hidden
                    data-testid="landing-image-input"
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) upload(file);
                      e.target.value = '';
                    }}
                  />
                  <Button size="sm" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()}>
                    <ImagePlus />
                    <Trans>Загрузить изображение</Trans>
                  </Button>
                  {draft.heroImage && (
                    <Button size="sm" variant="ghost" colorPalette="red" onClick={() => set('heroImage', null)}>
                      <Trash2 />
                      <Trans>Убрать изображение</Trans>
                    </Button>
                  )}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  <Trans>JPG, PNG, GIF или WebP, не более 10 МБ</Trans>
                </Text>
              </Stack>

              <Stack gap="2">
                <Text fontWeight="medium" fontSize="sm">
                  <Trans>Возможности</Trans>
                </Text>
                <Stack gap="2" data-testid="landing-features-editor">
                  {draft.features.map((feature, index) => (
                    <HStack key={index} gap="1">
                      <Input
                        size="sm"
                        value={feature}
                        maxLength={LIMITS.feature}
                        aria-label={t`Возможность ${index + 1}`}
                        onChange={(e) =>
                          set(
                            'features',
                            draft.features.map((item, i) => (i === index ? e.target.value : item)),
                          )
                        }
                      />
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t`Выше`}
                        disabled={index === 0}
                        onClick={() => set('features', move(draft.features, index, index - 1))}
                      >
                        <ArrowUp />
                      </IconButton>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={t`Ниже`}
                        disabled={index === draft.features.length - 1}
                        onClick={() => set('features', move(draft.features, index, index + 1))}
                      >
                        <ArrowDown />
                      </IconButton>
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t`Удалить`}
                        onClick={() =>
                          set(
                            'features',
                            draft.features.filter((_, i) => i !== index),
                          )
                        }
                      >
                        <Trash2 />
                      </IconButton>
                    </HStack>
                  ))}
                  <HStack gap="1">
                    <Input
                      size="sm"
                      value={newFeature}
                      maxLength={LIMITS.feature}
                      placeholder={t`Новая возможность`}
                      aria-label={t`Новая возможность`}
                      disabled={draft.features.length >= LIMITS.features}
                      onChange={(e) => setNewFeature(e.target.value)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') {
                          e.preventDefault();
                          addFeature();
                        }
                      }}
                    />
                    <IconButton
                      size="sm"
                      variant="outline"
                      aria-label={t`Добавить возможность`}
                      disabled={!newFeature.trim() || draft.features.length >= LIMITS.features}
                      onClick={addFeature}
                    >
                      <Plus />
                    </IconButton>
                  </HStack>
                </Stack>
              </Stack>

              <Stack direction={{ base: 'column', md: 'row' }} gap="4">
                <Field label={<Trans>Текст кнопки</Trans>}>
                  <Input
                    value={draft.ctaText}
                    maxLength={LIMITS.ctaText}
                    onChange={(e) => set('ctaText', e.target.value)}
                    data-testid="landing-cta-text-input"
                  />
                </Field>
                <Field
                  label={<Trans>Ссылка кнопки</Trans>}
                  errorText={linkInvalid && <Trans>Путь на сайте (например, /register) или адрес http(s)://</Trans>}
                >
                  <Input
                    value={draft.ctaLink}
                    maxLength={LIMITS.ctaLink}
                    placeholder="/register"
                    onChange={(e) => set('ctaLink', e.target.value)}
                    data-testid="landing-cta-link-input"
                  />
                </Field>
              </Stack>

              <Box>
                <Button
                  type="submit"
                  colorPalette="brand"
                  loading={saving}
                  disabled={titleMissing || linkInvalid}
                  data-testid="landing-save"
                >
                  <Trans>Сохранить</Trans>
                </Button>
              </Box>
            </Stack>
          </form>
        </Box>

        <Stack flex="1" minW="0" gap="2">
          <Heading as="h3" size="sm" color="fg.muted">
            <Trans>Предпросмотр</Trans>
          </Heading>
          <Box borderWidth="1px" borderRadius="lg" overflow="hidden" inert>
            <LandingView
              preview
              content={{
                title: draft.title.trim() || t`Заголовок`,
                subtitle: draft.subtitle.trim() || null,
                description: draft.description.trim() || null,
                heroImage: draft.heroImage,
                features: draft.features.map((feature) => feature.trim()).filter(Boolean),
                ctaText: draft.ctaText.trim() || t`Начать`,
                ctaLink: draft.ctaLink.trim() || '/register',
              }}
            />
          </Box>
        </Stack>
      </Stack>
    </Stack>
  );
}
