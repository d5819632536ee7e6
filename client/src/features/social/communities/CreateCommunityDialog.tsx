import { useState } from 'react';
import { Button, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import { useNavigate } from 'react-router';
import type {
  CommunityJoinPolicy,
  CreateCommunityDialogMutation,
} from '../../../__generated__/CreateCommunityDialogMutation.graphql';
import { mutationFailure } from '../../../relay/mutationError';
import { FailureAlert } from '../FailureAlert';
import { AppDialog } from '../../../components/AppDialog';
import { requestFailureText } from '../uploads';
import { communityPath } from './communitySection';
import { Field } from '../../../components/ui/field';

const createMutation = graphql`
  mutation CreateCommunityDialogMutation($input: CommunityInput!, $avatar: File) {
    createCommunity(input: $input, avatar: $avatar) {
      __typename
      ... on CommunitySuccess {
        community {
          id
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const CREATE_FAILED = msg`Не удалось создать сообщество`;

/** Creating a community: name, description, join policy and an avatar; the new community's page opens. */
export function CreateCommunityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [joinPolicy, setJoinPolicy] = useState<CommunityJoinPolicy>('OPEN');
  const [avatar, setAvatar] = useState<File | null>(null);
  const [failure, setFailure] = useState<{ title: string; detail?: string } | null>(null);
  const [commit, creating] = useMutation<CreateCommunityDialogMutation>(createMutation);

  const create = () => {
    setFailure(null);
    commit({
      variables: { input: { name, description, joinPolicy }, avatar: null },
      uploadables: avatar ? { avatar } : undefined,
      onCompleted: ({ createCommunity: result }) => {
        if (result.__typename !== 'CommunitySuccess' || !result.community) {
          return setFailure(mutationFailure(result.error, t(CREATE_FAILED)));
        }
        onClose();
        navigate(communityPath(result.community.id));
      },
      onError: (error) => setFailure({ title: requestFailureText(error, CREATE_FAILED) }),
    });
  };

  return (
    <AppDialog
      closeButton
      scrollBehavior="inside"
      open={open}
      onClose={onClose}
      testId="community-create-dialog"
      title={<Trans>Новое сообщество</Trans>}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Отмена</Trans>
          </Button>
          <Button colorPalette="brand" onClick={create} loading={creating} data-testid="community-create-submit">
            <Trans>Создать</Trans>
          </Button>
        </>
      }
    >
      <Stack gap="4">
        <Field label={<Trans>Название</Trans>} required>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} data-testid="community-name" />
        </Field>
        <Field label={<Trans>Описание</Trans>}>
          <Textarea
            value={description}
            maxLength={2000}
            autoresize
            onChange={(e) => setDescription(e.currentTarget.value)}
            data-testid="community-description"
          />
        </Field>
        <Field label={<Trans>Вступление</Trans>}>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={joinPolicy}
              onChange={(e) => setJoinPolicy(e.currentTarget.value as CommunityJoinPolicy)}
              data-testid="community-policy"
            >
              <option value="OPEN">{t`Открытое: вступить может любой`}</option>
              <option value="BY_REQUEST">{t`По заявке: участников одобряют модераторы`}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field>
        <Field label={<Trans>Аватар (JPG или PNG, до 5 МБ)</Trans>}>
          <Input
            type="file"
            accept="image/jpeg,image/png"
            p="1"
            onChange={(e) => setAvatar(e.currentTarget.files?.[0] ?? null)}
            data-testid="community-avatar"
          />
        </Field>
        {failure && <FailureAlert failure={failure} testId="community-create-error" />}
      </Stack>
    </AppDialog>
  );
}
