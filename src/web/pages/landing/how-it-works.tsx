import { ClipboardCheck, ClipboardList, type LucideIcon, Send } from 'lucide-react';

interface Step {
  icon: LucideIcon;
  title: string;
  description: string;
}

const STEPS: Step[] = [
  {
    icon: ClipboardList,
    title: 'Create Checklists',
    description:
      'List the tasks for the job in the order they should be done, and mark the ones that need a photo.',
  },
  {
    icon: Send,
    title: 'Assign and Collaborate',
    description:
      'Share the checklist by link and send a 6-digit code by e-mail or text message. The person doing the work needs no account.',
  },
  {
    icon: ClipboardCheck,
    title: 'Verify and Complete',
    description:
      'Watch tasks get ticked and photos arrive while the work happens, read the remarks, and keep the finished checklist as your record.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      className="scroll-mt-28 border-y border-slate-200 bg-slate-50 py-16 sm:scroll-mt-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="how-it-works-title"
            className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            How It Works
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Three steps from a to-do list to proof the job is done.
          </p>
        </div>
        <ol aria-labelledby="how-it-works-title" className="mt-12 grid gap-8 md:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, description }, index) => (
            <li key={title} className="relative flex flex-col items-center text-center">
              <span className="relative flex h-16 w-16 items-center justify-center rounded-2xl bg-indigo-600 text-white shadow-md">
                <Icon className="h-8 w-8" aria-hidden="true" />
                <span className="absolute -top-2 -right-2 flex h-7 w-7 items-center justify-center rounded-full bg-white text-sm font-bold text-indigo-700 ring-2 ring-indigo-600">
                  <span className="sr-only">Step </span>
                  {index + 1}
                </span>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 max-w-xs text-sm leading-relaxed text-slate-600">{description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
