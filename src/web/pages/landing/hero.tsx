import { Camera, CircleCheck, MessageSquareText, ShieldCheck } from 'lucide-react';
import { SwapTemplate } from '../../components/landing-templates.tsx';
import { GetStartedButton } from './get-started-button.tsx';
import { useLandingActions } from './use-landing-actions.ts';

export function Hero() {
  const { signedIn } = useLandingActions();
  return (
    <section aria-labelledby="hero-title" className="bg-linear-to-b from-indigo-50 via-white to-white">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-12 sm:py-16 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            Checklists with photo proof
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl"
          >
            Show the job was done, task by task
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
            Write the checklist once, send it to your cleaner, contractor or inspector with a link and a
            6-digit code, and watch each task get ticked off with a photo as the work happens.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <GetStartedButton />
            {!signedIn && (
              <>
                <p className="text-sm text-slate-500">Free for up to 5 checklists. No card needed.</p>
                {/* Signed in, the note goes. */}
                <SwapTemplate swap="signed-in" />
              </>
            )}
          </div>
        </div>
        <ExampleChecklist />
      </div>
    </section>
  );
}

const EXAMPLE_TASKS = [
  { text: 'Strip and remake all beds', done: true, photo: true },
  { text: 'Restock coffee, tea and toiletries', done: true, photo: true },
  { text: 'Empty bins and recycling', done: true, photo: false },
  { text: 'Photograph the living room from the door', done: false, photo: true },
  { text: 'Test the smoke alarm', done: false, photo: false },
];

/** A static picture of what an owner sees; described for screen readers as one image. */
function ExampleChecklist() {
  const done = EXAMPLE_TASKS.filter((task) => task.done).length;
  return (
    <div
      role="img"
      aria-label={`Example: a turnover checklist with ${done} of ${EXAMPLE_TASKS.length} tasks done, photos attached and a remark from the cleaner`}
      className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-100 sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">Turnover: Harbour View 4B</p>
          <p className="mt-0.5 text-xs text-slate-500">Check-in today at 3 pm</p>
        </div>
        <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
          In progress
        </span>
      </div>
      <div className="mt-4 flex items-center gap-3">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
          <div className="h-full w-3/5 rounded-full bg-indigo-600" />
        </div>
        <span className="text-xs font-medium text-slate-600">60%</span>
      </div>
      <ul className="mt-4 divide-y divide-slate-100">
        {EXAMPLE_TASKS.map((task) => (
          <li key={task.text} className="flex items-center gap-3 py-2.5">
            {task.done ? (
              <CircleCheck className="h-5 w-5 shrink-0 text-green-600" />
            ) : (
              <span className="h-5 w-5 shrink-0 rounded-full border-2 border-slate-300" />
            )}
            <span
              className={
                task.done
                  ? 'min-w-0 flex-1 text-sm text-slate-500 line-through'
                  : 'min-w-0 flex-1 text-sm text-slate-800'
              }
            >
              {task.text}
            </span>
            {task.photo && (
              <span
                className={
                  task.done
                    ? 'flex shrink-0 items-center gap-1 rounded-md bg-green-50 px-1.5 py-0.5 text-xs font-medium text-green-700'
                    : 'flex shrink-0 items-center gap-1 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600'
                }
              >
                <Camera className="h-3.5 w-3.5" />
                {task.done ? 'Photo' : 'Needed'}
              </span>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-3 flex gap-2 rounded-lg bg-slate-50 p-3 text-xs leading-relaxed text-slate-600">
        <MessageSquareText className="h-4 w-4 shrink-0 text-slate-400" />
        <span>“Small chip on the bathroom sink, photo attached. Out of dishwasher tablets.”</span>
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
        <ShieldCheck className="h-4 w-4 text-indigo-600" />
        Shared with Ana R., verified by text message
      </p>
    </div>
  );
}
