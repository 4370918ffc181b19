import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PageContainer } from '../../components/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** The card of a page coming back from the checkout: an icon, a title and what follows it. */
export function ResultCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <Card className="mx-auto mt-8 max-w-md p-8 text-center">
        {icon}
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </Card>
    </PageContainer>
  );
}

export function Actions({ primary, secondary }: { primary: [string, string]; secondary?: [string, string] }) {
  return (
    <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
      <Button asChild>
        <Link href={primary[0]}>{primary[1]}</Link>
      </Button>
      {secondary && (
        <Button asChild variant="secondary">
          <Link href={secondary[0]}>{secondary[1]}</Link>
        </Button>
      )}
    </div>
  );
}
