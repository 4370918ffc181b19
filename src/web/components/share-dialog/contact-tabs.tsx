import { Mail, Smartphone } from 'lucide-react';
import { type KeyboardEvent, type Ref, useRef } from 'react';
import { SHARE_LIMITS } from '#domain/sharing';
import { cn } from '../../lib/cn.ts';
import { Checkbox, Input, Label } from '../ui/field.tsx';
import type { ContactTab, ShareFormField, ShareFormState } from './share-form.ts';

const TABS: { id: ContactTab; label: string; icon: typeof Mail }[] = [
  { id: 'email', label: 'Email', icon: Mail },
  { id: 'phone', label: 'Phone', icon: Smartphone },
];

/** Each tab's address field and consent; the form keeps one value per tab under the tab's name. */
const ADDRESS_FIELDS = {
  email: {
    label: "Recipient's email address",
    type: 'email',
    autoComplete: 'email',
    placeholder: 'name@example.com',
    maxLength: SHARE_LIMITS.emailMax,
    hint: null,
    consent: 'The recipient agrees to receive an email with the link and a verification code.',
  },
  phone: {
    label: "Recipient's mobile number",
    type: 'tel',
    autoComplete: 'tel',
    // The international format: the server normalises whatever spacing is typed.
    placeholder: '+1 415 555 0132',
    maxLength: 32,
    hint: 'Include the country code, starting with +.',
    consent:
      'The recipient agrees to receive a text message with the link and a verification code. Message and data rates may apply.',
  },
} as const satisfies Record<ContactTab, unknown>;

export interface ContactTabsProps {
  id: string;
  form: ShareFormState;
  onChange(change: Partial<ShareFormState>): void;
  /** The field a shown error is about: it is marked invalid and described by the error. */
  invalidField: ShareFormField;
  errorId: string;
  disabled: boolean;
  addressRef: Ref<HTMLInputElement>;
  consentRef: Ref<HTMLInputElement>;
}

/** The tab an arrow, Home or End key moves to from `current` (none for any other key). */
function tabForKey(key: string, current: ContactTab): (typeof TABS)[number] | undefined {
  const index = TABS.findIndex((tab) => tab.id === current);
  return key === 'ArrowRight'
    ? TABS[(index + 1) % TABS.length]
    : key === 'ArrowLeft'
      ? TABS[(index - 1 + TABS.length) % TABS.length]
      : key === 'Home'
        ? TABS[0]
        : key === 'End'
          ? TABS[TABS.length - 1]
          : undefined;
}

/** Email and Phone, as WAI-ARIA tabs: arrow keys move between them, one tab stop. */
function ContactTabList({
  id,
  tab,
  onChange,
  disabled,
}: Pick<ContactTabsProps, 'id' | 'onChange' | 'disabled'> & { tab: ContactTab }) {
  const tabRefs = useRef(new Map<ContactTab, HTMLButtonElement>());

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = tabForKey(event.key, tab);
    if (!next) return;
    event.preventDefault();
    onChange({ tab: next.id });
    tabRefs.current.get(next.id)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label="Send the code by"
      className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
    >
      {TABS.map((item) => {
        const selected = tab === item.id;
        const Icon = item.icon;
        return (
          <button
            key={item.id}
            ref={(element) => {
              if (element) tabRefs.current.set(item.id, element);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.id}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange({ tab: item.id })}
            onKeyDown={onTabKeyDown}
            className={cn(
              'flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium transition-colors',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
              selected ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <Icon className="h-4 w-4" aria-hidden="true" />
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

/** The active tab's panel: its address field (with a hint for the phone) and the recipient's consent. */
function ContactPanel({
  id,
  form,
  onChange,
  invalidField,
  errorId,
  disabled,
  addressRef,
  consentRef,
}: ContactTabsProps) {
  const invalid = (field: ShareFormField) => invalidField === field;
  const describedBy = (field: ShareFormField, hint?: string) =>
    [hint, invalid(field) ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  const address = ADDRESS_FIELDS[form.tab];
  const consentField = `${form.tab}Consent` as const;

  return (
    <div
      role="tabpanel"
      id={`${id}-panel`}
      aria-labelledby={`${id}-tab-${form.tab}`}
      className="mt-4 space-y-4"
    >
      <div>
        <Label htmlFor={`${id}-${form.tab}`}>{address.label}</Label>
        <Input
          key={form.tab}
          id={`${id}-${form.tab}`}
          ref={addressRef}
          type={address.type}
          inputMode={address.type}
          autoComplete={address.autoComplete}
          spellCheck={false}
          placeholder={address.placeholder}
          maxLength={address.maxLength}
          value={form[form.tab]}
          onChange={(event) => onChange({ [form.tab]: event.target.value })}
          disabled={disabled}
          aria-invalid={invalid(form.tab) || undefined}
          aria-describedby={describedBy(form.tab, address.hint ? `${id}-${form.tab}-hint` : undefined)}
          className="mt-1.5"
        />
        {address.hint && (
          <p id={`${id}-${form.tab}-hint`} className="mt-1.5 text-sm text-slate-600">
            {address.hint}
          </p>
        )}
      </div>

      <label
        htmlFor={`${id}-${form.tab}-consent`}
        className={cn(
          'flex items-start gap-3 rounded-lg border p-3 text-sm text-slate-700',
          invalid(consentField) ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-slate-50',
        )}
      >
        <Checkbox
          key={form.tab}
          id={`${id}-${form.tab}-consent`}
          ref={consentRef}
          checked={form[consentField]}
          onChange={(event) => onChange({ [consentField]: event.target.checked })}
          disabled={disabled}
          aria-invalid={invalid(consentField) || undefined}
          aria-describedby={describedBy(consentField)}
        />
        <span>{address.consent}</span>
      </label>
    </div>
  );
}

/**
 * Email and Phone tabs (WAI-ARIA tabs: arrow keys move between them, one tab stop), each with its
 * address field and the recipient's consent. Each tab keeps what was typed in it; only the active
 * one is sent.
 */
export function ContactTabs(props: ContactTabsProps) {
  return (
    <div>
      <ContactTabList
        id={props.id}
        tab={props.form.tab}
        onChange={props.onChange}
        disabled={props.disabled}
      />

      <ContactPanel {...props} />
    </div>
  );
}
