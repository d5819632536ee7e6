import { Button, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Phone, PhoneOff } from 'lucide-react';
import { AppDialog } from '../../../components/AppDialog';
import { useMeeting } from '../MeetingContext';

/** A contact is calling: accept (camera and microphone, then connect) or decline. */
export function IncomingCallDialog() {
  const { call, engine, quality } = useMeeting();
  const incoming = call.incoming;
  if (!incoming) return null;
  const caller = incoming.caller.name;
  return (
    <AppDialog
      closeButton
      testId="incoming-call"
      size="sm"
      onClose={() => engine.declineIncoming()}
      title={incoming.media === 'audio' ? <Trans>Входящий аудиозвонок</Trans> : <Trans>Входящий видеозвонок</Trans>}
      footer={
        <>
          <Button colorPalette="red" variant="outline" onClick={() => engine.declineIncoming()} data-testid="decline-call">
            <PhoneOff size={16} aria-hidden="true" />
            <Trans>Отклонить</Trans>
          </Button>
          <Button colorPalette="green" onClick={() => void engine.acceptIncoming(quality)} data-testid="accept-call">
            <Phone size={16} aria-hidden="true" />
            <Trans>Принять</Trans>
          </Button>
        </>
      }
    >
      <Stack>
        <Text>
          <Trans>{caller} звонит вам</Trans>
        </Text>
      </Stack>
    </AppDialog>
  );
}
