import { useEffect, useState } from 'react'
import { Alert, Button, Field, Grid, Input, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { LocateFixed, MessageSquareText } from 'lucide-react'
import { graphql, useFragment } from 'react-relay/hooks'
import type { PlacePicker_query$key } from '../../../__generated__/PlacePicker_query.graphql'
import { ModalDialog } from '../ModalDialog'
import { currentPosition, GeolocationError, reverseGeocode } from './geolocation'
import { PlaceReviewsDialog } from './PlaceReviewsDialog'

const placePickerFragment = graphql`
  fragment PlacePicker_query on Query {
    mapProviders {
      key
      name
      description
      isDefault
    }
  }
`

export type Place = { latitude: number; longitude: number; address: string | null; mapProvider: string }

type Draft = { latitude: string; longitude: string; address: string; mapProvider: string }

const toDraft = (place: Place | null, provider: string): Draft => ({
  latitude: place ? String(place.latitude) : '',
  longitude: place ? String(place.longitude) : '',
  address: place?.address ?? '',
  mapProvider: place?.mapProvider ?? provider,
})

/** A coordinate typed by hand: a number within its range, or null. */
function coordinate(value: string, limit: number): number | null {
  const number = Number(value.replace(',', '.'))
  return value.trim() !== '' && Number.isFinite(number) && Math.abs(number) <= limit ? number : null
}

/**
 * The place-picker modal: the map service (openstreetmap by default), the browser's position with
 * its address from reverse geocoding (coordinates when that fails), or coordinates typed by hand;
 * the reviews of the chosen place.
 */
export function PlacePicker({
  query,
  open,
  initial,
  onClose,
  onChoose,
}: {
  query: PlacePicker_query$key
  open: boolean
  initial: Place | null
  onClose: () => void
  onChoose: (place: Place) => void
}) {
  const { t } = useLingui()
  const { mapProviders } = useFragment(placePickerFragment, query)
  const defaultProvider = mapProviders.find((p) => p.isDefault)?.key ?? mapProviders[0]?.key ?? 'openstreetmap'
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial, defaultProvider))
  const [locating, setLocating] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [reviewsOpen, setReviewsOpen] = useState(false)

  useEffect(() => {
    if (open) {
      setDraft(toDraft(initial, defaultProvider))
      setError(null)
    }
  }, [open, initial, defaultProvider])

  const latitude = coordinate(draft.latitude, 90)
  const longitude = coordinate(draft.longitude, 180)
  const valid = latitude !== null && longitude !== null

  const locate = async () => {
    setLocating(true)
    setError(null)
    try {
      const position = await currentPosition()
      const address = await reverseGeocode(position.latitude, position.longitude)
      setDraft((current) => ({ ...current, latitude: String(position.latitude), longitude: String(position.longitude), address }))
    } catch (failure) {
      setError(failure instanceof GeolocationError ? failure.message : t`Не удалось получить текущее местоположение`)
    } finally {
      setLocating(false)
    }
  }

  const choose = () => {
    if (!valid) return
    onChoose({ latitude, longitude, address: draft.address.trim() || null, mapProvider: draft.mapProvider })
    onClose()
  }

  return (
    <>
      <ModalDialog
        open={open}
        onClose={onClose}
        title={<Trans>Место публикации</Trans>}
        testId="place-picker"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              <Trans>Отмена</Trans>
            </Button>
            <Button colorPalette="blue" onClick={choose} disabled={!valid} data-testid="place-choose">
              <Trans>Выбрать</Trans>
            </Button>
          </>
        }
      >
        <Stack gap="4">
          <Button variant="outline" colorPalette="blue" onClick={locate} loading={locating} data-testid="place-locate">
            <LocateFixed size={16} aria-hidden="true" />
            <Trans>Определить моё местоположение</Trans>
          </Button>
          {error && (
            <Alert.Root status="warning" data-testid="place-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root>
            <Field.Label>
              <Trans>Адрес</Trans>
            </Field.Label>
            <Input
              value={draft.address}
              onChange={(e) => setDraft({ ...draft, address: e.currentTarget.value })}
              data-testid="place-address"
            />
          </Field.Root>
          <Grid templateColumns="1fr 1fr" gap="3">
            <Field.Root invalid={draft.latitude !== '' && latitude === null}>
              <Field.Label>
                <Trans>Широта</Trans>
              </Field.Label>
              <Input
                inputMode="decimal"
                value={draft.latitude}
                onChange={(e) => setDraft({ ...draft, latitude: e.currentTarget.value })}
                data-testid="place-latitude"
              />
            </Field.Root>
            <Field.Root invalid={draft.longitude !== '' && longitude === null}>
              <Field.Label>
                <Trans>Долгота</Trans>
              </Field.Label>
              <Input
                inputMode="decimal"
                value={draft.longitude}
                onChange={(e) => setDraft({ ...draft, longitude: e.currentTarget.value })}
                data-testid="place-longitude"
              />
            </Field.Root>
          </Grid>
          <Field.Root>
            <Field.Label>
              <Trans>Картографический сервис</Trans>
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.mapProvider}
                onChange={(e) => setDraft({ ...draft, mapProvider: e.currentTarget.value })}
                data-testid="place-provider"
              >
                {mapProviders.map((provider) => (
                  <option key={provider.key} value={provider.key}>
                    {provider.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{mapProviders.find((p) => p.key === draft.mapProvider)?.description}</Field.HelperText>
          </Field.Root>
          {valid && (
            <Button
              variant="ghost"
              size="sm"
              alignSelf="flex-start"
              onClick={() => setReviewsOpen(true)}
              data-testid="place-reviews-button"
            >
              <MessageSquareText size={16} aria-hidden="true" />
              <Trans>Отзывы об этом месте</Trans>
            </Button>
          )}
          {!valid && (
            <Text fontSize="sm" color="fg.muted">
              <Trans>Определите местоположение или введите координаты.</Trans>
            </Text>
          )}
        </Stack>
      </ModalDialog>
      {valid && (
        <PlaceReviewsDialog
          open={reviewsOpen}
          onClose={() => setReviewsOpen(false)}
          latitude={latitude}
          longitude={longitude}
          address={draft.address.trim() || null}
        />
      )}
    </>
  )
}
