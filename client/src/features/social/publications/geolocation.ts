import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fetchQuery, graphql } from 'react-relay/hooks';
import type { Environment } from 'relay-runtime';
import type { geolocationReverseGeocodeQuery } from '../../../__generated__/geolocationReverseGeocodeQuery.graphql';
import { formatCoordinates } from '../format';

/** Spec section 8, "Geolocation". */
export const GEOLOCATION_ERRORS = {
  failed: msg`Не удалось получить текущее местоположение`,
  unsupported: msg`Геолокация не поддерживается браузером`,
};

export class GeolocationError extends Error {}

/** The browser's position; a GeolocationError with the spec's text when there is none. */
export function currentPosition(timeoutMs = 15_000): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      reject(new GeolocationError(i18n._(GEOLOCATION_ERRORS.unsupported)));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject(new GeolocationError(i18n._(GEOLOCATION_ERRORS.failed))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}

const reverseGeocodeQuery = graphql`
  query geolocationReverseGeocodeQuery($latitude: Float!, $longitude: Float!) {
    reverseGeocode(latitude: $latitude, longitude: $longitude) {
      address
    }
  }
`;

/**
 * The address of a point in the user's language, through our server (which asks the configured
 * geocoder); the coordinates with 6 decimals when the service fails or knows nothing there (spec
 * section 8): the server answers them itself, and this falls back to them when the server cannot be asked.
 */
export async function reverseGeocode(environment: Environment, latitude: number, longitude: number): Promise<string> {
  try {
    const data = await fetchQuery<geolocationReverseGeocodeQuery>(
      environment,
      reverseGeocodeQuery,
      { latitude, longitude },
      { fetchPolicy: 'store-or-network' },
    ).toPromise();
    const address = data?.reverseGeocode.address.trim();
    if (address) return address;
  } catch {
    // Offline, or too many questions at once: the coordinates say where it is.
  }
  return formatCoordinates(latitude, longitude);
}
