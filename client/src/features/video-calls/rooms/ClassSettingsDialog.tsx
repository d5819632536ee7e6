import { Suspense, useState, type FormEvent } from 'react';
import { Box, Button, HStack, IconButton, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Trash2, UserPlus } from 'lucide-react';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay/hooks';
import type { ClassSettingsDialog_members$key } from '../../../__generated__/ClassSettingsDialog_members.graphql';
import type { ClassSettingsDialogAddMutation } from '../../../__generated__/ClassSettingsDialogAddMutation.graphql';
import type { ClassSettingsDialogDeleteMutation } from '../../../__generated__/ClassSettingsDialogDeleteMutation.graphql';
import type { ClassSettingsDialogQuery, ClassRole } from '../../../__generated__/ClassSettingsDialogQuery.graphql';
import type { ClassSettingsDialogRemoveMutation } from '../../../__generated__/ClassSettingsDialogRemoveMutation.graphql';
import type { ClassSettingsDialogRoleMutation } from '../../../__generated__/ClassSettingsDialogRoleMutation.graphql';
import type { ClassSettingsDialogUpdateMutation } from '../../../__generated__/ClassSettingsDialogUpdateMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { AppDialog } from '../../../components/AppDialog';
import { CLASS_ROLE_LABELS, labelOf } from '../texts';
import { ClassFields, classInput, classValuesErrors, type ClassValues } from './ClassFields';
import { fieldErrorMap, mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';
import { Field } from '../../../components/ui/field';

const settingsQuery = graphql`
  query ClassSettingsDialogQuery($id: ID!) {
    node(id: $id) {
      ... on MeetingClass {
        id
        name
        description
        isPrivate
        maxRooms
        allowUserCreateRooms
        viewerRole
        viewerCan {
          deleteClass
        }
        ...ClassSettingsDialog_members @alias
      }
    }
  }
`;

const membersFragment = graphql`
  fragment ClassSettingsDialog_members on MeetingClass {
    members {
      role
      user {
        id
        fullName
        username
      }
    }
  }
`;

const updateMutation = graphql`
  mutation ClassSettingsDialogUpdateMutation($classId: ID!, $input: MeetingClassInput!) {
    updateMeetingClass(classId: $classId, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on MeetingClassPayload {
        meetingClass {
          id
          name
          description
          isPrivate
          maxRooms
          allowUserCreateRooms
          viewerCan {
            createRoom
          }
        }
      }
    }
  }
`;

const addMutation = graphql`
  mutation ClassSettingsDialogAddMutation($classId: ID!, $username: String!, $role: ClassRole!) {
    addMeetingClassMember(classId: $classId, username: $username, role: $role) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on MeetingClass {
        id
        # The class card shows the count (ClassCard_meetingClass).
        memberCount
        ...ClassSettingsDialog_members @alias
      }
    }
  }
`;

const roleMutation = graphql`
  mutation ClassSettingsDialogRoleMutation($classId: ID!, $userId: ID!, $role: ClassRole!) {
    setMeetingClassMemberRole(classId: $classId, userId: $userId, role: $role) {
      ...mutationError_error @alias(as: "error")
      ... on MeetingClass {
        id
        ...ClassSettingsDialog_members @alias
      }
    }
  }
`;

const removeMutation = graphql`
  mutation ClassSettingsDialogRemoveMutation($classId: ID!, $userId: ID!) {
    removeMeetingClassMember(classId: $classId, userId: $userId) {
      ...mutationError_error @alias(as: "error")
      ... on MeetingClass {
        id
        # The class card shows the count (ClassCard_meetingClass).
        memberCount
        ...ClassSettingsDialog_members @alias
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ClassSettingsDialogDeleteMutation($classId: ID!) {
    deleteMeetingClass(classId: $classId) {
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const ROLES: ClassRole[] = ['ADMIN', 'MODERATOR', 'MEMBER', 'GUEST'];

const failed = (fallback: string) => (error: Error) => {
  toaster.create({ type: 'error', title: asRequestError(error)?.message || fallback });
};

/** A refusal the server answered (an error of the mutation's result union), as a toast. */
const refused = (error: MutationErrorKey, fallback: string) => {
  toaster.create({ type: 'error', title: mutationErrorText(error, fallback) });
};

/** Class settings (its admins and moderators): the class itself, its members and roles, deletion (admin). */
export function ClassSettingsDialog({
  classId,
  onClose,
  onChanged,
}: {
  classId: string;
  onClose: () => void;
  onChanged: () => void;
}) {
  return (
    <AppDialog closeButton title={<Trans>Настройки класса</Trans>} onClose={onClose} testId="class-settings-dialog" size="lg">
      <Suspense fallback={<Spinner />}>
        <Settings classId={classId} onClose={onClose} onChanged={onChanged} />
      </Suspense>
    </AppDialog>
  );
}

function Settings({ classId, onClose, onChanged }: { classId: string; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const { node } = useLazyLoadQuery<ClassSettingsDialogQuery>(settingsQuery, { id: classId }, { fetchPolicy: 'network-only' });
  const [values, setValues] = useState<ClassValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commitUpdate, saving] = useMutation<ClassSettingsDialogUpdateMutation>(updateMutation);
  const [commitDelete, deleting] = useMutation<ClassSettingsDialogDeleteMutation>(deleteMutation);
  if (!node?.id || node.name === undefined) return <Text>{t`Класс не найден`}</Text>;

  const isAdmin = node.viewerRole === 'ADMIN';
  const current: ClassValues = values ?? {
    name: node.name,
    description: node.description ?? '',
    isPrivate: node.isPrivate ?? false,
    maxRooms: String(node.maxRooms),
    allowUserCreateRooms: node.allowUserCreateRooms ?? false,
  };
  const name = node.name;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const local = classValuesErrors(current);
    setErrors(local);
    if (Object.keys(local).length) return;
    commitUpdate({
      variables: { classId, input: classInput(current) },
      onCompleted: ({ updateMeetingClass }) => {
        if (updateMeetingClass.error) return setErrors(fieldErrorMap(updateMeetingClass.error));
        toaster.create({ type: 'success', title: t`Настройки класса сохранены` });
        onChanged();
      },
      onError: failed(t`Не удалось сохранить настройки`),
    });
  };

  const remove = () => {
    if (!window.confirm(t`Удалить класс «${name}» вместе с его комнатами? Это действие необратимо.`)) return;
    const fallback = t`Не удалось удалить класс`;
    commitDelete({
      variables: { classId },
      onCompleted: ({ deleteMeetingClass }) => {
        if (deleteMeetingClass.error) return refused(deleteMeetingClass.error, fallback);
        onChanged();
        onClose();
      },
      onError: failed(fallback),
    });
  };

  return (
    <Stack gap="6">
      <form onSubmit={save} noValidate>
        <Stack gap="4">
          <ClassFields values={current} errors={errors} onChange={setValues} />
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={saving} data-testid="class-settings-save">
            <Trans>Сохранить</Trans>
          </Button>
        </Stack>
      </form>
      <Box borderTopWidth="1px" />
      {node.ClassSettingsDialog_members && (
        <Members classId={classId} isAdmin={isAdmin} meetingClass={node.ClassSettingsDialog_members} onChanged={onChanged} />
      )}
      {node.viewerCan?.deleteClass && (
        <>
          <Box borderTopWidth="1px" />
          <Button
            colorPalette="red"
            variant="outline"
            alignSelf="start"
            onClick={remove}
            loading={deleting}
            data-testid="delete-class"
          >
            <Trash2 size={16} aria-hidden="true" />
            <Trans>Удалить класс</Trans>
          </Button>
        </>
      )}
    </Stack>
  );
}

/** The members and their roles: an admin changes roles; admins and moderators add and remove. */
function Members({
  classId,
  isAdmin,
  meetingClass,
  onChanged,
}: {
  classId: string;
  isAdmin: boolean;
  meetingClass: ClassSettingsDialog_members$key;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const node = useFragment(membersFragment, meetingClass);
  const [username, setUsername] = useState('');
  const [newRole, setNewRole] = useState<ClassRole>('MEMBER');
  const [commitAdd, adding] = useMutation<ClassSettingsDialogAddMutation>(addMutation);
  const [commitRole] = useMutation<ClassSettingsDialogRoleMutation>(roleMutation);
  const [commitRemove] = useMutation<ClassSettingsDialogRemoveMutation>(removeMutation);

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) return;
    commitAdd({
      variables: { classId, username: username.trim().replace(/^@/, ''), role: newRole },
      onCompleted: ({ addMeetingClassMember }) => {
        if (addMeetingClassMember.error) return refused(addMeetingClassMember.error, t`Не удалось добавить участника`);
        setUsername('');
        onChanged();
      },
      onError: failed(t`Не удалось добавить участника`),
    });
  };

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">
        <Trans>Участники</Trans>
      </Text>
      {node.members.map((member) => (
        <HStack key={member.user.id} gap="3">
          <Stack gap="0" flex="1" minW="0">
            <Text fontSize="sm" truncate>
              {member.user.fullName}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              @{member.user.username}
            </Text>
          </Stack>
          {isAdmin ? (
            <RoleSelect
              size="xs"
              value={member.role}
              roles={ROLES}
              onChange={(role) => {
                const fallback = t`Не удалось изменить роль`;
                commitRole({
                  variables: { classId, userId: member.user.id, role },
                  onCompleted: ({ setMeetingClassMemberRole }) => {
                    if (setMeetingClassMemberRole.error) refused(setMeetingClassMemberRole.error, fallback);
                  },
                  onError: failed(fallback),
                });
              }}
            />
          ) : (
            <Text fontSize="xs">{labelOf(CLASS_ROLE_LABELS, member.role)}</Text>
          )}
          <IconButton
            size="xs"
            variant="ghost"
            colorPalette="red"
            aria-label={t`Исключить из класса`}
            onClick={() => {
              const fallback = t`Не удалось исключить участника`;
              commitRemove({
                variables: { classId, userId: member.user.id },
                onCompleted: ({ removeMeetingClassMember }) => {
                  if (removeMeetingClassMember.error) refused(removeMeetingClassMember.error, fallback);
                  else onChanged();
                },
                onError: failed(fallback),
              });
            }}
          >
            <Trash2 size={14} />
          </IconButton>
        </HStack>
      ))}
      <form onSubmit={add}>
        <HStack align="end">
          <Field label={<Trans>Имя пользователя</Trans>} flex="1">
            <Input size="sm" value={username} onChange={(event) => setUsername(event.target.value)} placeholder="@username" />
          </Field>
          <RoleSelect
            size="sm"
            value={newRole}
            // Only an admin hands out the admin and moderator roles.
            roles={ROLES.filter((role) => isAdmin || role === 'MEMBER' || role === 'GUEST')}
            onChange={setNewRole}
          />
          <Button type="submit" size="sm" variant="outline" loading={adding} disabled={!username.trim()}>
            <UserPlus size={14} aria-hidden="true" />
            <Trans>Добавить</Trans>
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

function RoleSelect({
  value,
  roles,
  onChange,
  size,
}: {
  value: ClassRole;
  roles: ClassRole[];
  onChange: (role: ClassRole) => void;
  size: 'xs' | 'sm';
}) {
  const { t } = useLingui();
  return (
    <NativeSelect.Root size={size} width="auto">
      <NativeSelect.Field aria-label={t`Роль`} value={value} onChange={(event) => onChange(event.target.value as ClassRole)}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {labelOf(CLASS_ROLE_LABELS, role)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
