import { Alert, Badge, Box, Button, Card, Center, Field, Flex, Grid, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { MessageCircle, Search, UserPlus } from 'lucide-react'
import { Suspense, useMemo, useState, type ReactNode } from 'react'
import { graphql, useLazyLoadQuery, useMutation, useSubscription } from 'react-relay/hooks'
import { Link as RouterLink, useNavigate } from 'react-router'
import type { GraphQLSubscriptionConfig } from 'relay-runtime'
import type { ContactsPanelQuery } from '../../__generated__/ContactsPanelQuery.graphql'
import type { ContactsPanelSearchQuery } from '../../__generated__/ContactsPanelSearchQuery.graphql'
import type { ContactsPanelRespondMutation } from '../../__generated__/ContactsPanelRespondMutation.graphql'
import type { ContactsPanelRequestMutation } from '../../__generated__/ContactsPanelRequestMutation.graphql'
import type { ContactsPanelNotificationsSubscription } from '../../__generated__/ContactsPanelNotificationsSubscription.graphql'
import { UserAvatar } from '../../components/UserAvatar'
import { toaster } from '../../components/ui/toaster'
import { formatDateTime } from '../../i18n/format'
import { messengerPath } from '../messenger/selectRecipient'

/** Contact search needs this many characters (spec section 5). */
export const SEARCH_MIN_LENGTH = 2

const panelQuery = graphql`
  query ContactsPanelQuery {
    incomingFriendRequests(first: 50) {
      edges {
        node {
          id
          createdAt
          requester {
            id
            firstName
            lastName
            username
            avatarImage
          }
        }
      }
    }
    friendships(first: 200) {
      totalCount
      edges {
        node {
          id
          otherUser {
            id
            firstName
            lastName
            username
            avatarImage
            status
          }
        }
      }
    }
  }
`

const searchQuery = graphql`
  query ContactsPanelSearchQuery($query: String!) {
    contactSearch(query: $query, first: 30) {
      edges {
        node {
          id
          firstName
          lastName
          username
          avatarImage
          friendshipStatus
        }
      }
    }
  }
`

const respondMutation = graphql`
  mutation ContactsPanelRespondMutation($requestId: ID!, $accept: Boolean!) {
    respondToFriendRequest(requestId: $requestId, accept: $accept) {
      __typename
      ... on FriendshipChange {
        user {
          id
          friendshipStatus
        }
      }
      ... on Error {
        message
      }
    }
  }
`

const requestMutation = graphql`
  mutation ContactsPanelRequestMutation($userId: ID!) {
    sendFriendRequest(userId: $userId) {
      __typename
      ... on FriendshipChange {
        user {
          id
          friendshipStatus
        }
      }
      ... on Error {
        message
      }
    }
  }
`

const notificationsSubscription = graphql`
  subscription ContactsPanelNotificationsSubscription {
    notifications {
      id
      kind
    }
  }
`

function Section({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Header>
        <Heading size="md">{title}</Heading>
      </Card.Header>
      <Card.Body pt="0">{children}</Card.Body>
    </Card.Root>
  )
}

/** The friendship state of a search result, as the spec words it: none, request sent, friends. */
function StatusBadge({ state }: { state: string | null | undefined }) {
  if (state === 'ACCEPTED')
    return (
      <Badge colorPalette="green" data-testid="search-status">
        <Trans>В друзьях</Trans>
      </Badge>
    )
  if (state === 'PENDING_OUTGOING')
    return (
      <Badge colorPalette="blue" data-testid="search-status">
        <Trans>Заявка отправлена</Trans>
      </Badge>
    )
  if (state === 'PENDING_INCOMING')
    return (
      <Badge colorPalette="orange" data-testid="search-status">
        <Trans>Ждёт вашего ответа</Trans>
      </Badge>
    )
  return null
}

function SearchResults({ query }: { query: string }) {
  const { t } = useLingui()
  const data = useLazyLoadQuery<ContactsPanelSearchQuery>(searchQuery, { query }, { fetchPolicy: 'network-only' })
  const [commitRequest, sending] = useMutation<ContactsPanelRequestMutation>(requestMutation)
  const results = data.contactSearch.edges
  if (results.length === 0) {
    return (
      <Text color="fg.muted" data-testid="search-empty">
        <Trans>Никого не нашлось</Trans>
      </Text>
    )
  }
  const add = (userId: string) =>
    commitRequest({
      variables: { userId },
      onCompleted: ({ sendFriendRequest: result }) => {
        if (result.__typename === 'FriendshipChange') toaster.create({ type: 'success', title: t`Заявка в друзья отправлена!` })
        else toaster.create({ type: 'error', title: result.__typename !== '%other' && result.message ? result.message : t`Неизвестная ошибка` })
      },
      onError: (error) => {
        toaster.create({ type: 'error', title: error.message || t`Неизвестная ошибка` })
      },
    })
  return (
    <Stack gap="2" data-testid="search-results">
      {results.map(({ node }) => (
        <Flex key={node.id} align="center" gap="3" data-testid="search-result">
          <UserAvatar user={node} size="sm" />
          <Box flex="1" minW="0">
            <Text fontWeight="medium" truncate>
              {node.firstName} {node.lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              @{node.username}
            </Text>
          </Box>
          <StatusBadge state={node.friendshipStatus} />
          {node.friendshipStatus === 'NONE' && (
            <Button size="sm" colorPalette="blue" onClick={() => add(node.id)} loading={sending} data-testid="search-add">
              <UserPlus size={16} />
              <Trans>Добавить</Trans>
            </Button>
          )}
        </Flex>
      ))}
    </Stack>
  )
}

function ContactSearch() {
  const { t } = useLingui()
  const [text, setText] = useState('')
  const [submitted, setSubmitted] = useState<string | null>(null)
  const [warning, setWarning] = useState(false)
  const tooShort = text.trim().length < SEARCH_MIN_LENGTH
  const search = () => {
    if (tooShort) {
      setWarning(true)
      return
    }
    setWarning(false)
    setSubmitted(text.trim())
  }
  return (
    <Stack gap="3">
      <Field.Root invalid={warning}>
        <Field.Label>
          <Trans>Поиск контактов</Trans>
        </Field.Label>
        <HStack w="full">
          <Input
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search()
            }}
            placeholder={t`Имя, фамилия или имя пользователя`}
            data-testid="contact-search-input"
          />
          <Button onClick={search} disabled={tooShort} colorPalette="blue" data-testid="contact-search-button">
            <Search size={16} />
            <Trans>Найти</Trans>
          </Button>
        </HStack>
        {warning && (
          <Field.ErrorText data-testid="contact-search-warning">
            <Trans>Введите минимум 2 символа для поиска</Trans>
          </Field.ErrorText>
        )}
      </Field.Root>
      {submitted && (
        <Suspense fallback={<Spinner />}>
          <SearchResults query={submitted} />
        </Suspense>
      )}
    </Stack>
  )
}

/** /social contacts: incoming requests (live), contact search, and "My contacts". */
export default function ContactsPanel() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [fetchKey, setFetchKey] = useState(0)
  const data = useLazyLoadQuery<ContactsPanelQuery>(panelQuery, {}, { fetchPolicy: 'store-and-network', fetchKey })
  const [commitRespond, responding] = useMutation<ContactsPanelRespondMutation>(respondMutation)
  const [error, setError] = useState<string | null>(null)

  // A request sent to the viewer, or one of theirs accepted, shows up without a reload.
  const live = useMemo<GraphQLSubscriptionConfig<ContactsPanelNotificationsSubscription>>(
    () => ({
      subscription: notificationsSubscription,
      variables: {},
      onNext: (response) => {
        const kind = response?.notifications.kind
        if (kind === 'FRIEND_REQUEST' || kind === 'FRIEND_ACCEPTED') setFetchKey((key) => key + 1)
      },
      onError: () => {},
    }),
    [],
  )
  useSubscription(live)

  const respond = (requestId: string, accept: boolean) => {
    setError(null)
    commitRespond({
      variables: { requestId, accept },
      onCompleted: ({ respondToFriendRequest: result }) => {
        if (result.__typename !== 'FriendshipChange') {
          setError(t`Ошибка обработки заявки`)
          return
        }
        toaster.create({ type: 'success', title: accept ? t`Заявка принята!` : t`Заявка отклонена!` })
        setFetchKey((key) => key + 1)
      },
      onError: () => setError(t`Ошибка обработки заявки`),
    })
  }

  const requests = data.incomingFriendRequests.edges
  const contacts = data.friendships.edges
  return (
    <Stack gap="6">
      <Section title={<Trans>Заявки в друзья</Trans>} testId="incoming-requests">
        {error && (
          <Alert.Root status="error" mb="3">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        {requests.length === 0 ? (
          <Text color="fg.muted">
            <Trans>Новых заявок нет</Trans>
          </Text>
        ) : (
          <Stack gap="3">
            {requests.map(({ node }) => (
              <Flex key={node.id} align="center" gap="3" data-testid="incoming-request">
                <UserAvatar user={node.requester} size="sm" />
                <Box flex="1" minW="0">
                  <Text fontWeight="medium" truncate data-testid="incoming-request-name">
                    {node.requester.firstName} {node.requester.lastName}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatDateTime(node.createdAt)}
                  </Text>
                </Box>
                <Button size="sm" colorPalette="green" loading={responding} onClick={() => respond(node.id, true)} data-testid="accept-request">
                  <Trans>Принять</Trans>
                </Button>
                <Button size="sm" variant="outline" loading={responding} onClick={() => respond(node.id, false)} data-testid="decline-request">
                  <Trans>Отклонить</Trans>
                </Button>
              </Flex>
            ))}
          </Stack>
        )}
      </Section>

      <Section title={<Trans>Найти контакты</Trans>} testId="contact-search">
        <ContactSearch />
      </Section>

      <Section
        title={
          <HStack>
            <Trans>Мои контакты</Trans>
            <Badge data-testid="contacts-count">{data.friendships.totalCount}</Badge>
          </HStack>
        }
        testId="my-contacts"
      >
        {contacts.length === 0 ? (
          <Center py="4">
            <Text color="fg.muted">
              <Trans>Контактов пока нет: найдите знакомых через поиск.</Trans>
            </Text>
          </Center>
        ) : (
          <Grid templateColumns="repeat(auto-fill, minmax(12rem, 1fr))" gap="3">
            {contacts.map(({ node }) => {
              const person = node.otherUser
              return (
                <Card.Root key={node.id} size="sm" variant="outline" data-testid="contact-card">
                  <Card.Body>
                    <Stack align="center" textAlign="center" gap="2">
                      <UserAvatar user={person} size="lg" />
                      <RouterLink to={`/profile/${person.username}`} data-testid="contact-profile-link">
                        <Text fontWeight="semibold" _hover={{ textDecoration: 'underline' }}>
                          {person.firstName} {person.lastName}
                        </Text>
                      </RouterLink>
                      {person.status && (
                        <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                          {person.status}
                        </Text>
                      )}
                      <Button size="xs" variant="outline" onClick={() => navigate(messengerPath(person.id))} data-testid="contact-message">
                        <MessageCircle size={14} />
                        <Trans>Написать</Trans>
                      </Button>
                    </Stack>
                  </Card.Body>
                </Card.Root>
              )
            })}
          </Grid>
        )}
      </Section>
    </Stack>
  )
}
