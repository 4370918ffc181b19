import { ComingSoon, PageContainer, useDocumentTitle } from '../components/page.tsx';

export default function SharedChecklistPage() {
  useDocumentTitle('Shared checklist');
  return (
    <PageContainer>
      <ComingSoon title="Shared checklists are not available yet">
        This server cannot open shared checklists yet. Please ask the sender to share it again once sharing is
        available.
      </ComingSoon>
    </PageContainer>
  );
}
