import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type { DeleteCommunityButtonMutation } from '../../../__generated__/DeleteCommunityButtonMutation.graphql';
import { AppDialog } from '../../../components/AppDialog';
import { useActionCallbacks } from './communityParts';

const deleteMutation = graphql`
  mutation DeleteCommunityButtonMutation($id: ID!) {
    deleteCommunity(id: $id) {
      __typename
      ... on DeleteCommunitySuccess {
        deletedId
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/**
 * The owner deletes the community (the way out besides handing ownership over), after a confirmation.
 * The communities list it returns to is read again from the server (store-and-network), so no record is deleted here.
 */
export function DeleteCommunityButton({ communityId }: { communityId: string }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [commit, deleting] = useMutation<DeleteCommunityButtonMutation>(deleteMutation);
  const callbacks = useActionCallbacks()((response: DeleteCommunityButtonMutation['response']) => response.deleteCommunity);
  const remove = () =>
    commit({
      variables: { id: communityId },
      ...callbacks,
      onCompleted: (response) => {
        setConfirming(false);
        if (response.deleteCommunity.error) callbacks.onCompleted(response);
        else navigate('/social?section=communities');
      },
    });
  return (
    <>
      <Button variant="outline" colorPalette="red" size="sm" onClick={() => setConfirming(true)} data-testid="community-delete">
        <Trans>Удалить сообщество</Trans>
      </Button>
      <AppDialog
        closeButton
        scrollBehavior="inside"
        role="alertdialog"
        open={confirming}
        onClose={() => setConfirming(false)}
        testId="community-delete-dialog"
        title={<Trans>Удалить сообщество?</Trans>}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              <Trans>Отмена</Trans>
            </Button>
            <Button colorPalette="red" onClick={remove} loading={deleting} data-testid="community-delete-confirm">
              <Trans>Удалить сообщество</Trans>
            </Button>
          </>
        }
      >
        <Text>
          <Trans>Сообщество, его публикации, участники и заявки будут удалены безвозвратно.</Trans>
        </Text>
      </AppDialog>
    </>
  );
}
