import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { currentLocale } from '../../../i18n/locale'
import { formatCoordinates } from '../format'

/** Spec section 8, "Geolocation". */
export const GEOLOCATION_ERRORS = {
  failed: msg`Не удалось получить текущее местоположение`,
  unsupported: msg`Геолокация не поддерживается браузером`,
}

export class GeolocationError extends Error {}

/** The browser's position; a GeolocationError with the spec's text when there is none. */
export function currentPosition(timeoutMs = 15_000): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      reject(new GeolocationError(i18n._(GEOLOCATION_ERRORS.unsupported)))
      return
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => reject(new GeolocationError(i18n._(GEOLOCATION_ERRORS.failed))),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    )
  })
}

/** OpenStreetMap's public reverse geocoder (spec section 7, "Other"). */
export const REVERSE_GEOCODER_URL = 'https://nominatim.openstreetmap.org/reverse'

/**
 * The address of a point in the user's language; the coordinates with 6 decimals when the
 * geocoding service fails or knows nothing there (spec section 8).
 */
export async function reverseGeocode(latitude: number, longitude: number, timeoutMs = 8_000): Promise<string> {
  const url = `${REVERSE_GEOCODER_URL}?format=jsonv2&lat=${latitude}&lon=${longitude}&accept-language=${currentLocale()}`
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { Accept: 'application/json' } })
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`)
    const body = (await response.json()) as { display_name?: unknown }
    if (typeof body.display_name === 'string' && body.display_name.trim()) return body.display_name.trim()
  } catch {
    // Offline, blocked or unknown place: the coordinates say where it is.
  }
  return formatCoordinates(latitude, longitude)
}
