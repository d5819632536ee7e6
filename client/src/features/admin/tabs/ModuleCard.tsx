import { Badge, Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { graphql, useFragment, useMutation } from 'react-relay/hooks';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { ModuleCard_module$key } from '../../../__generated__/ModuleCard_module.graphql';
import type { ModuleCardToggleMutation } from '../../../__generated__/ModuleCardToggleMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';

const moduleFragment = graphql`
  fragment ModuleCard_module on Module {
    id
    name
    description
    version
    author
    status
    moduleType
    # Read from the store by syncZoomvisor.
    guarded
  }
`;

const toggleMutation = graphql`
  mutation ModuleCardToggleMutation($moduleId: ID!) {
    toggleModule(moduleId: $moduleId) {
      __typename
      ... on ToggleModuleSuccess {
        module {
          status
          guarded
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/**
 * The ZoomVisor switch and its card in the list are one row: whichever is used, both (and the
 * header's video-call link, which reads `zoomvisorStatus`) follow.
 */
export function syncZoomvisor(store: RecordSourceSelectorProxy, enabled: boolean) {
  store.getRoot().getLinkedRecord('zoomvisorStatus')?.setValue(enabled, 'enabled');
  for (const module of store.getRoot().getLinkedRecords('modules') ?? []) {
    if (module?.getValue('guarded')) module.setValue(enabled ? 'ACTIVE' : 'INACTIVE', 'status');
  }
}

/** A module card (spec section 3, "Module"): name, status, description, version, author, type, its switch. */
export function ModuleCard({ module: key }: { module: ModuleCard_module$key }) {
  const { t } = useLingui();
  const module = useFragment(moduleFragment, key);
  const [commitToggle, toggling] = useMutation<ModuleCardToggleMutation>(toggleMutation);
  const active = module.status === 'ACTIVE';
  const fail = () => {
    toaster.create({ type: 'error', title: t`Ошибка изменения настроек модуля` });
  };

  const toggle = () =>
    commitToggle({
      variables: { moduleId: module.id },
      updater: (store, response) => {
        const result = response?.toggleModule;
        if (result?.__typename === 'ToggleModuleSuccess' && result.module?.guarded) {
          syncZoomvisor(store, result.module.status === 'ACTIVE');
        }
      },
      onCompleted: ({ toggleModule: result }) => {
        if (result.__typename !== 'ToggleModuleSuccess') {
          toaster.create({ type: 'error', title: mutationErrorText(result.error, t`Ошибка изменения настроек модуля`) });
        }
      },
      onError: fail,
    });

  return (
    <Card.Root size="sm" data-testid="module-card" data-status={module.status}>
      <Card.Body gap="2">
        <HStack justify="space-between" gap="2">
          <Heading size="sm" truncate>
            {module.name}
          </Heading>
          <Badge colorPalette={active ? 'green' : 'gray'}>{active ? <Trans>Активен</Trans> : <Trans>Неактивен</Trans>}</Badge>
        </HStack>
        {module.description && (
          <Text fontSize="sm" color="fg.muted">
            {module.description}
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          <Trans>
            Версия {module.version} · автор {module.author} · тип {module.moduleType}
          </Trans>
        </Text>
      </Card.Body>
      <Card.Footer>
        <Button
          size="sm"
          variant={active ? 'outline' : 'solid'}
          colorPalette={active ? 'red' : 'green'}
          loading={toggling}
          onClick={toggle}
        >
          {active ? <Trans>Отключить</Trans> : <Trans>Включить</Trans>}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
