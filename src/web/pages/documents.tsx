import { marked } from 'marked';
import { useMemo } from 'react';
import deploymentGuide from '../../../docs/deployment.md?raw';
import privacyPolicy from '../../../docs/privacy.md?raw';
import serviceLevels from '../../../docs/sla.md?raw';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Card } from '../components/ui/card.tsx';

/**
 * The documents plan cards link to (issue 33): 'SLA' opens docs/sla.md and 'Custom deployment' the
 * deployment guide, docs/deployment.md. The markdown in the repository is the one text: it is bundled
 * as it is (this chunk only) and drawn here, so the page and the file never differ. The text is ours,
 * from the build, never a visitor's: its HTML is trusted. The privacy page (issue 34), docs/privacy.md,
 * is drawn the same way.
 */
function DocumentPage({ title, markdown }: { title: string; markdown: string }) {
  useDocumentTitle(title);
  const html = useMemo(() => marked.parse(markdown, { async: false, gfm: true }), [markdown]);
  return (
    <PageContainer>
      <Card className="mx-auto max-w-4xl p-5 sm:p-8">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own bundled markdown, never user input */}
        <article className="doc-prose" dangerouslySetInnerHTML={{ __html: html }} />
      </Card>
    </PageContainer>
  );
}

export function SlaPage() {
  return <DocumentPage title="Service levels" markdown={serviceLevels} />;
}

export function DeploymentPage() {
  return <DocumentPage title="Deployment guide" markdown={deploymentGuide} />;
}

export function PrivacyPage() {
  return <DocumentPage title="Privacy" markdown={privacyPolicy} />;
}
