import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import data from './admin-data.module.css';

export interface ChartSeries {
  label: string;
  colour: string;
  values: number[];
}

const AXIS = {
  stroke: '#a1a1b3',
  grid: { stroke: '#2a2a36', width: 1 },
  ticks: { stroke: '#2a2a36', width: 1 },
};

/**
 * A line chart of counts per day (uPlot, loaded only with the stats). The canvas is drawn for the eyes; the
 * same numbers are in the table beside it for screen readers.
 */
export default function DailyChart({ days, series }: { days: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(240, target.clientWidth),
        height: 180,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        axes: [AXIS, { ...AXIS, size: 44 }],
        legend: { show: true, live: false },
        cursor: { show: true, drag: { x: false, y: false } },
        series: [
          {},
          ...series.map((s) => ({
            label: s.label,
            stroke: s.colour,
            width: 2,
            points: { show: days.length <= 31 },
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      target,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, target.clientWidth), height: 180 }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return <div ref={box} className={data.chart} aria-hidden="true" />;
}
