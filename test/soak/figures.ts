/**
 * The soak's figures and invariants, pure: what the extension host reported (the sandbox's own
 * request log, memory, unhandled rejections, what each feature showed) and what the workbench page
 * showed (notifications), turned into the printed table and the list of broken invariants.
 */

/** The service's limit: requests per second and key. */
export const RATE_LIMIT = 10;
export const WINDOW_MS = 1000;

/** One request as the sandbox logged it, reduced to what the soak reads. */
export interface SeenRequest {
  /** Monotonic ms when it had arrived (the sandbox's own timestamp). */
  readonly at: number;
  readonly method: string | undefined;
  /** The sandbox's outcome: ok, error, rate-limited (its own limiter), fault, … */
  readonly outcome: string;
  readonly fault?: string;
  /**
   * A request to the sandbox's control endpoint (the Transactions filter's and the hover's times in
   * status): the sandbox's own, not the service's, counted against no limit.
   */
  readonly control?: true;
}

/** The requests the service would see: not those to the sandbox's control endpoint. */
const serviceRequests = (requests: readonly SeenRequest[]) => requests.filter((r) => r.control !== true);

export interface Memory {
  readonly rssBytes: number;
  readonly heapUsedBytes: number;
}

/** What a feature showed at the end, after a forced failure of every request. */
export interface LastGood {
  /** What it showed before the failure, and after it (counts). */
  readonly before: number;
  readonly after: number;
  /** Whether the failure was shown in place (an error node, item state, panel message). */
  readonly failureShown: boolean;
}

/** What the soak in the extension host writes for the driver. */
export interface HostReport {
  readonly seconds: number;
  readonly vscodeVersion: string;
  readonly requests: readonly SeenRequest[];
  /** The sandbox's journal (a ring) no longer held the soak's first requests: counts would be low. */
  readonly requestsDropped: boolean;
  readonly memoryStart: Memory;
  readonly memoryEnd: Memory;
  readonly unhandledRejections: readonly string[];
  /** How often each feature worked during the soak. */
  readonly activity: Readonly<Record<string, number>>;
  /** Moments during the soak when a feature stopped showing data it had shown (should be none). */
  readonly lost: readonly string[];
  readonly lastGood: { readonly view: LastGood; readonly watch: LastGood; readonly panel: LastGood };
}

export type Severity = 'error' | 'warning' | 'info';

export interface SeenNotification {
  readonly severity: Severity;
  readonly text: string;
}

/**
 * The most requests that arrived within any one window: for each request, those that arrived in
 * the window ending with it, (at - windowMs, at], the sandbox limiter's own window.
 */
export function maxPerWindow(
  times: readonly number[],
  windowMs = WINDOW_MS,
): { readonly count: number; readonly endingAt: number | undefined } {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let endingAt: number | undefined;
  let first = 0;
  for (let last = 0; last < sorted.length; last++) {
    const end = sorted[last] ?? 0;
    while ((sorted[first] ?? 0) <= end - windowMs) first++;
    const count = last - first + 1;
    if (count > best) {
      best = count;
      endingAt = end;
    }
  }
  return { count: best, endingAt };
}

/** How many of each `key` the items have, most first. */
export function tally<T>(items: readonly T[], key: (item: T) => string | undefined): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

export interface Figures {
  readonly requests: number;
  readonly maxPerSecond: number;
  /** -32600 answers of the sandbox's own limiter: the client let too many through. */
  readonly rateLimitRefusals: number;
  /** Rate-limit answers injected as a fault (as if another program used the key). */
  readonly rateLimitFaults: number;
  readonly errorNotifications: number;
  readonly unhandledRejections: number;
}

export function figuresOf(report: HostReport, notifications: readonly SeenNotification[]): Figures {
  return {
    requests: report.requests.length,
    maxPerSecond: maxPerWindow(serviceRequests(report.requests).map((r) => r.at)).count,
    rateLimitRefusals: report.requests.filter((r) => r.outcome === 'rate-limited').length,
    rateLimitFaults: report.requests.filter((r) => r.fault === 'rateLimited').length,
    errorNotifications: notifications.filter((n) => n.severity !== 'info').length,
    unhandledRejections: report.unhandledRejections.length,
  };
}

/** The invariants the soak asserts: counts, never timings. Empty when all hold. */
export function brokenInvariants(
  report: HostReport,
  notifications: readonly SeenNotification[],
  probeSeen: boolean,
): string[] {
  const figures = figuresOf(report, notifications);
  const broken: string[] = [];
  if (figures.requests === 0) broken.push('no request reached the sandbox: nothing was soaked');
  if (report.requestsDropped)
    broken.push("the sandbox's journal dropped the soak's first requests: every count would be too low");
  if (figures.maxPerSecond > RATE_LIMIT)
    broken.push(
      `${figures.maxPerSecond} requests to the service reached the sandbox within one second (at most ${RATE_LIMIT})`,
    );
  if (figures.rateLimitRefusals > 0)
    broken.push(`the sandbox's own limiter refused ${figures.rateLimitRefusals} request(s)`);
  if (figures.unhandledRejections > 0)
    broken.push(
      `${figures.unhandledRejections} unhandled rejection(s): ${report.unhandledRejections.slice(0, 5).join(' | ')}`,
    );
  if (figures.errorNotifications > 0) {
    const shown = notifications.filter((n) => n.severity !== 'info').slice(0, 5);
    broken.push(
      `${figures.errorNotifications} error or warning notification(s): ${shown.map((n) => `${n.severity}: ${n.text}`).join(' | ')}`,
    );
  }
  if (!probeSeen) broken.push('the probe notification was not seen: the notification count proves nothing');
  for (const lost of report.lost.slice(0, 5)) broken.push(`last good data lost: ${lost}`);
  for (const [feature, lastGood] of Object.entries(report.lastGood)) {
    if (lastGood.before === 0) broken.push(`${feature}: showed no data before the forced failure`);
    else if (lastGood.after !== lastGood.before)
      broken.push(`${feature}: showed ${lastGood.before} before the forced failure and ${lastGood.after} after it`);
    if (!lastGood.failureShown) broken.push(`${feature}: the forced failure was not shown in place`);
  }
  return broken;
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The printed table. */
export function reportLines(report: HostReport, notifications: readonly SeenNotification[]): string[] {
  const figures = figuresOf(report, notifications);
  const rows: [string, string][] = [
    ['VS Code', report.vscodeVersion],
    ['duration', `${report.seconds} s`],
    ['requests sent (seen by the sandbox)', String(figures.requests)],
    [
      '  by method',
      tally(report.requests, (r) => r.method ?? '(none)')
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ],
    [
      '  answered with a fault',
      tally(report.requests, (r) => r.fault)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || 'none',
    ],
    [
      "  of them to the control endpoint (the sandbox's own, not limited)",
      String(report.requests.length - serviceRequests(report.requests).length),
    ],
    [`most requests to the service in any one second (limit ${RATE_LIMIT})`, String(figures.maxPerSecond)],
    ['rate-limit errors: refusals of the sandbox limiter', String(figures.rateLimitRefusals)],
    ['rate-limit errors: injected rate-limit answers', String(figures.rateLimitFaults)],
    ['unhandled rejections', String(figures.unhandledRejections)],
    ['error/warning notifications shown', String(figures.errorNotifications)],
    ['info notifications shown', String(notifications.filter((n) => n.severity === 'info').length)],
    [
      'extension host memory at start (rss / heap used)',
      `${mib(report.memoryStart.rssBytes)} / ${mib(report.memoryStart.heapUsedBytes)}`,
    ],
    [
      'extension host memory at end (rss / heap used)',
      `${mib(report.memoryEnd.rssBytes)} / ${mib(report.memoryEnd.heapUsedBytes)}`,
    ],
    [
      'activity',
      Object.entries(report.activity)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ],
  ];
  for (const [feature, lastGood] of Object.entries(report.lastGood)) {
    const kept = lastGood.before > 0 && lastGood.after === lastGood.before;
    rows.push([
      `last good data after a forced failure: ${feature}`,
      `${kept ? 'still shown' : 'LOST'} (${lastGood.before} before, ${lastGood.after} after; failure ${lastGood.failureShown ? 'shown in place' : 'NOT shown'})`,
    ]);
  }
  rows.push(['data lost during the soak', String(report.lost.length)]);
  const width = Math.max(...rows.map(([figure]) => figure.length));
  const lines = rows.map(([figure, value]) => `  ${figure.padEnd(width)}  ${value}`);
  if (figures.maxPerSecond > RATE_LIMIT) lines.push(...densestSecond(serviceRequests(report.requests)));
  return lines;
}

/** The requests of the busiest second, to see which feature sent them and how they ended. */
export function densestSecond(requests: readonly SeenRequest[]): string[] {
  const { endingAt } = maxPerWindow(requests.map((r) => r.at));
  if (endingAt === undefined) return [];
  const inside = requests.filter((r) => r.at > endingAt - WINDOW_MS && r.at <= endingAt).sort((a, b) => a.at - b.at);
  const first = inside[0]?.at ?? endingAt;
  return [
    '  the busiest second at the sandbox:',
    ...inside.map(
      (r) =>
        `    +${Math.round(r.at - first)} ms ${r.method ?? '(no method)'} ${r.outcome}${r.fault ? ` (${r.fault})` : ''}`,
    ),
  ];
}
