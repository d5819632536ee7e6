import { Alert, Stack } from '@chakra-ui/react';
import { useTimedNotice } from '../../components/useTimedNotice';

export type SettingsNotice = { status: 'success' | 'error' | 'info'; text: string };

/** The settings page's notices (spec section 4): success, error or info, gone after 5 seconds. */
export function useSettingsNotices() {
  return useTimedNotice<SettingsNotice[]>();
}

export function SettingsNotices({ notices }: { notices: SettingsNotice[] | null }) {
  if (!notices?.length) return null;
  return (
    <Stack gap="2">
      {notices.map((notice) => (
        <Alert.Root key={notice.text} status={notice.status} data-testid={`settings-notice-${notice.status}`}>
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      ))}
    </Stack>
  );
}
