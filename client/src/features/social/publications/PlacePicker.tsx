import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Alert, Box, Button, Field as ChakraField, HStack, Input, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LocateFixed, MapPin, MessageSquareText, Search } from 'lucide-react';
import { fetchQuery, graphql, useFragment, useRelayEnvironment } from 'react-relay/hooks';
import type { PlacePicker_query$key } from '../../../__generated__/PlacePicker_query.graphql';
import type { PlacePickerSearchQuery, PlacePickerSearchQuery$data } from '../../../__generated__/PlacePickerSearchQuery.graphql';
import { asRequestError } from '../../../relay/errors';
import { formatCoordinates } from '../format';
import { AppDialog } from '../../../components/AppDialog';
import { currentPosition, GeolocationError, reverseGeocode } from './geolocation';
import { PlaceReviewsDialog } from './PlaceReviewsDialog';
import type { LatLon } from './PlaceMap';
import { Field } from '../../../components/ui/field';

/** Leaflet and its styles load with the picker, not with the feed (nor the login page). */
const PlaceMap = lazy(() => import('./PlaceMap'));

const placePickerFragment = graphql`
  fragment PlacePicker_query on Query {
    mapProviders {
      key
      name
      description
      isDefault
    }
    mapConfig {
      tileUrlTemplate
      tileAttribution
      addressSearch
    }
  }
`;

const searchQuery = graphql`
  query PlacePickerSearchQuery($query: String!) {
    geocodeSearch(query: $query) {
      displayName
      latitude
      longitude
    }
  }
`;

type SearchResult = PlacePickerSearchQuery$data['geocodeSearch'][number];

export type Place = { latitude: number; longitude: number; address: string | null; mapProvider: string };

type Draft = { point: LatLon | null; address: string; mapProvider: string };

const toDraft = (place: Place | null, provider: string): Draft => ({
  point: place ? { latitude: place.latitude, longitude: place.longitude } : null,
  address: place?.address ?? '',
  mapProvider: place?.mapProvider ?? provider,
});

/**
 * The place-picker modal: a map (Leaflet, tiles from the server's configuration) with a draggable
 * pin that a click or tap also moves; address search and reverse geocoding through our server;
 * the browser's position ("my location"); the map service to link the place to (openstreetmap by
 * default); the reviews of the chosen place. A point's address comes from reverse geocoding, or
 * is its coordinates with 6 decimals when the service fails (spec section 8); it may be edited.
 */
export function PlacePicker({
  query,
  open,
  initial,
  onClose,
  onChoose,
}: {
  query: PlacePicker_query$key;
  open: boolean;
  initial: Place | null;
  onClose: () => void;
  onChoose: (place: Place) => void;
}) {
  const { t } = useLingui();
  const environment = useRelayEnvironment();
  const { mapProviders, mapConfig } = useFragment(placePickerFragment, query);
  const defaultProvider = mapProviders.find((p) => p.isDefault)?.key ?? mapProviders[0]?.key ?? 'openstreetmap';
  const [draft, setDraft] = useState<Draft>(() => toDraft(initial, defaultProvider));
  const [recenterKey, setRecenterKey] = useState(0);
  const [locating, setLocating] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reviewsOpen, setReviewsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<readonly SearchResult[] | null>(null);
  // Only the answer about the latest point may fill the address (the pin can move faster than the geocoder).
  const lastPoint = useRef(0);

  // Opening (or a new starting place while open) starts from `initial` again: adjusted while
  // rendering, as React advises for state that follows props, rather than in an effect.
  const [shownFor, setShownFor] = useState({ open, initial, defaultProvider });
  if (shownFor.open !== open || shownFor.initial !== initial || shownFor.defaultProvider !== defaultProvider) {
    setShownFor({ open, initial, defaultProvider });
    if (open) {
      setDraft(toDraft(initial, defaultProvider));
      setRecenterKey((key) => key + 1);
      setError(null);
      setResults(null);
      setSearch('');
    }
  }

  const point = draft.point;

  /** Puts the pin at a point; without a known name for it, asks the server for its address. */
  const placeAt = useCallback(
    async (next: LatLon, opts: { address?: string; recenter?: boolean } = {}) => {
      const id = ++lastPoint.current;
      setDraft((current) => ({ ...current, point: next, address: opts.address ?? current.address }));
      if (opts.recenter) setRecenterKey((key) => key + 1);
      if (opts.address !== undefined) {
        setResolving(false);
        return;
      }
      setResolving(true);
      const address = await reverseGeocode(environment, next.latitude, next.longitude);
      if (id !== lastPoint.current) return;
      setResolving(false);
      setDraft((current) => ({ ...current, address }));
    },
    [environment],
  );

  const pick = useCallback((next: LatLon) => void placeAt(next), [placeAt]);

  const locate = async () => {
    setLocating(true);
    setError(null);
    try {
      const position = await currentPosition();
      await placeAt(position, { recenter: true });
    } catch (failure) {
      setError(failure instanceof GeolocationError ? failure.message : t`Не удалось получить текущее местоположение`);
    } finally {
      setLocating(false);
    }
  };

  const runSearch = async () => {
    const words = search.trim();
    if (words.length < 2) return setError(t`Введите хотя бы 2 символа адреса`);
    setSearching(true);
    setError(null);
    try {
      const data = await fetchQuery<PlacePickerSearchQuery>(environment, searchQuery, { query: words }).toPromise();
      setResults(data?.geocodeSearch ?? []);
    } catch (failure) {
      const request = asRequestError(failure);
      setResults(null);
      setError(request?.kind === 'graphql' ? request.message : t`Не удалось выполнить поиск адреса`);
    } finally {
      setSearching(false);
    }
  };

  const chooseResult = (result: SearchResult) => {
    setResults(null);
    void placeAt({ latitude: result.latitude, longitude: result.longitude }, { address: result.displayName, recenter: true });
  };

  const choose = () => {
    if (!point) return;
    onChoose({
      latitude: point.latitude,
      longitude: point.longitude,
      address: draft.address.trim() || null,
      mapProvider: draft.mapProvider,
    });
    onClose();
  };

  return (
    <>
      <AppDialog
        closeButton
        scrollBehavior="inside"
        open={open}
        onClose={onClose}
        title={<Trans>Место публикации</Trans>}
        testId="place-picker"
        footer={
          <>
            <Button variant="ghost" onClick={onClose}>
              <Trans>Отмена</Trans>
            </Button>
            <Button colorPalette="brand" onClick={choose} disabled={!point || resolving} data-testid="place-choose">
              <Trans>Выбрать</Trans>
            </Button>
          </>
        }
      >
        <Stack gap="3">
          {mapConfig.addressSearch && (
            <Box
              as="form"
              role="search"
              onSubmit={(event) => {
                event.preventDefault();
                void runSearch();
              }}
            >
              <HStack gap="2">
                <Input
                  type="search"
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  placeholder={t`Найти адрес или место`}
                  aria-label={t`Поиск адреса`}
                  enterKeyHint="search"
                  maxLength={200}
                  flex="1"
                  minW="0"
                  data-testid="place-search"
                />
                <Button type="submit" colorPalette="brand" variant="subtle" loading={searching} data-testid="place-search-submit">
                  <Search size={16} aria-hidden="true" />
                  <Trans>Найти</Trans>
                </Button>
              </HStack>
            </Box>
          )}
          {results && (
            <Stack as="ul" gap="1" listStyleType="none" data-testid="place-search-results" aria-label={t`Найденные места`}>
              {results.length === 0 && (
                <Text as="li" fontSize="sm" color="fg.muted" data-testid="place-search-empty">
                  <Trans>Ничего не найдено</Trans>
                </Text>
              )}
              {results.map((result) => (
                <li key={`${result.latitude},${result.longitude},${result.displayName}`}>
                  <Button
                    variant="ghost"
                    size="sm"
                    w="full"
                    justifyContent="flex-start"
                    textAlign="start"
                    whiteSpace="normal"
                    h="auto"
                    py="1.5"
                    onClick={() => chooseResult(result)}
                    data-testid="place-search-result"
                  >
                    <MapPin size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
                    <Text as="span" lineClamp={2}>
                      {result.displayName}
                    </Text>
                  </Button>
                </li>
              ))}
            </Stack>
          )}
          <Button variant="outline" colorPalette="brand" onClick={locate} loading={locating} data-testid="place-locate">
            <LocateFixed size={16} aria-hidden="true" />
            <Trans>Определить моё местоположение</Trans>
          </Button>
          {error && (
            <Alert.Root status="warning" data-testid="place-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          {open && (
            <Suspense fallback={<Skeleton h={{ base: '15rem', md: '20rem' }} rounded="md" />}>
              <PlaceMap
                tileUrlTemplate={mapConfig.tileUrlTemplate}
                tileAttribution={mapConfig.tileAttribution}
                point={point}
                recenterKey={recenterKey}
                onPick={pick}
              />
            </Suspense>
          )}
          <Text fontSize="sm" color="fg.muted" data-testid="place-coordinates">
            {point ? (
              formatCoordinates(point.latitude, point.longitude)
            ) : (
              <Trans>Найдите адрес, определите местоположение или нажмите на карту.</Trans>
            )}
          </Text>
          <Field label={<Trans>Адрес</Trans>}>
            <Input
              value={draft.address}
              onChange={(e) => setDraft({ ...draft, address: e.currentTarget.value })}
              disabled={!point}
              placeholder={resolving ? t`Определяем адрес…` : undefined}
              data-testid="place-address"
            />
          </Field>
          <ChakraField.Root>
            <ChakraField.Label>
              <Trans>Картографический сервис</Trans>
            </ChakraField.Label>
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
            <ChakraField.HelperText>{mapProviders.find((p) => p.key === draft.mapProvider)?.description}</ChakraField.HelperText>
          </ChakraField.Root>
          {point && (
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
        </Stack>
      </AppDialog>
      {point && (
        <PlaceReviewsDialog
          open={reviewsOpen}
          onClose={() => setReviewsOpen(false)}
          latitude={point.latitude}
          longitude={point.longitude}
          address={draft.address.trim() || null}
        />
      )}
    </>
  );
}
