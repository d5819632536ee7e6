import { useState, type FormEvent } from 'react';
import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShieldCheck } from 'lucide-react';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { PhoneVerification_user$key } from '../../__generated__/PhoneVerification_user.graphql';
import type { PhoneVerificationSendMutation } from '../../__generated__/PhoneVerificationSendMutation.graphql';
import type { PhoneVerificationVerifyMutation } from '../../__generated__/PhoneVerificationVerifyMutation.graphql';
import { mutationErrorText } from '../../relay/mutationError';
import { SettingsNotices, useSettingsNotices, type SettingsNotice } from './SettingsNotices';
import { Field } from '../../components/ui/field';

const fragment = graphql`
  fragment PhoneVerification_user on User {
    phone
    phoneVerified
  }
`;

const sendMutation = graphql`
  mutation PhoneVerificationSendMutation($input: SendPhoneVerificationCodeInput!) {
    sendPhoneVerificationCode(input: $input) {
      __typename
      ... on SendPhoneVerificationCodeSuccess {
        message
        devNote
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const verifyMutation = graphql`
  mutation PhoneVerificationVerifyMutation($input: VerifyPhoneInput!) {
    verifyPhone(input: $input) {
      __typename
      ... on ProfileChange {
        message
        user {
          ...PhoneVerification_user
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 9: verification codes have 6 characters. */
export const CODE_LENGTH = 6;

/**
 * Spec section 4: no code sent, then code sent (the code field appears), then verified (the phone
 * is locked, the send button hidden, "Телефон подтвержден" shown).
 */
export function PhoneVerification({ user: key }: { user: PhoneVerification_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const [sendCode, sending] = useMutation<PhoneVerificationSendMutation>(sendMutation);
  const [verify, verifying] = useMutation<PhoneVerificationVerifyMutation>(verifyMutation);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [notices, showNotices] = useSettingsNotices();
  const error = (text: string, fallback: string) => showNotices([{ status: 'error', text: text || fallback }]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const number = phone.trim();
    if (!number) return error('', t`Введите номер телефона`);
    sendCode({
      variables: { input: { phone: number } },
      onCompleted: ({ sendPhoneVerificationCode: result }) => {
        if (result.__typename !== 'SendPhoneVerificationCodeSuccess')
          return error(mutationErrorText(result.error, ''), t`Ошибка отправки SMS`);
        const shown: SettingsNotice[] = [{ status: 'success', text: t`Код подтверждения отправлен на ваш телефон` }];
        if (result.devNote) shown.push({ status: 'info', text: result.devNote });
        showNotices(shown);
        setCodeSentTo(number);
        setCode('');
      },
      onError: () => error('', t`Ошибка отправки SMS`),
    });
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return error('', t`Введите код подтверждения`);
    verify({
      variables: { input: { phone: codeSentTo ?? phone.trim(), code: code.trim() } },
      onCompleted: ({ verifyPhone: result }) => {
        if (result.__typename !== 'ProfileChange')
          return error(mutationErrorText(result.error, ''), t`Ошибка подтверждения телефона`);
        // The verified phone is now in the store; the code state starts over.
        setCodeSentTo(null);
        setCode('');
        showNotices([{ status: 'success', text: t`Телефон успешно подтвержден` }]);
      },
      onError: () => error('', t`Ошибка подтверждения телефона`),
    });
  };

  if (user.phoneVerified) {
    return (
      <Stack gap="4" pt="2" data-testid="phone-verified">
        <SettingsNotices notices={notices} />
        <Field label={<Trans>Номер телефона</Trans>} disabled>
          <Input value={user.phone ?? ''} readOnly data-testid="settings-phone" />
        </Field>
        <HStack gap="2">
          <Badge colorPalette="green" size="lg">
            <ShieldCheck size={14} aria-hidden="true" />
            <Trans>Телефон подтвержден</Trans>
          </Badge>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack gap="4" pt="2">
      <SettingsNotices notices={notices} />
      <form onSubmit={send} noValidate aria-label={t`Отправка кода`}>
        <Stack gap="3">
          <Field
            label={<Trans>Номер телефона</Trans>}
            helperText={<Trans>Мы отправим SMS с 6-значным кодом подтверждения.</Trans>}
          >
            <Input
              type="tel"
              value={phone}
              onChange={(event) => setPhone(event.currentTarget.value)}
              placeholder="+79161234567"
              autoComplete="tel"
              data-testid="settings-phone"
            />
          </Field>
          <Button
            type="submit"
            alignSelf="flex-start"
            colorPalette="brand"
            variant="outline"
            loading={sending}
            data-testid="send-code"
          >
            {codeSentTo ? <Trans>Отправить код ещё раз</Trans> : <Trans>Отправить код</Trans>}
          </Button>
        </Stack>
      </form>
      {codeSentTo && (
        <form onSubmit={confirm} noValidate aria-label={t`Подтверждение телефона`}>
          <Stack gap="3">
            <Field
              label={<Trans>Код подтверждения</Trans>}
              helperText={
                <Text as="span">
                  <Trans>Код отправлен на {codeSentTo}</Trans>
                </Text>
              }
            >
              <Input
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CODE_LENGTH}
                letterSpacing="0.3em"
                maxW="12rem"
                data-testid="verification-code"
              />
            </Field>
            <Button type="submit" alignSelf="flex-start" colorPalette="brand" loading={verifying} data-testid="verify-code">
              <Trans>Подтвердить</Trans>
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
