import { useId, useState } from 'react';
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiScope,
  type ApiTokenData,
  ApiTokenInput,
} from '#domain/api-access';
import { Checkbox } from '../../components/ui/field.tsx';
import { type ApiTokenCreated, useApiTokenActions } from '../../hooks/use-api-tokens.ts';
import { FormFooter, INLINE_FORM, TextField, useFormSubmit } from './form-parts.tsx';

/**
 * 'New token': a name and its scopes, checked by the endpoint's own schema before it is sent; the
 * server's refusals (a name too long, 50 tokens already) are said in the form.
 */
export function TokenForm({
  onCreated,
  onCancel,
}: {
  onCreated(created: { name: string; secret: string }): void;
  onCancel(): void;
}) {
  const ids = useId();
  const { create } = useApiTokenActions();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>(['checklists:read']);
  const { issues, failure, onSubmit } = useFormSubmit<'name' | 'scopes', ApiTokenData, ApiTokenCreated>(
    () => ApiTokenInput.safeParse({ name, scopes }),
    (data) => create.mutateAsync(data),
    (answer) => onCreated({ name: answer.token.name, secret: answer.secret }),
  );
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((old) => (on ? [...old, scope] : old.filter((other) => other !== scope)));

  return (
    <form onSubmit={onSubmit} className={INLINE_FORM} aria-labelledby={`${ids}-title`} noValidate>
      <h3 id={`${ids}-title`} className="font-semibold text-slate-900">
        New token
      </h3>
      <TextField
        id={`${ids}-name`}
        label="Name"
        hint="Say what uses it, so you know which one to revoke."
        issue={issues.name}
        value={name}
        placeholder="Accounting export"
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <ScopeChoice ids={ids} scopes={scopes} onToggle={toggle} issue={issues.scopes} />
      <FormFooter
        failure={failure}
        pending={create.isPending}
        submitLabel="Create token"
        pendingLabel="Creating…"
        onCancel={onCancel}
      />
    </form>
  );
}

function ScopeChoice({
  ids,
  scopes,
  onToggle,
  issue,
}: {
  ids: string;
  scopes: ApiScope[];
  onToggle(scope: ApiScope, on: boolean): void;
  issue: string | undefined;
}) {
  return (
    <fieldset aria-describedby={issue ? `${ids}-scopes-issue` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Scopes</legend>
      {API_SCOPES.map((scope) => (
        <div key={scope} className="mt-2 flex items-start gap-3">
          <Checkbox
            id={`${ids}-${scope}`}
            checked={scopes.includes(scope)}
            aria-describedby={`${ids}-${scope}-hint`}
            onChange={(event) => onToggle(scope, event.target.checked)}
          />
          <div className="grid min-w-0 gap-0.5">
            <label htmlFor={`${ids}-${scope}`} className="font-mono text-sm font-medium text-slate-900">
              {scope}
            </label>
            <p id={`${ids}-${scope}-hint`} className="text-xs text-slate-600">
              {API_SCOPE_LABELS[scope]}
            </p>
          </div>
        </div>
      ))}
      {issue && (
        <p id={`${ids}-scopes-issue`} className="mt-2 text-sm text-red-700">
          {issue}
        </p>
      )}
    </fieldset>
  );
}
