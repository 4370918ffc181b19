import { lazy, type ReactNode, Suspense } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { BarChartProps } from './bar-chart.tsx';

// Chart.js comes in its own chunk, fetched by this page only once it has figures to draw.
const BarChart = lazy(() => import('./bar-chart.tsx'));

/** A titled card: a chart, and under it (for screen readers, or shown) the same figures as text. */
export function ChartCard({
  title,
  chart,
  height = 'h-64',
  children,
}: {
  title: string;
  chart: BarChartProps | null;
  height?: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {chart && (
        <div className={`mt-3 ${height}`}>
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <BarChart {...chart} />
          </Suspense>
        </div>
      )}
      {children}
    </Card>
  );
}
