import { GetStartedButton } from './get-started-button.tsx';

export function ClosingCallToAction() {
  return (
    <section aria-labelledby="cta-title" className="bg-indigo-600">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">
          Stop taking “it’s done” on trust
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">
          Set up your first checklist in a few minutes and send it to the person doing the job today.
        </p>
        <GetStartedButton variant="light" className="mt-8 focus-visible:outline-white" />
      </div>
    </section>
  );
}
