/**
 * Time budgets of tests whose work is heavy, shared so that like work gets like time. A budget is not
 * a speed check: on a two-core machine running other work (load ~17, issue 28) the same work takes
 * many times longer, and what a test waits for must still happen, only later. Speed is measured by the
 * benchmarks (`npm run bench…`), never by a test's timeout.
 */

/** Decoding, rotating and re-encoding photos with sharp (a 12-megapixel JPEG, HEIC, a pixel bomb). */
export const IMAGE_WORK_MS = 60_000;

/** One completion report rendered to PDF (pdfkit, its photos scaled by sharp) and sent. */
export const REPORT_RENDER_MS = 5_000;

/** Many small files written and fsynced (the photo store's races), beside a database's own fsyncs. */
export const DISK_WORK_MS = 60_000;

/** A child process of node, npm or Apertium's pipeline, started and waited for. */
export const SPAWNED_PROCESS_MS = 60_000;

/** The real server started in its own process (tsx compiling it, a new PGlite, migrations) until it listens. */
export const SERVER_START_MS = 120_000;

/** A test that starts the real server in its own process and then talks to it. */
export const SPAWNED_SERVER_TEST_MS = SERVER_START_MS + 60_000;

/** A realtime message a test expects (a tick's update, a subscription's answer), read by another socket. */
export const MESSAGE_WAIT_MS = 30_000;
