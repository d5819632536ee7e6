import { Suspense, useState, type FormEvent } from 'react';
import { Field as ChakraField, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { RoomFormDialogConfigQuery } from '../../../__generated__/RoomFormDialogConfigQuery.graphql';
import type { GroupRoomType, RoomFormDialogMutation } from '../../../__generated__/RoomFormDialogMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { labelOf, ROOM_TYPE_LABELS } from '../texts';
import { fieldErrorMap, mutationErrorText, readMutationError } from '../../../relay/mutationError';
import { Field } from '../../../components/ui/field';

const createMutation = graphql`
  mutation RoomFormDialogMutation($classId: ID, $input: CreateRoomInput!) {
    createRoom(classId: $classId, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on RoomPayload {
        room {
          id
        }
      }
    }
  }
`;

const configQuery = graphql`
  query RoomFormDialogConfigQuery {
    meetingConfig {
      sfuAvailable
      meshMaxParticipants
    }
  }
`;

const TYPES: GroupRoomType[] = ['GROUP', 'LECTURE', 'MEETING', 'STUDY'];

/** A new room (spec section 5): a name, a kind, 2 to 100 participants (10 by default). */
export function RoomFormDialog({
  classId,
  onClose,
  onSaved,
}: {
  classId: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [type, setType] = useState<GroupRoomType>('GROUP');
  const [maxParticipants, setMaxParticipants] = useState('10');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<RoomFormDialogMutation>(createMutation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const max = Number(maxParticipants);
    const local: Record<string, string> = {};
    if (!name.trim()) local.name = t`Введите название комнаты`;
    if (!Number.isInteger(max) || max < 2 || max > 100) local.maxParticipants = t`Максимум участников: от 2 до 100`;
    setErrors(local);
    if (Object.keys(local).length) return;
    commit({
      variables: { classId, input: { name: name.trim(), type, maxParticipants: max } },
      onCompleted: ({ createRoom }) => {
        // A ValidationError names its fields; any other error (the class's room limit) is the form's.
        if (readMutationError(createRoom.error)?.__typename === 'ValidationError')
          return setErrors(fieldErrorMap(createRoom.error));
        if (createRoom.error) return setErrors({ form: mutationErrorText(createRoom.error, '') });
        onSaved();
        onClose();
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || t`Не удалось создать комнату` });
      },
    });
  };

  return (
    <AppDialog
      closeButton
      title={<Trans>Новая комната</Trans>}
      onClose={onClose}
      testId="room-form"
      footer={
        <DialogActions
          onCancel={onClose}
          form="room-form"
          label={<Trans>Создать</Trans>}
          loading={saving}
          testId="room-form-submit"
        />
      }
    >
      <form id="room-form" onSubmit={submit} noValidate>
        <Stack gap="4">
          <Field label={<Trans>Название</Trans>} errorText={errors.name} required>
            <Input
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={200}
              autoFocus
              data-testid="room-form-name"
            />
          </Field>
          <Field label={<Trans>Тип</Trans>}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={type}
                onChange={(event) => setType(event.target.value as GroupRoomType)}
                data-testid="room-form-type"
              >
                {TYPES.map((value) => (
                  <option key={value} value={value}>
                    {labelOf(ROOM_TYPE_LABELS, value)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field>
          <ChakraField.Root invalid={!!errors.maxParticipants}>
            <ChakraField.Label>
              <Trans>Максимум участников (2–100)</Trans>
            </ChakraField.Label>
            <Input
              type="number"
              min={2}
              max={100}
              value={maxParticipants}
              onChange={(event) => setMaxParticipants(event.target.value)}
              data-testid="room-form-max"
            />
            <ChakraField.ErrorText>{errors.maxParticipants}</ChakraField.ErrorText>
            <Suspense fallback={null}>
              <MeshOnlyHint />
            </Suspense>
          </ChakraField.Root>
          {errors.form && (
            <ChakraField.Root invalid>
              <ChakraField.ErrorText>{errors.form}</ChakraField.ErrorText>
            </ChakraField.Root>
          )}
        </Stack>
      </form>
    </AppDialog>
  );
}

/** Without the media server, a call stops at the mesh size whatever the room allows: the form says so. */
function MeshOnlyHint() {
  const { meetingConfig } = useLazyLoadQuery<RoomFormDialogConfigQuery>(configQuery, {}, { fetchPolicy: 'store-and-network' });
  const mesh = meetingConfig.meshMaxParticipants;
  if (meetingConfig.sfuAvailable) return null;
  return (
    <ChakraField.HelperText data-testid="room-form-mesh-only">
      <Trans>Медиасервер сейчас недоступен: в звонке может быть не более {mesh} участников</Trans>
    </ChakraField.HelperText>
  );
}
