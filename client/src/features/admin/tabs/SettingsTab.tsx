import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Card, Field, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Eraser, RotateCcw, Save, Trash2, XCircle } from 'lucide-react';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { SettingsTabQuery } from '../../../__generated__/SettingsTabQuery.graphql';
import type {
  SettingsTabSaveMutation,
  SettingsTabSaveMutation$data,
} from '../../../__generated__/SettingsTabSaveMutation.graphql';
import type { SettingsTabClearCacheMutation } from '../../../__generated__/SettingsTabClearCacheMutation.graphql';
import type { SettingsTabClearAllMutation } from '../../../__generated__/SettingsTabClearAllMutation.graphql';
import type { SettingsTabResetTourMutation } from '../../../__generated__/SettingsTabResetTourMutation.graphql';
import { browserFlags } from '../../../app/browserFlags';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { useTimedNotice } from '../../../components/useTimedNotice';
import { fieldErrorMap, mutationErrorText, readMutationError } from '../../../relay/mutationError';
import type { AdminTabProps } from '../adminTabs';

const settingsTabQuery = graphql`
  query SettingsTabQuery {
    systemSettings {
      key
      value
      description
    }
    interfaceSettings {
      startPageEnabled
      tourEnabled
    }
  }
`;

const saveMutation = graphql`
  mutation SettingsTabSaveMutation($settings: [SystemSettingInput!]!) {
    saveSystemSettings(settings: $settings) {
      __typename
      ... on SaveSystemSettingsSuccess {
        message
        settings {
          key
          value
          description
        }
        interfaceSettings {
          siteName
          defaultLanguage
          registrationOpen
          startPageEnabled
          tourEnabled
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const clearCacheMutation = graphql`
  mutation SettingsTabClearCacheMutation($cacheType: String!) {
    clearCache(cacheType: $cacheType) {
      __typename
      ... on CachesCleared {
        message
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const clearAllMutation = graphql`
  mutation SettingsTabClearAllMutation {
    clearAllCaches {
      __typename
      ... on CachesCleared {
        message
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const resetTourMutation = graphql`
  mutation SettingsTabResetTourMutation {
    resetTourForAll {
      __typename
      ... on ResetTourSuccess {
        message
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Setting = { key: string; value: string; description?: string | null };
type Notice = { type: 'success' | 'error'; text: string };

/**
 * The saved settings replace the query's lists (they have no ids): the settings list, and the public
 * interface settings every page reads (the header's site name, the start page, the tour).
 */
function storeSaved(store: RecordSourceSelectorProxy<SettingsTabSaveMutation$data>) {
  const payload = store.getRootField('saveSystemSettings');
  if (payload?.getValue('__typename') !== 'SaveSystemSettingsSuccess') return;
  const root = store.getRoot();
  root.setLinkedRecords(payload.getLinkedRecords('settings') ?? [], 'systemSettings');
  const saved = payload.getLinkedRecord('interfaceSettings');
  const current = root.getLinkedRecord('interfaceSettings');
  if (!saved || !current) return;
  for (const field of ['siteName', 'defaultLanguage', 'registrationOpen', 'startPageEnabled', 'tourEnabled']) {
    current.setValue(saved.getValue(field), field);
  }
}

/** One text input per setting (spec: key, value, description) and one save for all of them. */
function SystemSettingsCard({ settings }: { settings: readonly Setting[] }) {
  const { t } = useLingui();
  // Only what the admin typed: the rest follows the store (the interface card's switches save too).
  const [edits, setEdits] = useState<Record<string, string>>({});
  const valueOf = (setting: Setting) => edits[setting.key] ?? setting.value;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, showNotice] = useTimedNotice<Notice>();
  const [commit, saving] = useMutation<SettingsTabSaveMutation>(saveMutation);

  const save = (event: FormEvent) => {
    event.preventDefault();
    commit({
      variables: { settings: settings.map((setting) => ({ key: setting.key, value: valueOf(setting) })) },
      updater: storeSaved,
      onCompleted: ({ saveSystemSettings: result }) => {
        if (result.__typename !== 'SaveSystemSettingsSuccess') {
          setErrors(fieldErrorMap(result.error));
          return showNotice({ type: 'error', text: mutationErrorText(result.error, t`Ошибка сохранения настроек`) });
        }
        setErrors({});
        setEdits({});
        showNotice({ type: 'success', text: t`Настройки успешно сохранены!` });
      },
      onError: () => showNotice({ type: 'error', text: t`Ошибка сохранения настроек` }),
    });
  };

  return (
    <Card.Root data-testid="system-settings-card">
      <Card.Header>
        <Heading as="h3" size="md">
          <Trans>Системные настройки</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={save} noValidate>
          <Stack gap="4">
            {settings.map((setting) => (
              <Field.Root key={setting.key} invalid={!!errors[setting.key]} data-testid={`setting-${setting.key}`}>
                <Field.Label fontFamily="mono" fontSize="sm">
                  {setting.key}
                </Field.Label>
                <Input
                  value={valueOf(setting)}
                  onChange={(e) => setEdits((current) => ({ ...current, [setting.key]: e.target.value }))}
                  data-testid={`setting-input-${setting.key}`}
                />
                {setting.description && <Field.HelperText>{setting.description}</Field.HelperText>}
                {errors[setting.key] && <Field.ErrorText>{errors[setting.key]}</Field.ErrorText>}
              </Field.Root>
            ))}
            {notice && (
              <Alert.Root status={notice.type} data-testid="settings-notice">
                <Alert.Indicator />
                <Alert.Title>{notice.text}</Alert.Title>
              </Alert.Root>
            )}
            <Box>
              <Button type="submit" colorPalette="brand" loading={saving} data-testid="settings-save">
                <Save />
                <Trans>Сохранить настройки</Trans>
              </Button>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

function FlagSwitch({
  checked,
  onChange,
  label,
  hint,
  testId,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Stack gap="1">
      <Switch.Root checked={checked} disabled={disabled} onCheckedChange={(d) => onChange(d.checked)} data-testid={testId}>
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{label}</Switch.Label>
      </Switch.Root>
      {hint && (
        <Text fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The interface card (spec: two browser-only toggles, "reset tour for all", "disable tour forever"),
 * plus the server's defaults for every browser.
 */
function InterfaceCard({ site }: { site: { startPageEnabled: boolean; tourEnabled: boolean } }) {
  const { t } = useLingui();
  const [tourHere, setTourHere] = useState(() => !browserFlags.tourDisabled());
  const [startPageHere, setStartPageHere] = useState<boolean | null>(() => browserFlags.startPageEnabled());
  const [confirmReset, setConfirmReset] = useState(false);
  const [commitSave, saving] = useMutation<SettingsTabSaveMutation>(saveMutation);
  const [commitReset, resetting] = useMutation<SettingsTabResetTourMutation>(resetTourMutation);

  const saveDefault = (key: 'tour_enabled' | 'start_page_enabled', enabled: boolean) =>
    commitSave({
      variables: { settings: [{ key, value: enabled ? 'true' : 'false' }] },
      updater: storeSaved,
      onCompleted: ({ saveSystemSettings: result }) => {
        if (result.__typename !== 'SaveSystemSettingsSuccess') {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Ошибка сохранения настроек`) });
          return;
        }
        toaster.create({ type: 'success', title: t`Настройки успешно сохранены!` });
      },
      onError: () => {
        toaster.create({ type: 'error', title: t`Ошибка сохранения настроек` });
      },
    });

  const resetForAll = () =>
    commitReset({
      variables: {},
      onCompleted: ({ resetTourForAll: result }) => {
        setConfirmReset(false);
        if (result.__typename !== 'ResetTourSuccess') {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Не удалось сбросить тур`) });
          return;
        }
        browserFlags.setTourCompleted(false);
        toaster.create({ type: 'success', title: result.message! });
      },
      onError: () => {
        setConfirmReset(false);
        toaster.create({ type: 'error', title: t`Не удалось сбросить тур` });
      },
    });

  const disableForever = () => {
    browserFlags.setTourCompleted(true);
    browserFlags.setTourDisabled(true);
    setTourHere(false);
    toaster.create({ type: 'info', title: t`Тур больше не будет показываться в этом браузере` });
  };

  return (
    <Card.Root data-testid="interface-settings-card">
      <Card.Header>
        <Heading as="h3" size="md">
          <Trans>Настройки интерфейса</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3">
            <Text fontWeight="medium">
              <Trans>В этом браузере</Trans>
            </Text>
            <FlagSwitch
              testId="tour-here-switch"
              checked={tourHere}
              onChange={(checked) => {
                browserFlags.setTourDisabled(!checked);
                setTourHere(checked);
              }}
              label={<Trans>Тур по сайту включён</Trans>}
            />
            <FlagSwitch
              testId="start-page-here-switch"
              checked={startPageHere ?? site.startPageEnabled}
              onChange={(checked) => {
                browserFlags.setStartPageEnabled(checked);
                setStartPageHere(checked);
              }}
              label={<Trans>Стартовая страница включена</Trans>}
            />
            <HStack gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setConfirmReset(true)} data-testid="tour-reset-all">
                <RotateCcw />
                <Trans>Сбросить тур для всех</Trans>
              </Button>
              <Button size="sm" variant="outline" colorPalette="red" onClick={disableForever} data-testid="tour-disable-forever">
                <XCircle />
                <Trans>Отключить тур навсегда</Trans>
              </Button>
            </HStack>
          </Stack>
          <Stack gap="3" borderTopWidth="1px" pt="4">
            <Text fontWeight="medium">
              <Trans>Для всех браузеров (по умолчанию)</Trans>
            </Text>
            <FlagSwitch
              testId="tour-default-switch"
              checked={site.tourEnabled}
              disabled={saving}
              onChange={(checked) => saveDefault('tour_enabled', checked)}
              label={<Trans>Тур для новых участников</Trans>}
              hint={<Trans>Выключено: тур не показывается никому.</Trans>}
            />
            <FlagSwitch
              testId="start-page-default-switch"
              checked={site.startPageEnabled}
              disabled={saving}
              onChange={(checked) => saveDefault('start_page_enabled', checked)}
              label={<Trans>Стартовая страница для посетителей без входа</Trans>}
              hint={<Trans>Выключено: посетители без входа сразу попадают на страницу входа.</Trans>}
            />
          </Stack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirmReset}
        title={<Trans>Сбросить тур для всех?</Trans>}
        confirmLabel={<Trans>Сбросить</Trans>}
        loading={resetting}
        onConfirm={resetForAll}
        onCancel={() => setConfirmReset(false)}
      >
        <Trans>Каждый участник снова увидит тур при следующем входе.</Trans>
      </ConfirmDialog>
    </Card.Root>
  );
}

type CacheChoice = 'translations' | 'settings' | 'media' | 'all';

/** The cache card: clear translations, settings, media or everything, each after a warning. */
function CacheCard() {
  const { t } = useLingui();
  const [asking, setAsking] = useState<CacheChoice | null>(null);
  const [commitOne, clearingOne] = useMutation<SettingsTabClearCacheMutation>(clearCacheMutation);
  const [commitAll, clearingAll] = useMutation<SettingsTabClearAllMutation>(clearAllMutation);
  const labels: Record<CacheChoice, string> = {
    translations: t`Очистить кэш переводов`,
    settings: t`Очистить кэш настроек`,
    media: t`Очистить кэш медиа`,
    all: t`Очистить весь кэш`,
  };

  const done = (message: string | null | undefined) => {
    setAsking(null);
    toaster.create({ type: 'success', title: message || t`Операция выполнена успешно.` });
  };
  const failed = (detail: string, all: boolean) => {
    setAsking(null);
    toaster.create({
      type: 'error',
      title: t`Ошибка очистки кэша`,
      description: all ? `${detail} ${t`Попробуйте очистить кэш по типам.`}` : detail,
    });
  };

  const clear = (choice: CacheChoice) => {
    const unknown = t`Неизвестная ошибка сервера`;
    if (choice === 'all') {
      return commitAll({
        variables: {},
        onCompleted: ({ clearAllCaches: result }) =>
          result.__typename === 'CachesCleared' ? done(result.message) : failed(mutationErrorText(result.error, unknown), true),
        onError: () => failed(unknown, true),
      });
    }
    commitOne({
      variables: { cacheType: choice },
      onCompleted: ({ clearCache: result }) =>
        result.__typename === 'CachesCleared'
          ? done(result.message)
          : failed(readMutationError(result.error)?.message ?? unknown, false),
      onError: () => failed(unknown, false),
    });
  };

  return (
    <Card.Root data-testid="cache-card">
      <Card.Header>
        <Heading as="h3" size="md">
          <Trans>Кэш</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" wrap="wrap">
          {(['translations', 'settings', 'media'] as const).map((choice) => (
            <Button
              key={choice}
              size="sm"
              variant="outline"
              onClick={() => setAsking(choice)}
              data-testid={`clear-cache-${choice}`}
            >
              <Eraser />
              {labels[choice]}
            </Button>
          ))}
          <Button size="sm" colorPalette="red" onClick={() => setAsking('all')} data-testid="clear-cache-all">
            <Trash2 />
            {labels.all}
          </Button>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? `${labels[asking]}?` : ''}
        confirmLabel={<Trans>Очистить</Trans>}
        destructive
        loading={clearingOne || clearingAll}
        onConfirm={() => asking && clear(asking)}
        onCancel={() => setAsking(null)}
      >
        <Stack gap="2">
          <Text>
            <Trans>Это действие необратимо: данные кэша будут загружены заново на всех серверах.</Trans>
          </Text>
          {asking === 'all' && (
            <Text fontWeight="medium" color="fg.error">
              <Trans>Будут очищены все виды кэша сразу; первые запросы после этого могут выполняться медленнее.</Trans>
            </Text>
          )}
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}

/** The system settings tab (spec section 2, "Admin panel: Settings"). */
export default function SettingsTab({ queryRef }: AdminTabProps) {
  const data = usePreloadedQuery<SettingsTabQuery>(settingsTabQuery, queryRef as PreloadedQuery<SettingsTabQuery>);
  return (
    <Stack gap="6" data-testid="settings-tab">
      <SystemSettingsCard settings={data.systemSettings} />
      <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align="stretch">
        <Box flex="1" minW="0">
          <InterfaceCard site={data.interfaceSettings} />
        </Box>
        <Box flex="1" minW="0">
          <CacheCard />
        </Box>
      </Stack>
    </Stack>
  );
}
