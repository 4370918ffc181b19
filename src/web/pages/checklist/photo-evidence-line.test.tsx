import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '#domain/checklist';
import { cleanup, render, screen } from '#tests/support/preact-testing-library';
import { PhotoEvidenceLine } from './photo-evidence-line.tsx';

afterEach(cleanup);

const task = (fields: Partial<Task>): Task => ({
  id: 'task_1',
  description: 'Kitchen',
  completed: true,
  photoRequired: true,
  photoUrl: '/api/photos/photo_1',
  referencePhotoUrl: null,
  details: '',
  completedAt: '2026-11-21T07:30:00.000Z',
  redoNote: null,
  photoCapturedAt: null,
  photoReceivedAt: '2026-11-21T07:30:00.000Z',
  photoCaptureSource: null,
  photoLocation: null,
  ...fields,
});

describe('PhotoEvidenceLine (the owner’s task)', () => {
  it("shows 'Taken {date}' in amber when the camera time is more than 24 hours before receipt", () => {
    render(
      <PhotoEvidenceLine
        task={task({ photoCapturedAt: '2026-10-02T18:04:00+02:00', photoCaptureSource: 'library' })}
      />,
    );
    const taken = screen.getByTestId('photo-taken-late');
    expect(taken.textContent).toBe('Taken 2 Oct 2026');
    expect(taken.className).toContain('amber');
    expect(taken.getAttribute('title')).toContain('Camera time 2026-10-02 18:04 UTC+02:00');
    expect(taken.getAttribute('title')).toContain('received 21 Nov 2026');
    expect(screen.getByTestId('photo-source').textContent).toBe('From gallery');
  });

  it("shows no 'Taken' within 24 hours; the camera source and the distance, flagged when far", () => {
    const { rerender } = render(
      <PhotoEvidenceLine
        task={task({
          photoCapturedAt: '2026-11-21T08:00:00+02:00',
          photoCaptureSource: 'camera',
          photoLocation: { latitude: 1, longitude: 2, accuracyM: 10, distanceM: 40 },
        })}
      />,
    );
    expect(screen.queryByTestId('photo-taken-late')).toBeNull();
    expect(screen.getByTestId('photo-source').textContent).toBe('Taken with camera');
    expect(screen.getByTestId('photo-distance').textContent).toBe('Taken 40 m from the address');
    expect(screen.getByTestId('photo-distance').dataset.far).toBeUndefined();
    rerender(
      <PhotoEvidenceLine
        task={task({ photoLocation: { latitude: 1, longitude: 2, accuracyM: 20, distanceM: 3_400 } })}
      />,
    );
    expect(screen.getByTestId('photo-distance').textContent).toBe('Taken 3.4 km from the address');
    expect(screen.getByTestId('photo-distance').dataset.far).toBe('true');
  });

  it('says nothing for a task without a photo or without evidence', () => {
    const { container, rerender } = render(<PhotoEvidenceLine task={task({ photoUrl: null })} />);
    expect(container.textContent).toBe('');
    rerender(<PhotoEvidenceLine task={task({})} />);
    expect(container.textContent).toBe('');
  });
});
