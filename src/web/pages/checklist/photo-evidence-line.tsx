import { Camera, Clock, Images, MapPin } from 'lucide-react';
import type { Task } from '#domain/checklist';
import {
  CAPTURE_SOURCE_LABELS,
  cameraTimeLabel,
  isCaptureFarFromReceipt,
  isFarFromAddress,
  locationLabel,
  takenDateLabel,
} from '#domain/photo-evidence';
import { cn } from '../../lib/cn.ts';

/**
 * What the owner reads of a task's photo beyond the picture (issue 34): 'Taken {date}' in amber when
 * the camera's time and the receipt are more than 24 hours apart (the tooltip gives both), how it was
 * taken ('Taken with camera' / 'From gallery', the client's word), and how far from the address it was
 * taken when the person allowed their location, in amber when far. Nothing when there is nothing to say.
 */
export function PhotoEvidenceLine({ task }: { task: Task }) {
  if (!task.photoUrl) return null;
  const { photoCapturedAt: captured, photoReceivedAt: received, photoCaptureSource: source } = task;
  const location = task.photoLocation;
  const late = isCaptureFarFromReceipt(captured, received);
  const far = location?.distanceM != null && isFarFromAddress(location.distanceM, location.accuracyM);
  if (!late && !source && !location) return null;
  const receivedText = received
    ? new Date(received).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : null;
  const chip = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium';
  return (
    <p className="mt-1.5 flex flex-wrap gap-1.5" data-testid="photo-evidence">
      {late && captured && (
        <span
          className={cn(chip, 'bg-amber-100 text-amber-900 ring-1 ring-amber-300')}
          title={`Camera time ${cameraTimeLabel(captured)}; received ${receivedText ?? '—'}. More than 24 hours apart.`}
          data-testid="photo-taken-late"
        >
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          {takenDateLabel(captured)}
        </span>
      )}
      {source && (
        <span className={cn(chip, 'bg-slate-100 text-slate-700')} data-testid="photo-source">
          {source === 'camera' ? (
            <Camera className="h-3.5 w-3.5" aria-hidden="true" />
          ) : (
            <Images className="h-3.5 w-3.5" aria-hidden="true" />
          )}
          {CAPTURE_SOURCE_LABELS[source]}
        </span>
      )}
      {location && (
        <span
          className={cn(
            chip,
            far ? 'bg-amber-100 text-amber-900 ring-1 ring-amber-300' : 'bg-emerald-50 text-emerald-800',
          )}
          title={`${location.latitude.toFixed(5)}, ${location.longitude.toFixed(5)} · device accuracy ${location.accuracyM} m${far ? ' · far from the address' : ''}`}
          data-testid="photo-distance"
          data-far={far || undefined}
        >
          <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
          {locationLabel(location)}
        </span>
      )}
    </p>
  );
}
