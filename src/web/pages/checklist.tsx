import { ComingSoon, PageContainer, useDocumentTitle } from '../components/page.tsx';

export default function ChecklistPage() {
  useDocumentTitle('Checklist');
  return (
    <PageContainer>
      <ComingSoon title="Checklist pages are not available yet">
        Checklists arrive in the next release of this server. No checklist is stored here yet.
      </ComingSoon>
    </PageContainer>
  );
}
