import { useQueryClient } from '@tanstack/react-query';
import { Crosshair, MapPin } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { Checklist } from '#domain/checklist';
import { EVIDENCE_LIMITS } from '#domain/photo-evidence';
import { Button } from '../../components/ui/button.tsx';
import { Input, Label } from '../../components/ui/field.tsx';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { checklistKeys } from '../../sync/index.ts';

/**
 * Where the work is done (issue 34): the owner's address for the checklist, looked up by the server's
 * geocoder, or set from this device ('Use my current location', when they are at the property).
 * Photos taken with consent are measured from its point; the panel says whether the address was found.
 */
/** The panel's state: the address typed, saving it, or setting the point from this device. */
function useAddressEditor(checklist: Checklist) {
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(checklist.address ?? '');
  const [busy, setBusy] = useState<'save' | 'locate' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function save(location?: { latitude: number; longitude: number }) {
    setProblem(null);
    try {
      const saved = await apiRequest<Checklist>('PUT', `/api/checklists/${checklist.id}/address`, {
        address: address.trim() || (location ? 'Current location' : null),
        ...(location ? { location } : {}),
      });
      queryClient.setQueryData(checklistKeys.detail(checklist.id), saved);
      setAddress(saved.address ?? '');
    } catch (error) {
      setProblem(
        isApiError(error) && error.serverMessage ? error.serverMessage : 'The address could not be saved.',
      );
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setBusy('save');
    void save();
  }

  function locateFromDevice() {
    if (!('geolocation' in navigator)) {
      setProblem('This browser cannot tell where you are.');
      return;
    }
    setBusy('locate');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => void save({ latitude: coords.latitude, longitude: coords.longitude }),
      () => {
        setBusy(null);
        setProblem('Your location is not available (not allowed, or not found). Nothing was changed.');
      },
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  }

  return { address, setAddress, busy, problem, submit, locateFromDevice };
}

export function ChecklistAddress({ checklist }: { checklist: Checklist }) {
  const { address, setAddress, busy, problem, submit, locateFromDevice } = useAddressEditor(checklist);
  return (
    <section
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="address-heading"
    >
      <h2 id="address-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <MapPin className="h-4 w-4 text-slate-500" aria-hidden="true" /> Address
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Optional. Photos whose takers share their location show how far from here they were taken.
      </p>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <Label htmlFor="checklist-address">Address of the property</Label>
          <Input
            id="checklist-address"
            value={address}
            maxLength={EVIDENCE_LIMITS.addressMax}
            placeholder="12 Rose Lane, Bath BA1 2AB"
            onChange={(event) => setAddress(event.target.value)}
            className="mt-1 w-full"
          />
        </div>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save address'}
        </Button>
      </form>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" aria-live="polite">
        <Button variant="secondary" size="sm" onClick={locateFromDevice} disabled={busy !== null}>
          <Crosshair className="h-4 w-4" aria-hidden="true" />
          {busy === 'locate' ? 'Finding you…' : 'Use my current location'}
        </Button>
        <LocatedNote checklist={checklist} />
      </div>
      {problem && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

/** Whether the saved address was found: its point, or why distances cannot be shown. */
function LocatedNote({ checklist }: { checklist: Checklist }) {
  const point = checklist.addressLocation;
  if (!checklist.address) return null;
  return point ? (
    <span className="text-emerald-700" data-testid="address-located">
      Located ({point.latitude.toFixed(5)}, {point.longitude.toFixed(5)})
    </span>
  ) : (
    <span className="text-amber-800" data-testid="address-not-located">
      Not located: distances cannot be shown. Try a fuller address, or use your current location there.
    </span>
  );
}
