import { DevelopmentBanner } from '../components/development-banner.tsx';
import { useDocumentTitle } from '../components/page.tsx';
import { ClosingCallToAction } from './landing/closing-call-to-action.tsx';
import { Features } from './landing/features.tsx';
import { Hero } from './landing/hero.tsx';
import { HowItWorks } from './landing/how-it-works.tsx';
import { LandingFooter } from './landing/landing-footer.tsx';
import { LandingHeader } from './landing/landing-header.tsx';
import { LandingScriptParts } from './landing/landing-script-parts.tsx';
import { Testimonials } from './landing/testimonials.tsx';

/** 70rem: the 72rem content column less its padding, so the banner lines up with the header. */
const BANNER_CLASS = 'mx-auto max-w-280';

export default function LandingPage() {
  useDocumentTitle();
  return (
    <div className="flex flex-1 flex-col bg-white">
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* Empty (and hidden) once the visitor has dismissed the banner. */}
        <div className="bg-indigo-50 px-4 pt-4 empty:hidden sm:pt-6">
          <DevelopmentBanner className={BANNER_CLASS} />
        </div>
        <Hero />
        <Features />
        <HowItWorks />
        <Testimonials />
        <ClosingCallToAction />
      </main>
      <LandingFooter />
      <LandingScriptParts bannerClassName={BANNER_CLASS} />
    </div>
  );
}
