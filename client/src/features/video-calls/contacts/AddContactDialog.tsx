import { useState, type FormEvent } from 'react'
import { Badge, Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { Search, UserPlus } from 'lucide-react'
import { toaster } from '../../../components/ui/toaster'
import { MeetingDialog } from '../MeetingDialog'
import { FriendsApiError, searchPeople, sendFriendRequest, type PersonFound } from './friendsApi'

const MIN_QUERY = 2

/** Finds people and sends them a friend request (spec section 8, meeting-area texts). */
export function AddContactDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui()
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<PersonFound[] | null>(null)
  const [searching, setSearching] = useState(false)
  const [searchError, setSearchError] = useState<string | null>(null)
  const [sent, setSent] = useState<Set<number>>(new Set())
  const canSearch = query.trim().length >= MIN_QUERY

  const search = async (event: FormEvent) => {
    event.preventDefault()
    if (!canSearch) return
    setSearching(true)
    setSearchError(null)
    try {
      setResults(await searchPeople(query.trim()))
    } catch (error) {
      setResults(null)
      setSearchError(error instanceof FriendsApiError && error.message ? error.message : t`Не удалось выполнить поиск`)
    } finally {
      setSearching(false)
    }
  }

  const add = async (person: PersonFound) => {
    try {
      await sendFriendRequest(person.id)
      setSent((previous) => new Set(previous).add(person.id))
      toaster.create({ type: 'success', title: t`Заявка в друзья отправлена!` })
    } catch (error) {
      const detail = error instanceof FriendsApiError ? error.message || t`Не удалось отправить заявку` : null
      const title = detail !== null ? t`Ошибка: ${detail}` : t`Ошибка при отправке заявки в друзья`
      toaster.create({ type: 'error', title })
    }
  }

  return (
    <MeetingDialog title={<Trans>Добавить контакт</Trans>} onClose={onClose} testId="add-contact-dialog">
      <Stack gap="4">
        <form onSubmit={search}>
          <HStack>
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t`Имя, фамилия или имя пользователя`}
              aria-label={t`Поиск людей`}
              autoFocus
            />
            <Button type="submit" colorPalette="blue" disabled={!canSearch} loading={searching}>
              <Search size={16} aria-hidden="true" />
              <Trans>Найти</Trans>
            </Button>
          </HStack>
        </form>
        {query.trim().length > 0 && !canSearch && (
          <Text fontSize="sm" color="orange.600">
            <Trans>Введите не менее 2 символов для поиска</Trans>
          </Text>
        )}
        {searchError && (
          <Text fontSize="sm" color="red.600">
            {searchError}
          </Text>
        )}
        {results?.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            <Trans>Никого не найдено</Trans>
          </Text>
        )}
        {results?.map((person) => {
          const status = sent.has(person.id) ? 'pending' : person.friendshipStatus
          return (
            <HStack key={person.id} justify="space-between">
              <Stack gap="0">
                <Text fontWeight="medium">
                  {person.firstName} {person.lastName}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  @{person.username}
                </Text>
              </Stack>
              {status === 'accepted' && <Badge colorPalette="green">{t`В контактах`}</Badge>}
              {status === 'pending' && <Badge colorPalette="orange">{t`Заявка отправлена`}</Badge>}
              {status === null && (
                <Button size="sm" variant="outline" onClick={() => void add(person)}>
                  <UserPlus size={14} aria-hidden="true" />
                  <Trans>Добавить</Trans>
                </Button>
              )}
            </HStack>
          )
        })}
      </Stack>
    </MeetingDialog>
  )
}
