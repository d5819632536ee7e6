import { Suspense, useEffect, useState } from 'react';
import { Box, Flex, useBreakpointValue } from '@chakra-ui/react';
import { graphql } from 'react-relay/hooks';
import { usePageQuery } from '../../app/pageQuery';
import type { VideoCallsPageQuery } from '../../__generated__/VideoCallsPageQuery.graphql';
import { LoadingScreen } from '../../components/LoadingScreen';
import { toaster } from '../../components/ui/toaster';
import { useCall } from './call/useCall';
import { useStageRecording } from './recordings/useStageRecording';
import { useAnswerFromLink } from './call/useAnswerFromLink';
import { useJoinEventFromLink } from './calendar/useJoinEventFromLink';
import { useResumeRoom } from './call/useResumeRoom';
import { qualityOf, type Quality } from './call/media';
import { MeetingsSwitchedOff } from './MeetingsSwitchedOff';
import { callNoticeText } from './texts';
import { MeetingHeader } from './MeetingHeader';
import { SidePanel } from './SidePanel';
import { Stage } from './stage/Stage';
import { BottomBar } from './stage/BottomBar';
import { ParticipantsPanel } from './stage/ParticipantsPanel';
import { IncomingCallDialog } from './stage/IncomingCallDialog';
import { ChatPanel } from './chat/ChatPanel';
import { ContactCardsListener } from './chat/ContactCardsListener';
import { ShareContactDialog } from './contacts/ShareContactDialog';
import { MeetingProvider, type MeetingContextValue, type ShareTarget } from './MeetingContext';

const pageQuery = graphql`
  query VideoCallsPageQuery {
    viewer {
      id
      databaseId
      firstName
      fullName
    }
    zoomvisorStatus {
      enabled
    }
    meetingConfig {
      defaultVideoQuality
      ...useCall_meetingConfig
      ...MeetingHeader_meetingConfig
    }
    ...SidePanel_query
    ...ShareContactDialog_query
  }
`;

/** The meeting area (/video-calls): full screen, without the page frame. */
export default function VideoCallsPage() {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <MeetingGate />
    </Suspense>
  );
}

/** The meeting area, or why it is closed: the admin switched the ZoomVisor module off. */
function MeetingGate() {
  const data = usePageQuery<VideoCallsPageQuery>(pageQuery);
  if (!data.zoomvisorStatus.enabled) return <MeetingsSwitchedOff />;
  return <MeetingArea data={data} />;
}

function MeetingArea({ data }: { data: VideoCallsPageQuery['response'] }) {
  const { call, engine } = useCall(data.meetingConfig, data.viewer?.databaseId ?? 0);
  const recording = useStageRecording(call, engine, {
    databaseId: data.viewer?.databaseId ?? 0,
    fullName: data.viewer?.fullName ?? '',
  });
  useAnswerFromLink(engine);
  const [quality, setQuality] = useState<Quality>(() => qualityOf(data.meetingConfig.defaultVideoQuality));
  useJoinEventFromLink(engine, quality);
  useResumeRoom(engine, quality);
  // On a phone the panel is a drawer, closed until asked for; on a desktop it starts open beside the stage.
  const phone = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const [panelOpen, setPanelOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const [participantsOpen, setParticipantsOpen] = useState(false);
  const [share, setShare] = useState<ShareTarget | null>(null);

  // Failures and endings of the call show as notices; the call is already back to idle.
  useEffect(() => {
    if (!call.notice) return;
    const { text, error } = callNoticeText(call.notice);
    toaster.create({ type: error ? 'error' : 'info', title: text, closable: true });
    engine.dismissNotice();
  }, [call.notice, engine]);

  // A choice in the drawer (a room joined, a contact called, a call answered) closes it.
  // (Adjusted while rendering, when the call starts: no effect and no extra render.)
  const busy = call.status !== 'idle';
  const [wasBusy, setWasBusy] = useState(busy);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    if (busy) setDrawerOpen(false);
  }

  const viewer = data.viewer;
  if (!viewer) return null; // the guard signs out a viewer the server no longer knows

  const inRoom = call.status !== 'idle' && call.room !== null;
  const context: MeetingContextValue = {
    viewer: { id: viewer.id, databaseId: viewer.databaseId, firstName: viewer.firstName, fullName: viewer.fullName },
    call,
    engine,
    quality,
    recording,
    openShare: setShare,
  };

  return (
    <MeetingProvider value={context}>
      {/* A dark surface whatever the site's theme: Chakra's dark colour mode for everything inside, so
          semantic colours (text, badges, outlined buttons) keep their contrast on it. Dialogs open
          in a portal, outside it, in the site's mode. */}
      <Flex className="dark" direction="column" h="100dvh" bg="gray.950" color="white" data-testid="meeting-area">
        <MeetingHeader
          config={data.meetingConfig}
          onOpenPanel={phone ? () => setDrawerOpen(true) : undefined}
          quality={quality}
          onQualityChange={(next) => {
            setQuality(next);
            engine.setQuality(next);
          }}
        />
        <Flex flex="1" minH="0">
          {phone ? (
            <SidePanel drawer open={drawerOpen} onOpenChange={setDrawerOpen} query={data} />
          ) : (
            <SidePanel open={panelOpen} onOpenChange={setPanelOpen} query={data} />
          )}
          <Flex direction="column" flex="1" minW="0">
            <Box flex="1" minH="0" overflow="auto" data-testid="call-container">
              <Stage />
            </Box>
            {call.status !== 'idle' && (
              <BottomBar
                chatOpen={chatOpen}
                participantsOpen={participantsOpen}
                onToggleChat={() => setChatOpen((open) => !open)}
                onToggleParticipants={() => setParticipantsOpen((open) => !open)}
              />
            )}
          </Flex>
          {inRoom && participantsOpen && <ParticipantsPanel onClose={() => setParticipantsOpen(false)} />}
          {inRoom && chatOpen && call.room && <ChatPanel room={call.room} onClose={() => setChatOpen(false)} />}
        </Flex>
        <IncomingCallDialog />
        <ContactCardsListener />
        {share && <ShareContactDialog query={data} target={share} onClose={() => setShare(null)} />}
      </Flex>
    </MeetingProvider>
  );
}
