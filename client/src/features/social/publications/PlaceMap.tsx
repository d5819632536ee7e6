import { useEffect, useMemo, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';

export type LatLon = { latitude: number; longitude: number };

/** Leaflet finds its default marker images through its CSS, which a bundler breaks: named here. */
const PIN_ICON = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  shadowSize: [41, 41],
});

/** Before any place is chosen: Europe and western Asia. */
const START_CENTER: L.LatLngTuple = [55.75, 37.62];
const START_ZOOM = 3;
const PLACE_ZOOM = 16;

/** Clicks (taps) on the map place the pin there. */
function ClickToPlace({ onPick }: { onPick: (point: LatLon) => void }) {
  useMapEvents({ click: (event) => onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng }) });
  return null;
}

/**
 * Follows the chosen point (a search result, "my location"), without moving the map for a pin the
 * member placed by hand; and tells Leaflet when the dialog around it changes size.
 */
function FollowPoint({ point, recenterKey }: { point: LatLon | null; recenterKey: number }) {
  const map = useMap();
  useEffect(() => {
    if (point) map.setView([point.latitude, point.longitude], Math.max(map.getZoom(), PLACE_ZOOM));
    // Only a new recenter request moves the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, recenterKey]);
  useEffect(() => {
    const container = map.getContainer();
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(container);
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The place picker's map (Leaflet, loaded only when the picker opens): tiles from the server's
 * MAP_TILE_URL, a draggable pin at the chosen point, a click or tap moves the pin.
 */
export default function PlaceMap({
  tileUrlTemplate,
  tileAttribution,
  point,
  recenterKey,
  onPick,
}: {
  tileUrlTemplate: string;
  tileAttribution: string;
  point: LatLon | null;
  /** Changes when the map should move to `point` (not when the member dragged the pin there). */
  recenterKey: number;
  onPick: (point: LatLon) => void;
}) {
  const { t } = useLingui();
  const marker = useRef<L.Marker>(null);
  const markerEvents = useMemo(
    () => ({
      dragend: () => {
        const position = marker.current?.getLatLng();
        if (position) onPick({ latitude: position.lat, longitude: position.lng });
      },
    }),
    [onPick],
  );
  return (
    <Box
      h={{ base: '15rem', md: '20rem' }}
      rounded="md"
      overflow="hidden"
      borderWidth="1px"
      // Leaflet's panes have z-indexes of their own: they stay inside the dialog.
      isolation="isolate"
      data-testid="place-map"
    >
      <MapContainer
        center={point ? [point.latitude, point.longitude] : START_CENTER}
        zoom={point ? PLACE_ZOOM : START_ZOOM}
        style={{ height: '100%', width: '100%' }}
        attributionControl
      >
        <TileLayer url={tileUrlTemplate} attribution={tileAttribution} />
        <ClickToPlace onPick={onPick} />
        <FollowPoint point={point} recenterKey={recenterKey} />
        {point && (
          <Marker
            ref={marker}
            position={[point.latitude, point.longitude]}
            draggable
            autoPan
            icon={PIN_ICON}
            eventHandlers={markerEvents}
            title={t`Место публикации`}
            alt={t`Метка места`}
            keyboard
          />
        )}
      </MapContainer>
    </Box>
  );
}
