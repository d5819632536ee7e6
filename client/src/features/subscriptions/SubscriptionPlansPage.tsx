import { useId, useState } from 'react';
import { Badge, Box, Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Minus, Video } from 'lucide-react';
import { graphql } from 'react-relay/hooks';
import { usePageQuery } from '../../app/pageQuery';
import type { SubscriptionPlansPageQuery } from '../../__generated__/SubscriptionPlansPageQuery.graphql';
import { ScrollRegion } from '../../components/ScrollRegion';
import { formatDate } from '../../i18n/format';
import { SubscribeDialog, type SubscribePlan } from './SubscribeDialog';
import { FEATURE_LABELS, FEATURE_ORDER, STATUS_COLORS, STATUS_LABELS } from './texts';

const plansQuery = graphql`
  query SubscriptionPlansPageQuery {
    viewer {
      ...SubscribeDialog_contact
    }
    subscriptionPlans {
      planId
      name
      description
      price
      maxParticipants
      features
    }
    mySubscription {
      source
      plan {
        planId
        name
      }
      subscription {
        status
        createdAt
        activatedAt
        expiresAt
        plan {
          planId
          name
        }
      }
    }
  }
`;

/** The meeting area's plans (spec section 2): plans table, feature comparison, subscribe dialog. */
export default function SubscriptionPlansPage() {
  const { t, i18n } = useLingui();
  const data = usePageQuery<SubscriptionPlansPageQuery>(plansQuery);
  const featuresHeadingId = useId();
  const [choosing, setChoosing] = useState<SubscribePlan | null>(null);
  const { plan: current, subscription } = data.mySubscription;
  const price = (value: number) => (value > 0 ? t`${new Intl.NumberFormat(i18n.locale).format(value)} ₽/мес` : t`Бесплатно`);
  const participants = (planId: string, max: number) => (planId === 'enterprise' ? t`более 500 (до ${max})` : t`до ${max}`);

  return (
    <Stack gap="6" p={{ base: '3', md: '6' }} maxW="6xl" mx="auto" w="full">
      <HStack gap="3">
        <Video aria-hidden="true" />
        <Heading as="h1" size="xl">
          <Trans>Тарифные планы видеозвонков</Trans>
        </Heading>
      </HStack>

      <Card.Root size="sm" data-testid="my-plan">
        <Card.Body>
          <Stack gap="2">
            <Text>
              <Trans>
                Ваш план: <strong data-testid="my-plan-name">{current.name}</strong>
              </Trans>
              {data.mySubscription.source === 'GROUP' && (
                <Text as="span" color="fg.muted">
                  {' '}
                  <Trans>(план вашей группы)</Trans>
                </Text>
              )}
            </Text>
            {subscription && (
              <HStack gap="2" flexWrap="wrap">
                <Text fontSize="sm">
                  <Trans>Подписка «{subscription.plan.name}»</Trans>
                </Text>
                <Badge colorPalette={STATUS_COLORS[subscription.status] ?? 'gray'} data-testid="my-subscription-status">
                  {STATUS_LABELS[subscription.status] ? i18n._(STATUS_LABELS[subscription.status]) : subscription.status}
                </Badge>
                {subscription.status === 'ACTIVE' && subscription.expiresAt && (
                  <Text fontSize="sm" color="fg.muted" data-testid="my-subscription-end">
                    <Trans>
                      с {formatDate(subscription.activatedAt)} по {formatDate(subscription.expiresAt)}
                    </Trans>
                  </Text>
                )}
                {subscription.status === 'PENDING' && (
                  <Text fontSize="sm" color="fg.muted">
                    <Trans>
                      Заявка от {formatDate(subscription.createdAt)}: подписка активируется после подтверждения оплаты
                    </Trans>
                  </Text>
                )}
              </HStack>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="plans-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <Trans>План</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Цена</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <Trans>Участники</Trans>
              </Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.subscriptionPlans.map((plan) => {
              const isCurrent = plan.planId === current.planId;
              const pending = subscription?.status === 'PENDING' && subscription.plan.planId === plan.planId;
              return (
                <Table.Row key={plan.planId} data-testid={`plan-${plan.planId}`} bg={isCurrent ? 'brand.subtle' : undefined}>
                  <Table.Cell>
                    <Stack gap="0">
                      <HStack gap="2">
                        <Text fontWeight="semibold">{plan.name}</Text>
                        {isCurrent && (
                          <Badge colorPalette="brand" data-testid="current-plan-badge">
                            <Trans>Текущий</Trans>
                          </Badge>
                        )}
                      </HStack>
                      {plan.description && (
                        <Text fontSize="xs" color="fg.muted">
                          {plan.description}
                        </Text>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{price(plan.price)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{participants(plan.planId, plan.maxParticipants)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {plan.price > 0 && !isCurrent && (
                      <Button
                        size="xs"
                        colorPalette="brand"
                        disabled={pending}
                        onClick={() => setChoosing({ planId: plan.planId, name: plan.name, price: plan.price })}
                        data-testid={`subscribe-${plan.planId}`}
                      >
                        {pending ? <Trans>Заявка отправлена</Trans> : <Trans>Подписаться</Trans>}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Box>

      <Stack gap="2">
        <Heading as="h2" size="md" id={featuresHeadingId}>
          <Trans>Сравнение возможностей</Trans>
        </Heading>
        <ScrollRegion aria-labelledby={featuresHeadingId}>
          <Table.Root size="sm" data-testid="features-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Возможность</Trans>
                </Table.ColumnHeader>
                {data.subscriptionPlans.map((plan) => (
                  <Table.ColumnHeader key={plan.planId} textAlign="center">
                    {plan.name}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <Table.Row>
                <Table.Cell>
                  <Trans>Участников в комнате</Trans>
                </Table.Cell>
                {data.subscriptionPlans.map((plan) => (
                  <Table.Cell key={plan.planId} textAlign="center">
                    {plan.planId === 'enterprise' ? `${plan.maxParticipants}+` : plan.maxParticipants}
                  </Table.Cell>
                ))}
              </Table.Row>
              {FEATURE_ORDER.map((feature) => (
                <Table.Row key={feature}>
                  <Table.Cell>{i18n._(FEATURE_LABELS[feature])}</Table.Cell>
                  {data.subscriptionPlans.map((plan) => (
                    <Table.Cell key={plan.planId} textAlign="center">
                      {plan.features.includes(feature) ? (
                        <Check size={16} aria-label={t`Есть`} style={{ display: 'inline' }} />
                      ) : (
                        <Minus size={16} aria-label={t`Нет`} style={{ display: 'inline' }} />
                      )}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollRegion>
        <Text fontSize="xs" color="fg.muted">
          <Trans>Личные звонки один на один бесплатны на всех планах.</Trans>
        </Text>
      </Stack>

      {choosing && data.viewer && <SubscribeDialog plan={choosing} contact={data.viewer} onClose={() => setChoosing(null)} />}
    </Stack>
  );
}
