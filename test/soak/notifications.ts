/**
 * Counts the notifications the workbench shows, from the page itself (the extension host cannot
 * see them: wrapping `window.showErrorMessage` there would only see its own calls). A script in
 * the page looks at the notification toasts and the notification centre whenever the page
 * changes, and reports each notification once (severity and message) to the driver.
 */
import type { Page } from 'playwright-core';
import type { SeenNotification, Severity } from './figures';

const REPORT = 'exchangeTxSoakNotification';

/** Runs in the page before the workbench loads: no closure, only what it is given. */
function observe(report: string): void {
  const seen = new Set<string>();
  const scan = () => {
    for (const item of Array.from(document.querySelectorAll('.notification-list-item'))) {
      const icon = item.querySelector('.notification-list-item-icon');
      const message = item.querySelector('.notification-list-item-message')?.textContent?.trim() ?? '';
      if (!icon || message === '') continue;
      const severity = icon.classList.contains('codicon-error')
        ? 'error'
        : icon.classList.contains('codicon-warning')
          ? 'warning'
          : 'info';
      const key = `${severity}\n${message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const send = (window as unknown as Record<string, (severity: string, text: string) => void>)[report];
      send?.(severity, message);
    }
  };
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => {
      queued = false;
      scan();
    }, 50);
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  setInterval(scan, 500);
}

function isSeverity(value: unknown): value is Severity {
  return value === 'error' || value === 'warning' || value === 'info';
}

/** Starts counting on `page` (call before it loads the workbench); the list grows as they show. */
export async function watchNotifications(page: Page): Promise<SeenNotification[]> {
  const seen: SeenNotification[] = [];
  await page.exposeFunction(REPORT, (severity: unknown, text: unknown) => {
    if (isSeverity(severity) && typeof text === 'string') seen.push({ severity, text });
  });
  await page.addInitScript(observe, REPORT);
  return seen;
}
