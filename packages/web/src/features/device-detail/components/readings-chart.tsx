import type { ReadingsAnswer } from '@iot/shared';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  type DataZoomComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { numberText } from '@/i18n/reading-text';
import { chartPoints, unitAxes } from '../lib/readings-view';

// Only the parts drawn here, so the chart's chunk stays small.
use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type ChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption
>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Axis labels as precise as the span needs: seconds within minutes, times within a day or two, else days. */
function axisDateText(locale: string, spanMs: number) {
  const format: Intl.DateTimeFormatOptions =
    spanMs < 10 * 60 * 1000
      ? { hour: '2-digit', minute: '2-digit', second: '2-digit' }
      : spanMs < 2 * DAY_MS
        ? { hour: '2-digit', minute: '2-digit' }
        : { day: 'numeric', month: 'short' };
  const dates = new Intl.DateTimeFormat(locale, format);
  return (value: number) => dates.format(value);
}

/** Room beside the plot for one value axis's labels. */
const AXIS_WIDTH = 56;

export interface ReadingsChartProps {
  signals: ReadingsAnswer['signals'];
  nameOf: (signal: string) => string;
  unitOf: (signal: string) => string | undefined;
}

/**
 * The chosen signals' numeric readings over time, a line each, on a value axis per unit (the first on the left, the
 * others on the right). Loaded apart: ECharts is large.
 */
export function ReadingsChart({ signals, nameOf, unitOf }: ReadingsChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init>>(null);

  useEffect(() => {
    if (!element.current) return;
    const instance = init(element.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const locale = formatLocale(i18n.language);
    const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
    const { units, axisOf } = unitAxes(
      signals.map((answer) => answer.signal),
      unitOf,
    );
    const series = signals.map((answer, index) => ({
      name: nameOf(answer.signal),
      unit: unitOf(answer.signal),
      axis: axisOf[index] ?? 0,
      points: chartPoints(answer),
    }));
    const rightAxes = Math.max(0, units.length - 1);
    const dates = series.flatMap((line) => line.points.map(([date]) => date));
    const dateText = axisDateText(locale, dates.length > 0 ? Math.max(...dates) - Math.min(...dates) : 0);
    const option: ChartOption = {
      color: [theme.palette.primary.main, theme.palette.secondary.main, '#ef6c00', '#6a1b9a', '#00838f', '#c62828'],
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid: { left: AXIS_WIDTH, right: rightAxes > 0 ? rightAxes * AXIS_WIDTH : 24, top: 56, bottom: 64 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'time',
        axisLabel: { formatter: (value: number) => dateText(value), hideOverlap: true },
        // The tooltip's heading: the date in full, as the readings table says it.
        axisPointer: { label: { formatter: ({ value }) => new Date(Number(value)).toLocaleString(locale) } },
      },
      yAxis: units.map((unit, index) => ({
        type: 'value',
        scale: true,
        name: unit ?? '',
        position: index === 0 ? 'left' : 'right',
        offset: index === 0 ? 0 : (index - 1) * AXIS_WIDTH,
        // One set of grid lines (the first axis's): every axis's own would cross each other.
        splitLine: { show: index === 0 },
        axisLine: { show: index > 0 },
        axisLabel: { formatter: (value: number) => numbers.format(value) },
      })),
      dataZoom: [{ type: 'inside' }, { type: 'slider', height: 20, bottom: 12 }],
      series: series.map((line) => ({
        type: 'line',
        name: line.name,
        yAxisIndex: line.axis,
        showSymbol: line.points.length < 100,
        data: line.points,
        tooltip: { valueFormatter: (value) => (typeof value === 'number' ? numberText(value, line.unit, locale) : '') },
      })),
    };
    chart.current?.setOption(option, { notMerge: true });
  }, [signals, nameOf, unitOf, i18n.language, theme]);

  return <Box ref={element} role="img" aria-label={t('device.data.chart')} sx={{ width: '100%', height: 320 }} />;
}
