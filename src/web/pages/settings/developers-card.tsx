import { Code2 } from 'lucide-react';
import { SettingsLinkCard } from './settings-links.tsx';

/**
 * The settings page's way to the Developers page (/settings/developers): API tokens and webhooks live
 * there, in their own chunk, so the settings page carries none of their code.
 */
export function DevelopersCard() {
  return (
    <SettingsLinkCard
      href="/settings/developers"
      icon={Code2}
      title="Developers"
      testId="developers-settings-link"
    >
      API tokens, webhooks and the API reference
    </SettingsLinkCard>
  );
}
