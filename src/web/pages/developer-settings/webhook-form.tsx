import { useEffect, useId, useRef, useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookData,
  type WebhookEvent,
  WebhookInput,
} from '#domain/webhooks';
import { Checkbox } from '../../components/ui/field.tsx';
import { useWebhookActions, type WebhookCreated } from '../../hooks/use-webhooks.ts';
import { FormFooter, INLINE_FORM, TextField, useFormSubmit } from './form-parts.tsx';

/**
 * 'Add webhook': the address and the events it wants ('All events' chooses every one), checked by the
 * endpoint's own schema; the server's refusals (an address it will not send to, 20 webhooks already)
 * are said in the form.
 */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated(created: { url: string; secret: string }): void;
  onCancel(): void;
}) {
  const ids = useId();
  const { create } = useWebhookActions();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const { issues, failure, onSubmit } = useFormSubmit<'url' | 'events', WebhookData, WebhookCreated>(
    () => WebhookInput.safeParse({ url, events }),
    (data) => create.mutateAsync(data),
    (answer) => onCreated({ url: answer.webhook.url, secret: answer.secret }),
  );

  return (
    <form onSubmit={onSubmit} className={INLINE_FORM} aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
        Add webhook
      </h3>
      <TextField
        id={`${ids}-url`}
        label="Endpoint URL"
        hint="Each event is POSTed here as JSON, signed with the endpoint’s own secret."
        issue={issues.url}
        type="url"
        inputMode="url"
        value={url}
        placeholder="https://example.com/listsync-events"
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => setUrl(event.target.value)}
      />
      <EventChoice ids={ids} events={events} onChange={setEvents} issue={issues.events} />
      <FormFooter
        failure={failure}
        pending={create.isPending}
        submitLabel="Add webhook"
        pendingLabel="Adding…"
        onCancel={onCancel}
      />
    </form>
  );
}

function EventChoice({
  ids,
  events,
  onChange,
  issue,
}: {
  ids: string;
  events: WebhookEvent[];
  onChange(events: WebhookEvent[]): void;
  issue: string | undefined;
}) {
  const all = events.length === WEBHOOK_EVENTS.length;
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = events.length > 0 && !all;
  }, [events.length, all]);
  const toggle = (event: WebhookEvent, on: boolean) =>
    onChange(WEBHOOK_EVENTS.filter((other) => (other === event ? on : events.includes(other))));

  return (
    <fieldset aria-describedby={issue ? `${ids}-events-issue` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Events</legend>
      <div className="mt-2 flex items-center gap-3 border-b border-slate-200 pb-2">
        <Checkbox
          ref={allBox}
          id={`${ids}-all`}
          checked={all}
          onChange={(event) => onChange(event.target.checked ? [...WEBHOOK_EVENTS] : [])}
        />
        <label htmlFor={`${ids}-all`} className="text-sm font-medium text-slate-900">
          All events
        </label>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((event) => (
          <div key={event} className="mt-2 flex items-start gap-3">
            <Checkbox
              id={`${ids}-${event}`}
              checked={events.includes(event)}
              aria-describedby={`${ids}-${event}-code`}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <div className="grid min-w-0 gap-0.5">
              <label htmlFor={`${ids}-${event}`} className="text-sm text-slate-900">
                {WEBHOOK_EVENT_LABELS[event]}
              </label>
              <code id={`${ids}-${event}-code`} className="text-xs text-slate-500">
                {event}
              </code>
            </div>
          </div>
        ))}
      </div>
      {issue && (
        <p id={`${ids}-events-issue`} className="mt-2 text-sm text-red-700">
          {issue}
        </p>
      )}
    </fieldset>
  );
}
