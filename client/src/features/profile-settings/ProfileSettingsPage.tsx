import { Suspense } from 'react';
import { Alert, Card, Heading, Stack, Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { KeyRound, Phone, ShieldCheck, UserRound } from 'lucide-react';
import { graphql } from 'react-relay/hooks';
import { usePageQuery } from '../../app/pageQuery';
import type { ProfileSettingsPageQuery } from '../../__generated__/ProfileSettingsPageQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { LoadingScreen } from '../../components/LoadingScreen';
import { ProfileSettingsForm } from './ProfileSettingsForm';
import { PhoneVerification } from './PhoneVerification';
import { PasswordChangeForm } from './PasswordChangeForm';
import { PrivacySettingsForm } from './PrivacySettingsForm';
import { BlockedMembersList } from './BlockedMembersList';

const settingsQuery = graphql`
  query ProfileSettingsPageQuery {
    viewer {
      ...ProfileSettingsForm_user
      ...PhoneVerification_user
      ...PrivacySettingsForm_user
    }
    ...BlockedMembersList_query
  }
`;

function Settings() {
  const data = usePageQuery<ProfileSettingsPageQuery>(settingsQuery);
  const { viewer } = data;
  if (!viewer) return null; // the guard signs out a viewer the server no longer knows
  return (
    <Tabs.Root defaultValue="profile" variant="line" data-testid="settings-tabs">
      <Tabs.List>
        <Tabs.Trigger value="profile" data-testid="settings-tab-profile">
          <UserRound size={16} aria-hidden="true" />
          <Trans>Профиль</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="phone" data-testid="settings-tab-phone">
          <Phone size={16} aria-hidden="true" />
          <Trans>Телефон</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="privacy" data-testid="settings-tab-privacy">
          <ShieldCheck size={16} aria-hidden="true" />
          <Trans>Приватность</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="password" data-testid="settings-tab-password">
          <KeyRound size={16} aria-hidden="true" />
          <Trans>Пароль</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="profile">
        <ProfileSettingsForm user={viewer} />
      </Tabs.Content>
      <Tabs.Content value="phone">
        <PhoneVerification user={viewer} />
      </Tabs.Content>
      <Tabs.Content value="privacy">
        <PrivacySettingsForm user={viewer} />
        <BlockedMembersList query={data} />
      </Tabs.Content>
      <Tabs.Content value="password">
        <PasswordChangeForm />
      </Tabs.Content>
    </Tabs.Root>
  );
}

export default function ProfileSettingsPage() {
  return (
    <Card.Root maxW="3xl" mx="auto" w="full">
      <Card.Header>
        <Heading as="h1" size="xl">
          <Trans>Настройки профиля</Trans>
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <ErrorBoundary
            fallback={
              <Alert.Root status="error" data-testid="settings-load-error">
                <Alert.Indicator />
                <Alert.Title>
                  <Trans>Ошибка загрузки настроек профиля</Trans>
                </Alert.Title>
              </Alert.Root>
            }
          >
            <Suspense fallback={<LoadingScreen />}>
              <Settings />
            </Suspense>
          </ErrorBoundary>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
