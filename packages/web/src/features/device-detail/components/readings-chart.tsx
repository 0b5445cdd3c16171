import type { ReadingsAnswer } from '@iot/shared';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { XAXisComponentOption, YAXisComponentOption } from 'echarts';
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
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocale } from '@/i18n';
import { numberText } from '@/i18n/reading-text';
import { axisRangeOf, chartPanels, chartPoints, onOffPoints } from '../lib/readings-view';

// Only the parts drawn here, so the chart's chunk stays small.
use([LineChart, GridComponent, TooltipComponent, LegendComponent, DataZoomComponent, CanvasRenderer]);

type ChartOption = ComposeOption<
  LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | DataZoomComponentOption
>;

/** A colour per signal, kept whichever chart it lands in. */
const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#c62828', '#5d4037', '#ad1457'];

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
/** The heights of the stacked charts, the gap between them, the legend above and the zoom slider below. */
const NUMBERS_HEIGHT = 180;
const ON_OFF_HEIGHT = 44;
const PANEL_GAP = 48;
const LEGEND_HEIGHT = 48;
const SLIDER_ROOM = 72;

export interface ReadingsChartProps {
  signals: ReadingsAnswer['signals'];
  nameOf: (signal: string) => string;
  unitOf: (signal: string) => string | undefined;
  /** Whether a signal's readings are on or off rather than numbers. */
  isOnOff: (signal: string) => boolean;
}

/**
 * The chosen signals' readings over time, in charts stacked over one time axis that zoom together: numbers as lines,
 * at most two units a chart (a value axis each, left and right), percentages on 0-100; each on/off signal as a band
 * of its own. Loaded apart: ECharts is large.
 */
export function ReadingsChart({ signals: answered, nameOf, unitOf, isOnOff }: ReadingsChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ReturnType<typeof init>>(null);
  // A signal without readings in the period gets no empty chart: the notices above already say so.
  const signals = useMemo(() => answered.filter((answer) => answer.readings.length > 0), [answered]);
  const panels = useMemo(
    () =>
      chartPanels(
        signals.map((answer) => ({
          signal: answer.signal,
          unit: unitOf(answer.signal),
          onOff: isOnOff(answer.signal),
        })),
      ),
    [signals, unitOf, isOnOff],
  );
  const height =
    LEGEND_HEIGHT +
    panels.reduce((total, panel) => total + (panel.kind === 'onOff' ? ON_OFF_HEIGHT : NUMBERS_HEIGHT), 0) +
    PANEL_GAP * Math.max(0, panels.length - 1) +
    SLIDER_ROOM;

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
    // A loop, not Math.min(...dates): a long period's readings would overflow the call's arguments.
    let first = Number.POSITIVE_INFINITY;
    let latest = Number.NEGATIVE_INFINITY;
    for (const answer of signals) {
      for (const reading of answer.readings) {
        first = Math.min(first, reading.date);
        latest = Math.max(latest, reading.date);
      }
    }
    const dateText = axisDateText(locale, latest > first ? latest - first : 0);
    // The charts line up on the readings' own span; a single instant is left for ECharts to pad.
    const [from, to] = latest > first ? [first, latest] : [undefined, undefined];
    const yes = t('device.value.yes');
    const no = t('device.value.no');
    const last = panels.length - 1;
    const right = panels.some((panel) => panel.kind === 'numbers' && panel.units.length > 1) ? AXIS_WIDTH : 24;

    let top = LEGEND_HEIGHT;
    const grid: GridComponentOption[] = [];
    const xAxis: XAXisComponentOption[] = [];
    const yAxis: YAXisComponentOption[] = [];
    const series: LineSeriesOption[] = [];
    panels.forEach((panel, panelIndex) => {
      const panelHeight = panel.kind === 'onOff' ? ON_OFF_HEIGHT : NUMBERS_HEIGHT;
      grid.push({ left: AXIS_WIDTH + 24, right, top, height: panelHeight });
      top += panelHeight + PANEL_GAP;
      // One time axis for all: every chart spans the same dates, and only the lowest one labels them.
      xAxis.push({
        type: 'time',
        gridIndex: panelIndex,
        min: from,
        max: to,
        axisLabel: { show: panelIndex === last, formatter: (value: number) => dateText(value), hideOverlap: true },
        // The tooltip's heading: the date in full, as the readings table says it.
        axisPointer: { label: { formatter: ({ value }) => new Date(Number(value)).toLocaleString(locale) } },
      });
      const firstAxis = yAxis.length;
      if (panel.kind === 'onOff') {
        const answer = signals[panel.signals[0]?.index ?? 0];
        yAxis.push({
          type: 'value',
          gridIndex: panelIndex,
          min: 0,
          max: 1,
          interval: 1,
          name: answer ? nameOf(answer.signal) : '',
          nameLocation: 'end',
          nameTextStyle: { align: 'left' },
          axisLabel: { formatter: (value: number) => (value === 1 ? yes : no) },
        });
      } else {
        panel.units.forEach((unit, index) => {
          const range = axisRangeOf(unit);
          yAxis.push({
            type: 'value',
            gridIndex: panelIndex,
            ...(range === 'readings' ? { scale: true } : range),
            name: unit ?? '',
            position: index === 0 ? 'left' : 'right',
            // One set of grid lines (the left axis's): the right axis's own would cross them.
            splitLine: { show: index === 0 },
            axisLine: { show: index > 0 },
            axisLabel: { formatter: (value: number) => numbers.format(value) },
          });
        });
      }
      for (const { index, axis } of panel.signals) {
        const answer = signals[index];
        if (!answer) continue;
        const unit = unitOf(answer.signal);
        const onOff = panel.kind === 'onOff';
        const points = onOff ? onOffPoints(answer) : chartPoints(answer);
        series.push({
          type: 'line',
          name: nameOf(answer.signal),
          xAxisIndex: panelIndex,
          yAxisIndex: firstAxis + axis,
          // A flag holds its state until the next reading: a filled step, a band where it is on.
          ...(onOff ? { step: 'end' as const, areaStyle: { opacity: 0.35 } } : {}),
          showSymbol: !onOff && points.length < 100,
          itemStyle: { color: PALETTE[index % PALETTE.length] },
          data: points,
          tooltip: {
            valueFormatter: (value) =>
              typeof value !== 'number' ? '' : onOff ? (value === 1 ? yes : no) : numberText(value, unit, locale),
          },
        });
      }
    });
    const every = panels.map((_, index) => index);
    const option: ChartOption = {
      textStyle: { fontFamily: theme.typography.fontFamily },
      grid,
      xAxis,
      yAxis,
      series,
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      axisPointer: { link: [{ xAxisIndex: 'all' }] },
      dataZoom: [
        { type: 'inside', xAxisIndex: every },
        { type: 'slider', xAxisIndex: every, height: 20, bottom: 12 },
      ],
    };
    chart.current?.setOption(option, { notMerge: true });
    chart.current?.resize();
  }, [signals, panels, nameOf, unitOf, i18n.language, theme, t]);

  const described = panels
    .map((panel) => panel.signals.map(({ index }) => nameOf(signals[index]?.signal ?? '')).join(', '))
    .join('; ');
  return (
    <Box
      ref={element}
      role="img"
      aria-label={`${t('device.data.chart')}: ${described}`}
      data-charts={panels.length}
      sx={{ width: '100%', height }}
    />
  );
}
