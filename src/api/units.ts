/** Sizes and durations as error messages say them: `8 MiB`, `512 KiB`, `100 bytes`, `15 s`, `0.2 s`. */

const KIB = 1024;
const MIB = 1024 * 1024;

function trimmed(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A byte count in the largest binary unit it reaches, with at most two decimals. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB) return `${trimmed(bytes / MIB)} MiB`;
  if (bytes >= KIB) return `${trimmed(bytes / KIB)} KiB`;
  return bytes === 1 ? '1 byte' : `${bytes} bytes`;
}

/** Milliseconds as seconds, with at most three decimals. */
export function formatSeconds(ms: number): string {
  return `${Math.round(ms) / 1000} s`;
}
