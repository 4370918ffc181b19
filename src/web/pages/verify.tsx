import { ComingSoon, PageContainer, useDocumentTitle } from '../components/page.tsx';

export default function VerifyPage() {
  useDocumentTitle('Verify');
  return (
    <PageContainer>
      <ComingSoon title="Verification links are not available yet">
        Sharing with a verification code arrives in a later release of this server.
      </ComingSoon>
    </PageContainer>
  );
}
