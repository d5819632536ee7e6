import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Brush } from 'lucide-react';
import { DrawingBoard } from '../board/DrawingBoard';
import { AppDialog } from '../../../components/AppDialog';
import { useMeeting } from '../MeetingContext';

/**
 * The running drawing activity in the side panel: the board opens over the meeting (the whole
 * screen on a phone), where its players draw and everyone else in the room watches.
 */
export function DrawingActivity(props: { sessionId: string; name: string; playing: boolean; hosting: boolean }) {
  const { viewer } = useMeeting();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" colorPalette="brand" alignSelf="start" onClick={() => setOpen(true)} data-testid="drawing-open">
        <Brush size={16} aria-hidden="true" />
        {props.playing ? <Trans>Открыть доску</Trans> : <Trans>Смотреть доску</Trans>}
      </Button>
      {open && (
        <AppDialog
          closeButton
          title={props.name}
          onClose={() => setOpen(false)}
          size={{ base: 'full', md: 'xl' }}
          testId="drawing-dialog"
        >
          <DrawingBoard sessionId={props.sessionId} viewer={viewer} canDraw={props.playing} canClear={props.hosting} />
        </AppDialog>
      )}
    </>
  );
}
