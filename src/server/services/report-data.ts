import type { ActivityEntry } from '#domain/activity';
import type { Checklist } from '#domain/checklist';
import type { PhotoLocation } from '#domain/photo-evidence';

/** What a completion report says (report-layout.ts draws it): its data, and the images of its photos. */

export interface ReportTask {
  id: string;
  description: string;
  details: string;
  photoRequired: boolean;
  completed: boolean;
  completedAt: string | null;
  /** Who ticked it last, as the trail names them; null when not ticked (or ticked before the trail). */
  tickedBy: string | null;
  photo: {
    sha256: string;
    /** The camera's time, with its UTC offset when it wrote one ('2026-11-20T09:15:00+02:00'). */
    capturedAt: string | null;
    receivedAt: string;
    /** Issue 34: taken live with the dialog's camera, or chosen from the gallery (the client's word). */
    captureSource: 'camera' | 'library' | null;
    /** Where it was taken, only with consent, and how far from the checklist's address. */
    location: PhotoLocation | null;
  } | null;
}

/** What the report says, as the JSON attached to it and hashed (keys in this order). */
export interface ReportData {
  format: 'listsync-report/1';
  generatedAt: string;
  checklist: {
    id: string;
    name: string;
    owner: string;
    status: Checklist['status'];
    progress: number;
    completedTasks: number;
    totalTasks: number;
    createdAt: string;
    submittedAt: string | null;
    remarks: string;
  };
  tasks: ReportTask[];
  activity: (ActivityEntry & { text: string })[];
  /** The trail had more than REPORT_TRAIL_MAX entries: the oldest are left out. */
  activityTruncated: boolean;
}

export interface ReportImage {
  bytes: Buffer;
  width: number;
  height: number;
}
