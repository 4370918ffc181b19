import { DevelopmentBanner } from '../components/development-banner.tsx';
import { ComingSoon, PageContainer, useDocumentTitle } from '../components/page.tsx';

export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <PageContainer>
      <DevelopmentBanner />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-1 text-slate-600">Manage your checklists and track progress</p>
      <div className="mt-8">
        <ComingSoon title="Checklists are not available yet">
          You are signed in and your account is ready. Creating, sharing and tracking checklists arrives in
          the next release of this server; nothing is shown here until it does.
        </ComingSoon>
      </div>
    </PageContainer>
  );
}
