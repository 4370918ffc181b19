import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartDataset,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';

/**
 * A bar chart drawn by Chart.js (its own chunk: only /insights loads it, decision 0052). Only the
 * bar controller and the parts it uses are registered, so the rest of the library is left out of
 * the build. The canvas is an image with a summary; the page puts the figures in a table beside it.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

export interface BarSeries {
  label: string;
  values: number[];
  color: string;
}

export interface BarChartProps {
  labels: string[];
  series: BarSeries[];
  /** What the chart shows, in words (the canvas's accessible name). */
  summary: string;
  /** Bars across (people, tasks) rather than up (days). */
  horizontal?: boolean;
}

export default function BarChart({ labels, series, summary, horizontal = false }: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const datasets: ChartDataset<'bar', number[]>[] = series.map((one) => ({
      label: one.label,
      data: one.values,
      backgroundColor: one.color,
      borderRadius: 3,
      maxBarThickness: 28,
    }));
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: {
          [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } },
          [horizontal ? 'y' : 'x']: { grid: { display: false }, ticks: { autoSkip: true, maxRotation: 0 } },
        },
      },
    });
    return () => chart.destroy();
  }, [labels, series, horizontal]);
  return (
    <div className="relative h-full w-full">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
