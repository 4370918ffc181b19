import { ComingSoon, PageContainer } from '../components/page.tsx';

export default function Page() {
  return (
    <PageContainer>
      <ComingSoon title="This page is being built">It is not available yet.</ComingSoon>
    </PageContainer>
  );
}
