import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useMutation } from 'react-relay/hooks';
import type { ClassFormDialogMutation } from '../../../__generated__/ClassFormDialogMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { asRequestError } from '../../../relay/errors';
import { AppDialog, DialogActions } from '../../../components/AppDialog';
import { ClassFields, classInput, classValuesErrors, NEW_CLASS } from './ClassFields';
import { fieldErrorMap } from '../../../relay/mutationError';

const createMutation = graphql`
  mutation ClassFormDialogMutation($input: MeetingClassInput!) {
    createMeetingClass(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
      ... on MeetingClassPayload {
        meetingClass {
          id
        }
      }
    }
  }
`;

/** A new class; its creator becomes its admin. */
export function ClassFormDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [values, setValues] = useState(NEW_CLASS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [commit, saving] = useMutation<ClassFormDialogMutation>(createMutation);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = classValuesErrors(values);
    setErrors(local);
    if (Object.keys(local).length) return;
    commit({
      variables: { input: classInput(values) },
      onCompleted: ({ createMeetingClass }) => {
        if (createMeetingClass.error) return setErrors(fieldErrorMap(createMeetingClass.error));
        onSaved();
        onClose();
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: asRequestError(error)?.message || t`Не удалось создать класс` });
      },
    });
  };

  return (
    <AppDialog
      closeButton
      title={<Trans>Новый класс</Trans>}
      onClose={onClose}
      testId="class-form"
      footer={
        <DialogActions
          onCancel={onClose}
          form="class-form"
          label={<Trans>Создать</Trans>}
          loading={saving}
          testId="class-form-submit"
        />
      }
    >
      <form id="class-form" onSubmit={submit} noValidate>
        <ClassFields values={values} errors={errors} onChange={setValues} />
      </form>
    </AppDialog>
  );
}
