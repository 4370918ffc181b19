import { Webhook as WebhookIcon } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { useWebhooks } from '../../hooks/use-webhooks.ts';
import type { Ask } from '../team/confirmation.tsx';
import { SecretPanel } from './secret-panel.tsx';
import { ListBody, SectionHeader, useAddFlow } from './section-parts.tsx';
import { DEVELOPER_TEXTS } from './texts.ts';
import { WebhookForm } from './webhook-form.tsx';
import { WebhookRow } from './webhook-row.tsx';

/**
 * Webhooks (docs/integrations.md "Webhooks"): the team's endpoints, 'Add webhook' (its signing secret
 * shown once), and per endpoint its actions and delivery log. For the owner and admins of a paid team.
 */
export function WebhooksSection({ teamId, ask }: { teamId: string; ask: Ask }) {
  const webhooks = useWebhooks(teamId);
  const flow = useAddFlow<{ url: string; secret: string }>();

  return (
    <Card className="p-4 sm:p-6" data-testid="webhooks-section">
      <SectionHeader icon={WebhookIcon} title="Webhooks" addLabel="Add webhook" onAdd={flow.start}>
        Your team’s events, sent to your own address as they happen, signed, and retried for 3 days until they
        arrive.
      </SectionHeader>
      {flow.made && (
        <SecretPanel
          title={`Signing secret for ${flow.made.url}`}
          label="Signing secret"
          secret={flow.made.secret}
          onDone={flow.dismiss}
          testId="webhook-secret"
        />
      )}
      {flow.adding && <WebhookForm onCreated={flow.done} onCancel={flow.cancel} />}
      <ListBody
        query={webhooks}
        label="Webhooks"
        empty={DEVELOPER_TEXTS.noWebhooks}
        emptyTestId="webhooks-empty"
      >
        {(items) => items.map((webhook) => <WebhookRow key={webhook.id} webhook={webhook} ask={ask} />)}
      </ListBody>
    </Card>
  );
}
