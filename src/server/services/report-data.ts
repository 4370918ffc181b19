import type { ActivityEntry } from '#domain/activity';
import type { Checklist } from '#domain/checklist';
import type { PhotoLocation } from '#domain/photo-evidence';
import type { SignatureDetail } from '#domain/signature';

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
  /**
   * The photo's evidence: `sha256` is the original's, as received; `id` the photo's own identifier
   * (/api/photos/{id}); `displaySha256` the stored copy's, as downloaded from ListSync (null for
   * photos kept before it was recorded).
   */
  photo: {
    sha256: string;
    /** The camera's time, with its UTC offset when it wrote one ('2026-11-20T09:15:00+02:00'). */
    capturedAt: string | null;
    receivedAt: string;
    id: string;
    displaySha256: string | null;
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
    /** The team's approval of the submission (issue 34), with who approved it; null when not approved. */
    approvedAt: string | null;
    approvedBy: string | null;
  };
  tasks: ReportTask[];
  activity: (ActivityEntry & { text: string })[];
  /** The trail had more than REPORT_TRAIL_MAX entries: the oldest are left out. */
  activityTruncated: boolean;
  /** Where anyone can check this PDF, its data or a photo by its SHA-256 ({PUBLIC_URL}/verify). */
  verifyUrl: string;
  /** The latest signature given at submit (a drawn one's strokes too), or null (issue 34). */
  signature: SignatureDetail | null;
}

export interface ReportImage {
  bytes: Buffer;
  width: number;
  height: number;
}
