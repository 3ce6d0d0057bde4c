import { GEOLOCATION_CACHE_SECONDS, type GeocodeResult } from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import { geocode } from './api';

/** Geolocation permission (SPEC.md 4): unsupported, unknown, or the browser's permission state. */
export type GeolocationState = 'unsupported' | 'unknown' | PermissionState;

const CACHE_KEY = 'geolocation-result';

/** The cached answer of the last lookup when younger than GEOLOCATION_CACHE_SECONDS (SPEC.md 9). */
export function readCachedPlace(now = Date.now()): GeocodeResult | null {
  try {
    const cached = JSON.parse(readStorage(CACHE_KEY) ?? 'null') as { at: number; place: GeocodeResult } | null;
    return cached && now - cached.at < GEOLOCATION_CACHE_SECONDS * 1000 ? cached.place : null;
  } catch {
    return null;
  }
}

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, { maximumAge: 600_000, timeout: 15_000 }),
  );
}

/**
 * "Use my location": asks the browser for the position and reverse-geocodes it through
 * GET /api/geocode.php; the answer is cached for an hour. `locate` resolves null when nothing is found.
 */
export function useGeolocation() {
  const isSupported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [state, setState] = useState<GeolocationState>(isSupported ? 'unknown' : 'unsupported');

  useEffect(() => {
    if (!isSupported || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    const update = () => status && setState(status.state);
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      })
      .catch(() => undefined);
    return () => status?.removeEventListener('change', update);
  }, [isSupported]);

  const locate = useCallback(async (): Promise<GeocodeResult | null> => {
    const cached = readCachedPlace();
    if (cached) return cached;
    const position = await currentPosition().catch((err: GeolocationPositionError) => {
      if (err.code === err.PERMISSION_DENIED) setState('denied');
      throw err;
    });
    setState('granted');
    const place = await geocode(position.coords.latitude, position.coords.longitude);
    if (!place) return null;
    writeStorage(CACHE_KEY, JSON.stringify({ at: Date.now(), place }));
    return place;
  }, []);

  return { state, locate };
}
