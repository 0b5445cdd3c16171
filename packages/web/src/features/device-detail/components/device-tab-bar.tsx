import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tab, { tabClasses } from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceDetailTab } from '../lib/device-tabs';

/** Tight enough that every tab of provider staff fits one row beside the side panel at 1280 px, in both languages. */
const tabSx = { [`&.${tabClasses.root}`]: { minWidth: 0, px: 1.25, whiteSpace: 'nowrap' } } as const;

/**
 * The tabs that fit the row: the chosen one always, the others in their order while they fit beside it and the
 * "More" button. All of them when they fit without it.
 */
export function tabsInRow(
  tabs: DeviceDetailTab[],
  chosen: DeviceDetailTab,
  widths: number[],
  moreWidth: number,
  available: number,
): Set<DeviceDetailTab> {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return new Set(tabs);
  let used = moreWidth + (widths[tabs.indexOf(chosen)] ?? 0);
  const row = new Set<DeviceDetailTab>([chosen]);
  for (const [index, tab] of tabs.entries()) {
    if (tab === chosen) continue;
    const width = widths[index] ?? 0;
    // The first one that does not fit ends the row: the later ones go to the menu too, in their order.
    if (used + width > available) break;
    used += width;
    row.add(tab);
  }
  return row;
}

/**
 * The device's tabs on one row. Where they do not all fit (a narrow window), the last ones go to a "More" menu, as
 * MUI's own overflow does, and the chosen tab stays on the row; every label stays whole, none behind a scroll arrow.
 */
export function DeviceTabBar({
  tabs,
  tab,
  onChange,
}: {
  tabs: DeviceDetailTab[];
  tab: DeviceDetailTab;
  onChange: (next: DeviceDetailTab) => void;
}) {
  const { t } = useTranslation();
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  // The chosen tab alone until the labels are measured (before the first paint): a row drawn too wide would have the
  // tabs scroll the chosen one into view, and stay scrolled once the row is cut.
  const [row, setRow] = useState<Set<DeviceDetailTab>>(() => new Set([tab]));
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);

  // The labels are measured off screen, again whenever the row's width or theirs (another language) changes.
  useLayoutEffect(() => {
    const rowElement = rowRef.current;
    const measure = measureRef.current;
    if (!rowElement || !measure) return;
    const fit = () => {
      const width = (element: Element | null) => element?.getBoundingClientRect().width ?? 0;
      const widths = [...measure.querySelectorAll('[role="tab"]')].map(width);
      const moreWidth = width(measure.querySelector('[data-more]'));
      const next = tabsInRow(tabs, tab, widths, moreWidth, rowElement.clientWidth);
      setRow((current) =>
        current.size === next.size && [...next].every((name) => current.has(name)) ? current : next,
      );
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(rowElement);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [tabs, tab]);

  const overflow = tabs.filter((name) => !row.has(name));
  const moreLabel = t('device.moreTabs');
  return (
    <Box ref={rowRef} sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', position: 'relative' }}>
      {/* The strip is as wide as all the labels: a box of no size clips it, or the page would scroll sideways. */}
      <Box sx={{ position: 'absolute', width: 0, height: 0, overflow: 'hidden' }}>
        <Box
          ref={measureRef}
          aria-hidden
          inert
          sx={{ visibility: 'hidden', display: 'flex', width: 'max-content', height: 0 }}
        >
          <Tabs value={false}>
            {tabs.map((name) => (
              <Tab key={name} value={name} label={t(`device.tab.${name}`)} sx={tabSx} tabIndex={-1} />
            ))}
          </Tabs>
          <Button data-more endIcon={<ExpandMoreOutlined />} sx={{ whiteSpace: 'nowrap' }} tabIndex={-1}>
            {moreLabel}
          </Button>
        </Box>
      </Box>
      <Tabs
        value={tab}
        onChange={(_event, next: DeviceDetailTab) => onChange(next)}
        aria-label={t('device.tabs')}
        sx={{ minWidth: 0 }}
      >
        {tabs
          .filter((name) => row.has(name))
          .map((name) => (
            <Tab key={name} value={name} label={t(`device.tab.${name}`)} sx={tabSx} />
          ))}
      </Tabs>
      {overflow.length > 0 && (
        <>
          <Button
            endIcon={<ExpandMoreOutlined />}
            aria-haspopup="menu"
            aria-expanded={menuAnchor ? 'true' : undefined}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
            color="inherit"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0, color: 'text.secondary' }}
          >
            {moreLabel}
          </Button>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            {overflow.map((name) => (
              <MenuItem
                key={name}
                onClick={() => {
                  setMenuAnchor(null);
                  onChange(name);
                }}
              >
                {t(`device.tab.${name}`)}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </Box>
  );
}
