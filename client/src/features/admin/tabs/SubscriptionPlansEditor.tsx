import { useState } from 'react';
import { Badge, Box, Button, Checkbox, Input, Stack, Table, Text, Textarea, Wrap } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { fetchQuery, graphql, useFragment, useMutation, useRelayEnvironment } from 'react-relay/hooks';
import type { PlanFeature } from '../../../__generated__/SubscriptionPlansEditorMutation.graphql';
import type {
  SubscriptionPlansEditor_query$data,
  SubscriptionPlansEditor_query$key,
} from '../../../__generated__/SubscriptionPlansEditor_query.graphql';
import type { SubscriptionPlansEditorMutation } from '../../../__generated__/SubscriptionPlansEditorMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { AdminFormDialog } from '../AdminFormDialog';
import { FEATURE_LABELS, FEATURE_ORDER } from '../../subscriptions/texts';
import { Field } from '../../../components/ui/field';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../i18n/locale';

const plansFragment = graphql`
  fragment SubscriptionPlansEditor_query on Query {
    subscriptionPlans {
      planId
      name
      nameRu
      nameEn
      nameFr
      descriptionRu
      descriptionEn
      descriptionFr
      price
      maxParticipants
      storageQuotaMb
      features
    }
  }
`;

const updateMutation = graphql`
  mutation SubscriptionPlansEditorMutation($input: UpdateSubscriptionPlanInput!) {
    updateSubscriptionPlan(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** The plans the page reads, fetched again after an edit (plans have no id for Relay to update them by). */
const refetchPlans = graphql`
  query SubscriptionPlansEditorRefetchQuery {
    ...SubscriptionPlansEditor_query
  }
`;

type Plan = SubscriptionPlansEditor_query$data['subscriptionPlans'][number];

/** Spec section 3: the plans are data; an admin edits their names and descriptions (ru, en, fr), price, limits and features here. */
export function SubscriptionPlansEditor({ query }: { query: SubscriptionPlansEditor_query$key }) {
  const { i18n } = useLingui();
  const { subscriptionPlans: plans } = useFragment(plansFragment, query);
  const [editing, setEditing] = useState<Plan | null>(null);
  const price = new Intl.NumberFormat(i18n.locale);

  return (
    <Stack gap="3">
      <Text fontWeight="semibold" fontSize="lg">
        <Trans>Тарифные планы</Trans>
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="plans-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>План</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Цена, ₽/мес</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Участников</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Хранилище, МБ</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Возможности</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {plans.map((plan) => (
              <Table.Row key={plan.planId} data-testid={`plan-row-${plan.planId}`}>
                <Table.Cell fontWeight="medium">{plan.name}</Table.Cell>
                <Table.Cell data-testid="plan-price">{price.format(plan.price)}</Table.Cell>
                <Table.Cell data-testid="plan-participants">{price.format(plan.maxParticipants)}</Table.Cell>
                <Table.Cell>{price.format(plan.storageQuotaMb)}</Table.Cell>
                <Table.Cell>
                  <Wrap gap="1">
                    {FEATURE_ORDER.filter((feature) => plan.features.includes(feature)).map((feature) => (
                      <Badge key={feature} size="sm" variant="subtle">
                        {i18n._(FEATURE_LABELS[feature]!)}
                      </Badge>
                    ))}
                  </Wrap>
                </Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => setEditing(plan)} data-testid="plan-edit">
                    <Trans>Изменить</Trans>
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {editing && <PlanDialog plan={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

/** A whole number typed in a field, or NaN (the server names the allowed range). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

type Texts = Record<Locale, string>;

function PlanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const environment = useRelayEnvironment();
  // Russian is required; a blank English or French text shows the Russian one to those readers.
  const [names, setNames] = useState<Texts>({ ru: plan.nameRu, en: plan.nameEn ?? '', fr: plan.nameFr ?? '' });
  const [descriptions, setDescriptions] = useState<Texts>({
    ru: plan.descriptionRu ?? '',
    en: plan.descriptionEn ?? '',
    fr: plan.descriptionFr ?? '',
  });
  const [price, setPrice] = useState(String(plan.price));
  const [participants, setParticipants] = useState(String(plan.maxParticipants));
  const [storage, setStorage] = useState(String(plan.storageQuotaMb));
  const [features, setFeatures] = useState<readonly string[]>(plan.features);
  const [error, setError] = useState<string | null>(null);
  const [commit, saving] = useMutation<SubscriptionPlansEditorMutation>(updateMutation);

  const submit = () => {
    setError(null);
    const numbers = {
      price: wholeNumber(price),
      maxParticipants: wholeNumber(participants),
      storageQuotaMb: wholeNumber(storage),
    };
    if (Object.values(numbers).some(Number.isNaN)) return setError(t`Цена, участники и хранилище: целые числа`);
    commit({
      variables: {
        input: {
          planId: plan.planId,
          name: names.ru,
          nameEn: names.en,
          nameFr: names.fr,
          description: descriptions.ru,
          descriptionEn: descriptions.en,
          descriptionFr: descriptions.fr,
          ...numbers,
          features: features.map((feature) => feature.toUpperCase() as PlanFeature),
        },
      },
      onCompleted: ({ updateSubscriptionPlan: result }) => {
        if (result.error) return setError(mutationErrorText(result.error, t`Ошибка сохранения плана`));
        fetchQuery(environment, refetchPlans, {}).subscribe({});
        toaster.create({ type: 'success', title: t`План сохранён` });
        onClose();
      },
      onError: (cause) => setError(cause.message),
    });
  };

  return (
    <AdminFormDialog
      formId="plan-form"
      title={<Trans>План «{plan.name}»</Trans>}
      testId="plan-dialog"
      error={error}
      errorTestId="plan-error"
      submitting={saving}
      submitTestId="plan-save"
      onSubmit={submit}
      onClose={onClose}
    >
      {LOCALES.map((locale) => (
        <Field
          key={locale}
          label={<Trans>Название ({LOCALE_NAMES[locale]})</Trans>}
          helperText={locale !== 'ru' && <Trans>Пусто: показывается русское название</Trans>}
          required={locale === 'ru'}
        >
          <Input
            lang={locale}
            value={names[locale]}
            maxLength={100}
            placeholder={locale === 'ru' ? undefined : names.ru}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setNames((current) => ({ ...current, [locale]: value }));
            }}
            data-testid={locale === 'ru' ? 'plan-name' : `plan-name-${locale}`}
          />
        </Field>
      ))}
      {LOCALES.map((locale) => (
        <Field key={locale} label={<Trans>Описание ({LOCALE_NAMES[locale]})</Trans>}>
          <Textarea
            lang={locale}
            value={descriptions[locale]}
            maxLength={500}
            rows={2}
            placeholder={locale === 'ru' ? undefined : descriptions.ru}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDescriptions((current) => ({ ...current, [locale]: value }));
            }}
            data-testid={locale === 'ru' ? 'plan-description' : `plan-description-${locale}`}
          />
        </Field>
      ))}
      <Field
        label={<Trans>Цена, ₽/мес</Trans>}
        helperText={plan.price === 0 && <Trans>Бесплатный план остаётся бесплатным</Trans>}
        required
      >
        <Input
          inputMode="numeric"
          value={price}
          disabled={plan.price === 0}
          onChange={(event) => setPrice(event.currentTarget.value)}
          data-testid="plan-price-input"
        />
      </Field>
      <Field label={<Trans>Участников в комнате, до</Trans>} required>
        <Input
          inputMode="numeric"
          value={participants}
          onChange={(event) => setParticipants(event.currentTarget.value)}
          data-testid="plan-participants-input"
        />
      </Field>
      <Field label={<Trans>Хранилище файлов комнат, МБ (0: нет)</Trans>} required>
        <Input
          inputMode="numeric"
          value={storage}
          onChange={(event) => setStorage(event.currentTarget.value)}
          data-testid="plan-storage-input"
        />
      </Field>
      <Stack gap="1" role="group" aria-label={t`Возможности`}>
        <Text fontSize="sm" fontWeight="medium">
          <Trans>Возможности</Trans>
        </Text>
        {FEATURE_ORDER.map((feature) => (
          <Checkbox.Root
            key={feature}
            checked={features.includes(feature)}
            onCheckedChange={(details) =>
              setFeatures((current) =>
                details.checked ? [...current, feature] : current.filter((candidate) => candidate !== feature),
              )
            }
            data-testid={`plan-feature-${feature}`}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{i18n._(FEATURE_LABELS[feature]!)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </AdminFormDialog>
  );
}
