import { useState, type FormEvent } from 'react';
import { Button, Image, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { SubscribeDialog_contact$key } from '../../__generated__/SubscribeDialog_contact.graphql';
import type { SubscribeDialogMutation } from '../../__generated__/SubscribeDialogMutation.graphql';
import { toaster } from '../../components/ui/toaster';
import { asRequestError } from '../../relay/errors';
import { mutationErrorText } from '../../relay/mutationError';
import { AppDialog, DialogActions } from '../../components/AppDialog';
import { PAYMENT_HINTS, PAYMENT_LABELS } from './texts';
import { Field } from '../../components/ui/field';

const subscribeMutation = graphql`
  mutation SubscribeDialogMutation($input: SubscribeInput!) {
    subscribe(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on SubscribeSuccess {
        redirectUrl
        qrCode
        paymentDetails
        subscription {
          id
          status
          paymentMethod
          createdAt
          activatedAt
          expiresAt
          plan {
            planId
            name
          }
        }
      }
    }
  }
`;

const contactFragment = graphql`
  fragment SubscribeDialog_contact on User {
    firstName
    lastName
    email
    phone
  }
`;

const METHODS = ['transfer', 'qr', 'card'] as const;

export type SubscribePlan = { planId: string; name: string; price: number };

/**
 * The subscribe dialog (spec sections 2, 5, 8): first name and email are required and prefilled;
 * payment by transfer (details by mail), QR code (shown here) or card (the provider's page).
 */
export function SubscribeDialog({
  plan,
  contact,
  onClose,
}: {
  plan: SubscribePlan;
  contact: SubscribeDialog_contact$key;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const prefilled = useFragment(contactFragment, contact);
  const [firstName, setFirstName] = useState(prefilled.firstName);
  const [lastName, setLastName] = useState(prefilled.lastName);
  const [email, setEmail] = useState(prefilled.email ?? '');
  const [phone, setPhone] = useState(prefilled.phone ?? '');
  const [method, setMethod] = useState<(typeof METHODS)[number]>('transfer');
  const [qr, setQr] = useState<{ image: string; details: string } | null>(null);
  const [commit, sending] = useMutation<SubscribeDialogMutation>(subscribeMutation);
  const ready = firstName.trim() !== '' && email.trim() !== '';

  const failed = (detail: string) => {
    toaster.create({ type: 'error', title: t`Ошибка при оформлении подписки: ${detail}` });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    commit({
      variables: { input: { planId: plan.planId, paymentMethod: method, firstName, lastName, email, phone } },
      updater: (store) => {
        const result = store.getRootField('subscribe');
        const subscription = result?.getLinkedRecord('subscription');
        const mine = store.getRoot().getLinkedRecord('mySubscription');
        if (subscription && mine) mine.setLinkedRecord(subscription, 'subscription');
      },
      onCompleted: ({ subscribe }) => {
        if (subscribe.error) return failed(mutationErrorText(subscribe.error, t`Неизвестная ошибка`));
        if (subscribe.redirectUrl) {
          window.location.assign(subscribe.redirectUrl);
          return;
        }
        toaster.create({
          type: 'success',
          title: t`Заявка на план «${plan.name}» отправлена. Провайдер свяжется с вами для подтверждения оплаты.`,
        });
        if (subscribe.qrCode) setQr({ image: subscribe.qrCode, details: subscribe.paymentDetails ?? '' });
        else onClose();
      },
      onError: (error) => failed(asRequestError(error)?.message || t`Неизвестная ошибка`),
    });
  };

  if (qr) {
    return (
      <AppDialog
        closeButton
        title={<Trans>Оплата по QR-коду</Trans>}
        onClose={onClose}
        testId="subscribe-qr"
        footer={
          <Button colorPalette="brand" onClick={onClose}>
            <Trans>Готово</Trans>
          </Button>
        }
      >
        <Stack gap="3" align="center">
          <Image src={qr.image} alt={t`QR-код для оплаты`} w="240px" h="240px" data-testid="subscribe-qr-image" />
          <Text fontSize="sm" whiteSpace="pre-line">
            {qr.details}
          </Text>
        </Stack>
      </AppDialog>
    );
  }

  return (
    <AppDialog
      closeButton
      title={<Trans>Оформление подписки «{plan.name}»</Trans>}
      onClose={onClose}
      testId="subscribe-dialog"
      footer={
        <DialogActions
          onCancel={onClose}
          form="subscribe-form"
          label={<Trans>Подтвердить</Trans>}
          loading={sending}
          disabled={!ready}
          testId="subscribe-confirm"
        />
      }
    >
      <form id="subscribe-form" onSubmit={submit} noValidate>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            <Trans>{new Intl.NumberFormat(i18n.locale).format(plan.price)} ₽/мес</Trans>
          </Text>
          <Field label={<Trans>Имя</Trans>} requiredIndicator required>
            <Input value={firstName} onChange={(e) => setFirstName(e.target.value)} data-testid="subscribe-first-name" />
          </Field>
          <Field label={<Trans>Фамилия</Trans>}>
            <Input value={lastName} onChange={(e) => setLastName(e.target.value)} />
          </Field>
          <Field label={<Trans>Email</Trans>} requiredIndicator required>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="subscribe-email" />
          </Field>
          <Field label={<Trans>Телефон</Trans>}>
            <Input type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
          </Field>
          <Field label={<Trans>Способ оплаты</Trans>} helperText={i18n._(PAYMENT_HINTS[method])}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={method}
                onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])}
                data-testid="subscribe-method"
              >
                {METHODS.map((value) => (
                  <option key={value} value={value}>
                    {i18n._(PAYMENT_LABELS[value])}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
        </Stack>
      </form>
    </AppDialog>
  );
}
