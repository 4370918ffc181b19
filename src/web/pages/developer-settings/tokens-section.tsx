import { KeyRound, Trash2 } from 'lucide-react';
import type { ApiToken } from '#domain/integrations-response';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useApiTokenActions, useApiTokens } from '../../hooks/use-api-tokens.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useToast } from '../../hooks/use-toast.ts';
import type { Ask } from '../team/confirmation.tsx';
import { SecretPanel } from './secret-panel.tsx';
import { ListBody, SectionHeader, useAddFlow } from './section-parts.tsx';
import { createdText, DEVELOPER_TEXTS, lastUsedText } from './texts.ts';
import { TokenForm } from './token-form.tsx';

/**
 * API tokens (docs/integrations.md "Tokens"): the team's tokens with their scopes and last use, 'New
 * token' (its secret shown once) and 'Revoke'. For the owner and admins of a paid team.
 */
export function TokensSection({ teamId, ask }: { teamId: string; ask: Ask }) {
  const tokens = useApiTokens(teamId);
  const flow = useAddFlow<{ name: string; secret: string }>();

  return (
    <Card className="p-4 sm:p-6" data-testid="tokens-section">
      <SectionHeader icon={KeyRound} title="API tokens" addLabel="New token" onAdd={flow.start}>
        A token lets a script or another tool use the API for this team, as{' '}
        <code className="text-xs">Authorization: Bearer</code>, with only the scopes you give it.
      </SectionHeader>
      {flow.made && (
        <SecretPanel
          title={`Your new token “${flow.made.name}”`}
          label="Token secret"
          secret={flow.made.secret}
          onDone={flow.dismiss}
          testId="token-secret"
        />
      )}
      {flow.adding && <TokenForm onCreated={flow.done} onCancel={flow.cancel} />}
      <ListBody query={tokens} label="API tokens" empty={DEVELOPER_TEXTS.noTokens} emptyTestId="tokens-empty">
        {(items) => items.map((token) => <TokenRow key={token.id} token={token} ask={ask} />)}
      </ListBody>
    </Card>
  );
}

function TokenRow({ token, ask }: { token: ApiToken; ask: Ask }) {
  const { revoke } = useApiTokenActions();
  const { toast } = useToast();
  const revokeIt = () =>
    ask({
      title: `Revoke “${token.name}”?`,
      description: 'Anything that uses this token stops working at once. This cannot be undone.',
      confirmLabel: 'Revoke token',
      destructive: true,
      async run() {
        try {
          await revoke.mutateAsync(token.id);
          toast({ title: `“${token.name}” was revoked` });
        } catch (error) {
          toast({ title: 'Not revoked', description: teamFailure(error), variant: 'destructive' });
          throw error;
        }
      },
    });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-4" data-testid="token-row">
      <div className="grid min-w-0 gap-1">
        <span className="break-words font-medium text-slate-900">{token.name}</span>
        <ul className="flex flex-wrap gap-1.5" aria-label={`Scopes of ${token.name}`}>
          {token.scopes.map((scope) => (
            <li
              key={scope}
              className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-xs text-indigo-800"
            >
              {scope}
            </li>
          ))}
        </ul>
        <span className="text-sm text-slate-600">
          {createdText(token.createdAt)} · {lastUsedText(token.lastUsedAt)}
        </span>
      </div>
      <Button size="sm" variant="destructive-ghost" aria-label={`Revoke ${token.name}`} onClick={revokeIt}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Revoke
      </Button>
    </li>
  );
}
