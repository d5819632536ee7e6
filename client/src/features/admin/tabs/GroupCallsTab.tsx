import { useId } from 'react';
import { Badge, Card, Heading, HStack, NativeSelect, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { GroupCallsTabQuery, ParticipantPlan, VideoQuality } from '../../../__generated__/GroupCallsTabQuery.graphql';
import type { GroupCallsTabPlanMutation } from '../../../__generated__/GroupCallsTabPlanMutation.graphql';
import type { GroupCallsTabSwitchMutation } from '../../../__generated__/GroupCallsTabSwitchMutation.graphql';
import type { GroupCallsTabQualityMutation } from '../../../__generated__/GroupCallsTabQualityMutation.graphql';
import { ScrollRegion } from '../../../components/ScrollRegion';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { QUALITIES, qualityOf } from '../../video-calls/call/media';
import type { AdminTabProps } from '../adminTabs';
import { TriviaBank } from './TriviaBank';

const groupCallsTabQuery = graphql`
  query GroupCallsTabQuery {
    groupCallSettings {
      ...GroupCallsTab_settings @relay(mask: false)
    }
  }
`;

/** The settings have no id: each mutation answers them whole and the updater puts them in the query's place. */
export const groupCallSettingsFragment = graphql`
  fragment GroupCallsTab_settings on GroupCallSettings {
    participantPlan {
      plan
      maxParticipants
      commercial
    }
    groupCallsEnabled
    videoQuality
    settings {
      key
      value
      description
    }
  }
`;

const planMutation = graphql`
  mutation GroupCallsTabPlanMutation($plan: String!) {
    setParticipantPlan(plan: $plan) {
      __typename
      ... on GroupCallSettingsSuccess {
        groupCallSettings {
          ...GroupCallsTab_settings @relay(mask: false)
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const switchMutation = graphql`
  mutation GroupCallsTabSwitchMutation($enabled: Boolean!) {
    setGroupCallsEnabled(enabled: $enabled) {
      __typename
      ... on GroupCallSettingsSuccess {
        groupCallSettings {
          ...GroupCallsTab_settings @relay(mask: false)
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const qualityMutation = graphql`
  mutation GroupCallsTabQualityMutation($quality: VideoQuality!) {
    setDefaultVideoQuality(quality: $quality) {
      __typename
      ... on GroupCallSettingsSuccess {
        groupCallSettings {
          ...GroupCallsTab_settings @relay(mask: false)
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: the admin participant plans, their limits and monthly prices. */
const PLANS: { plan: ParticipantPlan; name: MessageDescriptor; limit: MessageDescriptor; price: MessageDescriptor }[] = [
  { plan: 'BASIC', name: msg`Базовый`, limit: msg`до 10 участников`, price: msg`Бесплатно` },
  { plan: 'PROFESSIONAL', name: msg`Профессиональный`, limit: msg`до 50 участников`, price: msg`2990 ₽/мес` },
  { plan: 'ENTERPRISE', name: msg`Корпоративный`, limit: msg`до 100 участников`, price: msg`4990 ₽/мес` },
  { plan: 'UNLIMITED', name: msg`Безлимитный`, limit: msg`без ограничения участников`, price: msg`9990 ₽/мес` },
];

/** Each mutation answers the settings whole; they replace the query's (they have no id to merge by). */
function replaceSettings(store: RecordSourceSelectorProxy, field: string) {
  const settings = store.getRootField(field)?.getLinkedRecord('groupCallSettings');
  if (settings) store.getRoot().setLinkedRecord(settings, 'groupCallSettings');
}

/** Spec section 2, "Group calls": the switch, the participant plans, the default video quality, the settings list. */
export default function GroupCallsTab({ queryRef }: AdminTabProps) {
  const { t, i18n } = useLingui();
  const data = usePreloadedQuery<GroupCallsTabQuery>(groupCallsTabQuery, queryRef as PreloadedQuery<GroupCallsTabQuery>);
  const settings = data.groupCallSettings;
  const settingsHeadingId = useId();
  const [commitPlan, savingPlan] = useMutation<GroupCallsTabPlanMutation>(planMutation);
  const [commitSwitch, switching] = useMutation<GroupCallsTabSwitchMutation>(switchMutation);
  const [commitQuality, savingQuality] = useMutation<GroupCallsTabQualityMutation>(qualityMutation);
  const fail = (title: string) => {
    toaster.create({ type: 'error', title });
  };

  const choosePlan = (plan: ParticipantPlan) =>
    commitPlan({
      variables: { plan: plan.toLowerCase() },
      updater: (store) => replaceSettings(store, 'setParticipantPlan'),
      onCompleted: ({ setParticipantPlan: result }) => {
        if (result.__typename !== 'GroupCallSettingsSuccess')
          return fail(mutationErrorText(result.error, t`Ошибка обновления плана`));
        const chosen = result.groupCallSettings!.participantPlan;
        const max = chosen.maxParticipants;
        const title = !chosen.commercial
          ? t`Установлен базовый план (до ${max} участников)`
          : max == null
            ? t`Установлен коммерческий план без ограничения участников`
            : t`Установлен коммерческий план (до ${max} участников)`;
        toaster.create({ type: 'success', title });
      },
      onError: () => fail(t`Ошибка обновления плана`),
    });

  const switchGroupCalls = (enabled: boolean) =>
    commitSwitch({
      variables: { enabled },
      updater: (store) => replaceSettings(store, 'setGroupCallsEnabled'),
      onCompleted: ({ setGroupCallsEnabled: result }) => {
        if (result.__typename !== 'GroupCallSettingsSuccess')
          return fail(mutationErrorText(result.error, t`Ошибка изменения настроек`));
        toaster.create({
          type: 'success',
          title: enabled ? t`Групповые видео звонки включены!` : t`Групповые видео звонки отключены!`,
        });
      },
      onError: () => fail(t`Ошибка изменения настроек`),
    });

  const chooseQuality = (quality: VideoQuality) =>
    commitQuality({
      variables: { quality },
      updater: (store) => replaceSettings(store, 'setDefaultVideoQuality'),
      onCompleted: ({ setDefaultVideoQuality: result }) => {
        if (result.__typename !== 'GroupCallSettingsSuccess') fail(mutationErrorText(result.error, t`Ошибка изменения настроек`));
      },
      onError: () => fail(t`Ошибка изменения настроек`),
    });

  const current = settings.participantPlan;
  const currentName = PLANS.find((entry) => entry.plan === current.plan)?.name;
  return (
    <Stack gap="6">
      <Card.Root size="sm">
        <Card.Body gap="2">
          <Switch.Root
            checked={settings.groupCallsEnabled}
            disabled={switching}
            onCheckedChange={(details) => switchGroupCalls(details.checked)}
            data-testid="group-calls-switch"
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <Trans>Групповые видеозвонки включены</Trans>
            </Switch.Label>
          </Switch.Root>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Когда выключено, никто не может войти в групповую комнату; звонки один на один продолжают работать.</Trans>
          </Text>
        </Card.Body>
      </Card.Root>

      <Stack gap="3">
        <Heading size="sm">
          <Trans>План участников</Trans>
        </Heading>
        <Text fontSize="sm" data-testid="current-plan">
          <Trans>
            Текущий план: {currentName ? i18n._(currentName) : current.plan} ·{' '}
            {current.maxParticipants == null ? t`без ограничения участников` : t`до ${current.maxParticipants} участников`}
          </Trans>
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="3">
          {PLANS.map((entry) => {
            const selected = entry.plan === current.plan;
            return (
              <Card.Root
                key={entry.plan}
                as="button"
                size="sm"
                textAlign="start"
                cursor="pointer"
                borderWidth="2px"
                borderColor={selected ? 'brand.500' : 'border'}
                aria-pressed={selected}
                _disabled={{ opacity: 0.6 }}
                aria-disabled={savingPlan}
                onClick={() => {
                  if (!selected && !savingPlan) choosePlan(entry.plan);
                }}
                data-testid={`plan-${entry.plan.toLowerCase()}`}
              >
                <Card.Body gap="1">
                  <HStack justify="space-between">
                    <Text fontWeight="semibold">{i18n._(entry.name)}</Text>
                    {entry.plan !== 'BASIC' && (
                      <Badge colorPalette="purple" size="sm">
                        <Trans>Коммерческий</Trans>
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm">{i18n._(entry.limit)}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {i18n._(entry.price)}
                  </Text>
                </Card.Body>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Stack>

      <Card.Root size="sm">
        <Card.Body gap="2">
          <Heading size="sm">
            <Trans>Качество видео по умолчанию</Trans>
          </Heading>
          <NativeSelect.Root size="sm" width={{ base: 'full', sm: '48' }} disabled={savingQuality}>
            <NativeSelect.Field
              aria-label={t`Качество видео по умолчанию`}
              data-testid="default-quality-select"
              value={settings.videoQuality}
              onChange={(event) => chooseQuality(event.target.value as VideoQuality)}
            >
              {QUALITY_VALUES.map((value) => (
                <option key={value} value={value}>
                  {qualityOf(value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Text fontSize="sm" color="fg.muted">
            <Trans>Качество, с которым открывается видеозвонок; участник может сменить его в звонке.</Trans>
          </Text>
        </Card.Body>
      </Card.Root>

      <Stack gap="2">
        <Heading size="sm" id={settingsHeadingId}>
          <Trans>Настройки ZoomVisor</Trans>
        </Heading>
        <ScrollRegion aria-labelledby={settingsHeadingId} borderWidth="1px" rounded="md">
          <Table.Root size="sm" data-testid="zoomvisor-settings">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Ключ</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Значение</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Описание</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {settings.settings.map((setting) => (
                <Table.Row key={setting.key}>
                  <Table.Cell fontFamily="mono">{setting.key}</Table.Cell>
                  <Table.Cell>{setting.value || t`без ограничения`}</Table.Cell>
                  <Table.Cell>{setting.description}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
      </Stack>

      <TriviaBank />
    </Stack>
  );
}

/** The server's VideoQuality values in the selector's order (SD ... 8K). */
const QUALITY_VALUES = QUALITIES.map((quality) => (/^\d/.test(quality) ? `UHD_${quality}` : quality)) as VideoQuality[];
