import {
  Building2,
  Camera,
  Languages,
  type LucideIcon,
  MessageSquareText,
  MonitorSmartphone,
  ShieldCheck,
  Users,
  WifiOff,
} from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const FEATURES: Feature[] = [
  {
    icon: MonitorSmartphone,
    title: 'No Apps to Download',
    description:
      'Recipients open the checklist in the browser on any phone or computer, with no app to install and no account to create.',
  },
  {
    icon: WifiOff,
    title: 'Works Offline',
    description:
      'Checklists you have already opened stay readable where the signal drops, and your changes are sent once you are back online.',
  },
  {
    icon: Users,
    title: 'Real-time Collaboration',
    description:
      'When someone ticks a task or adds a photo, everyone looking at that checklist sees it within moments, without reloading.',
  },
  {
    icon: Camera,
    title: 'Photo Verification',
    description:
      'Mark the tasks that need proof, and the photo taken on site is kept with the task for you to review.',
  },
  {
    icon: Languages,
    title: 'Multilingual Support',
    description:
      'A shared checklist can be translated automatically, so each worker reads the tasks in their own language.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure Verification',
    description:
      'A shared link opens only after the recipient enters a 6-digit code sent to their e-mail or phone, and you can revoke it at any time.',
  },
  {
    icon: MessageSquareText,
    title: 'Detailed Remarks',
    description:
      'Notes on damage, missing supplies or access problems sit with the checklist, so nothing is lost between visits.',
  },
  {
    icon: Building2,
    title: 'Industry Versatile',
    description:
      'Short-stay turnovers, site inspections, equipment maintenance: any job that follows a list and needs a record.',
  },
];

export function Features() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className="scroll-mt-28 bg-white py-16 sm:scroll-mt-20 sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="features-title"
            className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Everything you need to prove the work
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Built for people who hand work to someone else and need to know it was really done.
          </p>
        </div>
        <ul aria-labelledby="features-title" className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6"
            >
              <span
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600"
                aria-hidden="true"
              >
                <Icon className="h-6 w-6" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-900 sm:mt-4">{title}</h3>
                <p className="mt-1.5 text-sm leading-relaxed text-slate-600 sm:mt-2">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
