import { BookOpen, Code2, type LucideIcon, Webhook } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { OPENAPI_PATH } from '#domain/api-docs';
import { developerQuickStart } from '#domain/developer-quick-start';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Card } from '../components/ui/card.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { QuickStart } from './developers/quick-start.tsx';

// swagger-ui and its stylesheet: a chunk of their own, fetched when this page draws, by no other page.
const ApiReference = lazy(() => import('./developers/api-reference.tsx'));

/**
 * /developers (public): a quick start from a token to a verified webhook, with this deployment's
 * origin in every command, and the API reference drawn from GET /api/openapi.json.
 */
export default function DevelopersPage() {
  useDocumentTitle('Developers');
  const { siteName } = getPublicConfig();
  const steps = useMemo(() => developerQuickStart(window.location.origin), []);
  return (
    <PageContainer>
      <header className="max-w-3xl">
        <p className="flex items-center gap-2 text-sm font-semibold text-indigo-700">
          <Code2 className="h-4 w-4" aria-hidden="true" />
          Developers
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          The {siteName} API
        </h1>
        <p className="mt-3 text-base leading-relaxed text-slate-600">
          Read your team’s checklists from your own tools, export them, and get told the moment work is done:
          the checklist and webhook routes take a team API token, and webhooks are signed the Standard
          Webhooks way. The description is OpenAPI 3.1 at{' '}
          <a href={OPENAPI_PATH} className="font-medium text-indigo-700 underline-offset-4 hover:underline">
            {OPENAPI_PATH}
          </a>
          .
        </p>
      </header>

      <Section
        id="quick-start"
        icon={Webhook}
        title="Quick start"
        intro="From a token to a verified webhook in three steps."
      >
        <QuickStart steps={steps} />
      </Section>

      <Section
        id="reference"
        icon={BookOpen}
        title="API reference"
        intro="Every operation, its parameters and answers, and who may call it: a token needs the scope its operation names."
      >
        <Card className="overflow-hidden p-2 sm:p-4">
          <Suspense
            fallback={
              <div className="flex justify-center p-10">
                <Spinner />
              </div>
            }
          >
            <ApiReference />
          </Suspense>
        </Card>
      </Section>
    </PageContainer>
  );
}

/** A part of the page: its heading, what it holds in a sentence, and its content. */
function Section(props: { id: string; icon: LucideIcon; title: string; intro: string; children: ReactNode }) {
  const { id, icon: Icon, title, intro, children } = props;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Icon className="h-5 w-5 text-indigo-600" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
