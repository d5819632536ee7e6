import { Suspense, useEffect, useState } from 'react'
import { Box, Flex } from '@chakra-ui/react'
import { graphql, useLazyLoadQuery } from 'react-relay/hooks'
import type { VideoCallsPageQuery } from '../../__generated__/VideoCallsPageQuery.graphql'
import { LoadingScreen } from '../../components/LoadingScreen'
import { toaster } from '../../components/ui/toaster'
import { useCall } from './call/useCall'
import { useAnswerFromLink } from './call/useAnswerFromLink'
import { DEFAULT_QUALITY, type Quality } from './call/media'
import { callNoticeText } from './texts'
import { MeetingHeader } from './MeetingHeader'
import { SidePanel } from './SidePanel'
import { Stage } from './stage/Stage'
import { BottomBar } from './stage/BottomBar'
import { ParticipantsPanel } from './stage/ParticipantsPanel'
import { IncomingCallDialog } from './stage/IncomingCallDialog'
import { ChatPanel } from './chat/ChatPanel'
import { ContactCardsListener } from './chat/ContactCardsListener'
import { ShareContactDialog, type ShareTarget } from './contacts/ShareContactDialog'
import { MeetingProvider, type MeetingContextValue } from './MeetingContext'

const pageQuery = graphql`
  query VideoCallsPageQuery {
    viewer {
      id
      databaseId
      firstName
      fullName
    }
    meetingConfig {
      iceServers {
        urls
        username
        credential
      }
    }
    ...ContactsTab_query
    ...RoomsTab_query
    ...ShareContactDialog_query
  }
`

/** The meeting area (/video-calls): full screen, without the page frame. */
export default function VideoCallsPage() {
  return (
    <Suspense fallback={<LoadingScreen fullPage />}>
      <MeetingArea />
    </Suspense>
  )
}

function MeetingArea() {
  const data = useLazyLoadQuery<VideoCallsPageQuery>(pageQuery, {}, { fetchPolicy: 'store-and-network' })
  const { call, engine } = useCall(data.meetingConfig.iceServers)
  useAnswerFromLink(engine)
  const [quality, setQuality] = useState<Quality>(DEFAULT_QUALITY)
  const [panelOpen, setPanelOpen] = useState(true)
  const [chatOpen, setChatOpen] = useState(false)
  const [participantsOpen, setParticipantsOpen] = useState(false)
  const [share, setShare] = useState<ShareTarget | null>(null)

  // Failures and endings of the call show as notices; the call is already back to idle.
  useEffect(() => {
    if (!call.notice) return
    const { text, error } = callNoticeText(call.notice)
    toaster.create({ type: error ? 'error' : 'info', title: text, closable: true })
    engine.dismissNotice()
  }, [call.notice, engine])

  const viewer = data.viewer
  if (!viewer) return null // the guard signs out a viewer the server no longer knows

  const inRoom = call.status !== 'idle' && call.room !== null
  const context: MeetingContextValue = {
    viewer,
    call,
    engine,
    quality,
    openShare: setShare,
  }

  return (
    <MeetingProvider value={context}>
      <Flex direction="column" h="100dvh" bg="gray.950" color="white" data-testid="meeting-area">
        <MeetingHeader
          quality={quality}
          onQualityChange={(next) => {
            setQuality(next)
            engine.setQuality(next)
          }}
        />
        <Flex flex="1" minH="0">
          <SidePanel open={panelOpen} onToggle={() => setPanelOpen((open) => !open)} query={data} />
          <Flex direction="column" flex="1" minW="0">
            <Box flex="1" minH="0" overflow="auto">
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
  )
}
