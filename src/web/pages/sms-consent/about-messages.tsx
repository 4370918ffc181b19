/** Who sends the messages, how to stop them and where to ask. */
export function AboutMessages({
  ids,
  smsSenderNumber,
  supportEmail,
}: {
  ids: string;
  smsSenderNumber: string;
  supportEmail: string;
}) {
  return (
    <section aria-labelledby={`${ids}-about`} className="mt-6 px-1 text-sm leading-relaxed text-slate-600">
      <h2 id={`${ids}-about`} className="font-semibold text-slate-900">
        About these messages
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {smsSenderNumber && (
          <li>
            Messages come from{' '}
            <span className="font-medium whitespace-nowrap text-slate-900">{smsSenderNumber}</span>.
          </li>
        )}
        <li>
          Reply <strong className="text-slate-900">STOP</strong> at any time to stop receiving messages.
        </li>
        <li>
          Reply <strong className="text-slate-900">HELP</strong> for help.
        </li>
        {supportEmail && (
          <li>
            Questions? E-mail{' '}
            <a
              href={`mailto:${supportEmail}`}
              className="font-medium wrap-break-word text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
            >
              {supportEmail}
            </a>
            .
          </li>
        )}
      </ul>
    </section>
  );
}
