import { Center, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Film } from 'lucide-react';
import { graphql, useLazyLoadQuery } from 'react-relay/hooks';
import type { RecordingsTabQuery } from '../../../__generated__/RecordingsTabQuery.graphql';
import { RecordingItem } from './RecordingItem';

const tabQuery = graphql`
  query RecordingsTabQuery {
    recordings {
      id
      ...RecordingItem_recording
    }
  }
`;

/** The recordings tab: the member's recordings and those of rooms they created, newest first. */
export function RecordingsTab() {
  // Fresh each time the tab is opened: a recording someone made in the viewer's room appears.
  const { recordings } = useLazyLoadQuery<RecordingsTabQuery>(tabQuery, {}, { fetchPolicy: 'store-and-network' });
  if (recordings.length === 0) {
    return (
      <Center py="10" px="4" data-testid="recordings-empty">
        <Stack align="center" textAlign="center" gap="3" color="whiteAlpha.800">
          <Film size={32} aria-hidden="true" />
          <Text fontWeight="semibold" color="white">
            <Trans>Записей пока нет</Trans>
          </Text>
          <Text fontSize="sm">
            <Trans>Начните запись кнопкой на панели звонка: она появится здесь после остановки.</Trans>
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack gap="2" data-testid="recordings-list">
      {recordings.map((recording) => (
        <RecordingItem key={recording.id} recording={recording} />
      ))}
    </Stack>
  );
}
