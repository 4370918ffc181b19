import { Link } from 'wouter';
import { Brand } from '../../components/brand.tsx';
import { getPublicConfig } from '../../lib/public-config.ts';

const FOOTER_LINK =
  'rounded-sm text-slate-600 underline-offset-4 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

export function LandingFooter() {
  const { siteName, companyTradeName, companyLegalName, supportEmail } = getPublicConfig();
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 md:flex-row md:items-start md:justify-between">
        <div className="max-w-md">
          <Brand />
          <p className="mt-3 text-sm leading-relaxed text-slate-600" data-testid="ownership-line">
            {siteName} is a product of {companyTradeName}, a trade name of {companyLegalName}.
          </p>
          <p className="mt-2 text-sm text-slate-500">
            © {year} {companyLegalName}. All rights reserved.
          </p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-2 text-sm">
          <Link href="/sms-consent" className={FOOTER_LINK}>
            SMS Consent
          </Link>
          <Link href="/developers" className={FOOTER_LINK}>
            Developers
          </Link>
          <Link href="/verify" className={FOOTER_LINK}>
            Check a report or photo
          </Link>
          <Link href="/privacy" className={FOOTER_LINK}>
            Privacy
          </Link>
          {supportEmail && (
            <a href={`mailto:${supportEmail}`} className={FOOTER_LINK}>
              Support: {supportEmail}
            </a>
          )}
        </nav>
      </div>
    </footer>
  );
}
