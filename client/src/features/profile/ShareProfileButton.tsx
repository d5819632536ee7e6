import { useState } from 'react';
import { Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Share2 } from 'lucide-react';
import { graphql, useFragment } from 'react-relay/hooks';
import type { ShareProfileButton_user$key } from '../../__generated__/ShareProfileButton_user.graphql';
import { AppDialog } from '../../components/AppDialog';
import { toaster } from '../../components/ui/toaster';
import { buildShareText, copyText } from './share';

const fragment = graphql`
  fragment ShareProfileButton_user on User {
    username
    firstName
    lastName
    status
    bio
  }
`;

/** Copies the member's contact card; when the browser refuses, shows it for copying by hand. */
export function ShareProfileButton({ user: key }: { user: ShareProfileButton_user$key }) {
  const { t } = useLingui();
  const user = useFragment(fragment, key);
  const [manualCopy, setManualCopy] = useState<string | null>(null);

  const share = async () => {
    const { username, firstName, lastName, status, bio } = user;
    const text = buildShareText({ username, firstName, lastName, status, bio }, window.location.origin, {
      profile: t`Профиль`,
      messages: t`Сообщения`,
      calls: t`Видеозвонки`,
    });
    if (await copyText(text)) toaster.create({ type: 'success', title: t`Контакт скопирован в буфер обмена` });
    else setManualCopy(text);
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={share} data-testid="share-contact">
        <Share2 size={16} aria-hidden="true" />
        <Trans>Поделиться контактом</Trans>
      </Button>
      <AppDialog
        open={manualCopy !== null}
        onClose={() => setManualCopy(null)}
        title={<Trans>Скопируйте контакт</Trans>}
        testId="manual-copy-dialog"
        footer={
          <Button onClick={() => setManualCopy(null)}>
            <Trans>Закрыть</Trans>
          </Button>
        }
      >
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            <Trans>Браузер не разрешил копирование. Выделите текст и скопируйте его вручную.</Trans>
          </Text>
          <Textarea
            readOnly
            rows={8}
            value={manualCopy ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            autoFocus
            data-testid="manual-copy-text"
          />
        </Stack>
      </AppDialog>
    </>
  );
}
