import { Quote } from 'lucide-react';

interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

// Illustrative people in the trades the product is for; the page says so, rather than passing them off as customers.
const TESTIMONIALS: Testimonial[] = [
  {
    quote:
      'Between guests I used to drive over just to check the place had been restocked. Now I see a photo of the made beds and the coffee shelf before the next check-in.',
    name: 'Maria G.',
    role: 'Short-stay host',
  },
  {
    quote:
      'My cleaners tick each room off on their phones and the client watches it happen. Arguments about a missed bathroom have all but stopped.',
    name: 'Dwayne T.',
    role: 'Owner, cleaning service',
  },
  {
    quote:
      'Every defect gets a photo and a remark at the spot where I found it. My notes are finished when I leave the building, not that evening.',
    name: 'Priya S.',
    role: 'Property inspector',
  },
  {
    quote:
      'The monthly equipment checks go to whoever is on shift by text message. No logins to reset, and I can see which filters were actually changed.',
    name: 'Tomasz K.',
    role: 'Maintenance lead',
  },
];

function initials(name: string): string {
  return name
    .replace(/\./g, '')
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('');
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-white py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mx-auto max-w-2xl text-center">
          <h2
            id="testimonials-title"
            className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl"
          >
            Made for people who answer for the work
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            What the day looks like for hosts, cleaners, inspectors and maintenance crews.
          </p>
        </div>
        <ul aria-labelledby="testimonials-title" className="mt-12 grid gap-5 md:grid-cols-2">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <Quote className="h-7 w-7 text-indigo-300" aria-hidden="true" />
                <blockquote className="mt-3 flex-1 leading-relaxed text-slate-700">
                  <p>{testimonial.quote}</p>
                </blockquote>
                <figcaption className="mt-5 flex items-center gap-3">
                  <span
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
                    aria-hidden="true"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                    <span className="block text-sm text-slate-500">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-xs text-slate-500">
          Illustrative examples of how these trades use checklists with photo proof.
        </p>
      </div>
    </section>
  );
}
