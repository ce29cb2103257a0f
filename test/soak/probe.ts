/** The one error notification the soak shows on purpose, to prove the counter sees notifications. */
export const PROBE_TEXT = 'Exchange Tx soak: a probe of the notification counter (shown on purpose).';
