import { BookA } from 'lucide-react';
import { SettingsLinkCard } from './settings-links.tsx';

/** The settings page's way to the team glossary (/settings/glossary), a page in its own chunk. */
export function GlossaryCard() {
  return (
    <SettingsLinkCard href="/settings/glossary" icon={BookA} title="Glossary" testId="glossary-settings-link">
      Terms every translation for your recipients keeps, per language
    </SettingsLinkCard>
  );
}
