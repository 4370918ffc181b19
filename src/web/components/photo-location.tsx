import { Loader2, MapPin } from 'lucide-react';
import { useState } from 'react';
import type { GeoPoint } from '#domain/photo-evidence';
import type { Translate } from '../i18n/i18n.tsx';
import { Button } from './ui/button.tsx';

/**
 * The photo dialog's optional location (issue 34, docs/privacy.md): it says why before anything is
 * asked, and only when the person taps 'Add location' does the browser ask for the device's position.
 * Refusing, an error or no answer change nothing: the photo is sent without it, never held back.
 */

export type DeviceLocation = GeoPoint & { accuracy: number };

type LocationState =
  | { kind: 'offer' }
  | { kind: 'finding' }
  | { kind: 'added'; location: DeviceLocation }
  | { kind: 'none' };

/** How long the device may take, and how old a fix may be (a minute: the person is where they were). */
const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 60_000,
};

export function usePhotoLocation() {
  const [state, setState] = useState<LocationState>({ kind: 'offer' });
  function ask() {
    if (!('geolocation' in navigator)) {
      setState({ kind: 'none' });
      return;
    }
    setState({ kind: 'finding' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        setState({
          kind: 'added',
          location: { latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy },
        }),
      () => setState({ kind: 'none' }),
      GEOLOCATION_OPTIONS,
    );
  }
  return { state, ask, location: state.kind === 'added' ? state.location : null };
}

export function PhotoLocationPrompt({
  state,
  onAsk,
  t,
  language,
}: {
  state: LocationState;
  onAsk(): void;
  t: Translate;
  language: string;
}) {
  return (
    <section
      className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
      aria-label={t('photo.locationAdd')}
      data-testid="photo-location"
    >
      <p className="flex gap-2">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>{t('photo.locationAsk')}</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2" aria-live="polite">
        {state.kind === 'offer' && (
          <Button variant="secondary" size="sm" onClick={onAsk}>
            {t('photo.locationAdd')}
          </Button>
        )}
        {state.kind === 'finding' && (
          <span className="inline-flex items-center gap-1.5">
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            {t('photo.locationFinding')}
          </span>
        )}
        {state.kind === 'added' && (
          <span className="font-medium text-emerald-700">
            {t('photo.locationAdded', {
              meters: new Intl.NumberFormat(language).format(Math.round(state.location.accuracy)),
            })}
          </span>
        )}
        {state.kind === 'none' && <span>{t('photo.locationUnavailable')}</span>}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        {t('photo.locationWho')}{' '}
        <a href="/privacy" target="_blank" rel="noopener" className="underline hover:text-slate-700">
          {t('photo.locationPrivacy')}
        </a>
      </p>
    </section>
  );
}
