import { useRef } from 'react';
import { Badge, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Power, PowerOff, Upload, Video } from 'lucide-react';
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from 'react-relay/hooks';
import type { ModulesTabQuery } from '../../../__generated__/ModulesTabQuery.graphql';
import type { ModulesTabZoomvisorMutation } from '../../../__generated__/ModulesTabZoomvisorMutation.graphql';
import type { ModulesTabUploadMutation } from '../../../__generated__/ModulesTabUploadMutation.graphql';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText } from '../../../relay/mutationError';
import { appendToRootList } from '../../../relay/rootList';
import type { AdminTabProps } from '../adminTabs';
import { ModuleCard, syncZoomvisor } from './ModuleCard';

const modulesTabQuery = graphql`
  query ModulesTabQuery {
    zoomvisorStatus {
      enabled
    }
    modules {
      id
      ...ModuleCard_module
    }
  }
`;

const zoomvisorMutation = graphql`
  mutation ModulesTabZoomvisorMutation($enabled: Boolean!) {
    setZoomvisorEnabled(enabled: $enabled) {
      __typename
      ... on SetZoomvisorEnabledSuccess {
        zoomvisorStatus {
          enabled
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const uploadMutation = graphql`
  mutation ModulesTabUploadMutation($file: File) {
    uploadModule(file: $file) {
      __typename
      ... on UploadModuleSuccess {
        module {
          id
          name
          ...ModuleCard_module
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

/** Spec section 2, "Modules": the ZoomVisor card, package upload, a card per module with its switch. */
export default function ModulesTab({ queryRef }: AdminTabProps) {
  const { t } = useLingui();
  const data = usePreloadedQuery<ModulesTabQuery>(modulesTabQuery, queryRef as PreloadedQuery<ModulesTabQuery>);
  const [commitZoomvisor, switching] = useMutation<ModulesTabZoomvisorMutation>(zoomvisorMutation);
  const [commitUpload, uploading] = useMutation<ModulesTabUploadMutation>(uploadMutation);
  const fileInput = useRef<HTMLInputElement>(null);
  const zoomvisorOn = data.zoomvisorStatus.enabled;
  const fail = (title: string) => {
    toaster.create({ type: 'error', title });
  };

  const switchZoomvisor = (enabled: boolean) =>
    commitZoomvisor({
      variables: { enabled },
      updater: (store, response) => {
        if (response?.setZoomvisorEnabled.__typename === 'SetZoomvisorEnabledSuccess') syncZoomvisor(store, enabled);
      },
      onCompleted: ({ setZoomvisorEnabled: result }) => {
        if (result.__typename !== 'SetZoomvisorEnabledSuccess') {
          return fail(mutationErrorText(result.error, t`Ошибка изменения настроек модуля`));
        }
        toaster.create({ type: 'success', title: enabled ? t`Видеозвонки включены` : t`Видеозвонки отключены` });
      },
      onError: () => fail(t`Ошибка изменения настроек модуля`),
    });

  const upload = (file: File) =>
    commitUpload({
      variables: { file: null },
      uploadables: { file },
      updater: (store) => {
        const module = store.getRootField('uploadModule')?.getLinkedRecord('module');
        if (module) appendToRootList(store, { field: 'modules' }, module);
      },
      onCompleted: ({ uploadModule: result }) => {
        if (result.__typename !== 'UploadModuleSuccess') {
          return fail(t`Ошибка загрузки модуля: ${mutationErrorText(result.error, t`неизвестная ошибка`)}`);
        }
        toaster.create({ type: 'success', title: t`Модуль «${result.module!.name}» установлен (отключён)` });
      },
      onError: () => fail(t`Ошибка загрузки модуля`),
    });

  return (
    <Stack gap="6">
      <Card.Root size="sm" data-testid="zoomvisor-card" data-enabled={zoomvisorOn}>
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" justify="space-between" align={{ md: 'center' }}>
            <HStack gap="3" align="flex-start">
              <Video aria-hidden="true" />
              <Stack gap="1">
                <HStack gap="2">
                  <Heading size="sm">ZoomVisor</Heading>
                  <Badge colorPalette={zoomvisorOn ? 'green' : 'gray'}>
                    {zoomvisorOn ? <Trans>Включён</Trans> : <Trans>Отключён</Trans>}
                  </Badge>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  <Trans>
                    Видеозвонки, групповые комнаты и классы. Отключённый модуль скрыт у всех, а звонки и комнаты недоступны.
                  </Trans>
                </Text>
              </Stack>
            </HStack>
            <HStack gap="2">
              <Button
                size="sm"
                colorPalette="green"
                disabled={zoomvisorOn}
                loading={switching && !zoomvisorOn}
                onClick={() => switchZoomvisor(true)}
                data-testid="zoomvisor-enable"
              >
                <Power />
                <Trans>Включить</Trans>
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                disabled={!zoomvisorOn}
                loading={switching && zoomvisorOn}
                onClick={() => switchZoomvisor(false)}
                data-testid="zoomvisor-disable"
              >
                <PowerOff />
                <Trans>Отключить</Trans>
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root size="sm">
        <Card.Body>
          <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align={{ md: 'center' }}>
            <Stack gap="1">
              <Heading size="sm">
                <Trans>Загрузка модуля</Trans>
              </Heading>
              <Text fontSize="sm" color="fg.muted">
                <Trans>
                  ZIP-архив до 5 МБ с манифестом module.json (name, version, description, author, type). Код из архива не
                  выполняется; стили, шаблон и переводы становятся доступны, модуль устанавливается отключённым.
                </Trans>
              </Text>
            </Stack>
            <input
              ref={fileInput}
              type="file"
              accept=".zip,application/zip"
              hidden
              data-testid="module-upload-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) upload(file);
                event.target.value = '';
              }}
            />
            <Button size="sm" variant="outline" loading={uploading} onClick={() => fileInput.current?.click()} flexShrink="0">
              <Upload />
              <Trans>Загрузить ZIP</Trans>
            </Button>
          </Stack>
        </Card.Body>
      </Card.Root>

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" data-testid="module-cards">
        {data.modules.map((module) => (
          <ModuleCard key={module.id} module={module} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
