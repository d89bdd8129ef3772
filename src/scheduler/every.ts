// An interval trigger's text (`every`: an ISO 8601 duration in weeks, days, hours, minutes and seconds)
// and its seconds. No Node built-ins: the console reads intervals with it too.

export const MIN_EVERY_SECONDS = 60;
export const MAX_EVERY_SECONDS = 31 * 86_400;

const DURATION = /^P(?:(\d{1,4})W|(?:(\d{1,4})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,8})M)?(?:(\d{1,10})S)?)?)$/;

/**
 * The seconds of an ISO 8601 duration in weeks, days, hours, minutes and seconds (`PT15M`, `P1D`,
 * `PT1H30M`), or why it is not acceptable. Years and months have no fixed length and are refused.
 */
export function parseEvery(text: string): { seconds: number } | { problem: string } {
  const m = DURATION.exec(text);
  if (!m || text === 'P' || text.endsWith('T')) {
    return {
      problem:
        'must be an ISO 8601 duration in weeks, days, hours, minutes or seconds (e.g. PT15M, PT1H30M, P1D); ' +
        'years and months are not accepted',
    };
  }
  const [, w, d, h, min, s] = m.map((x) => (x === undefined ? 0 : Number(x)));
  const seconds = w! * 604_800 + d! * 86_400 + h! * 3600 + min! * 60 + s!;
  if (seconds < MIN_EVERY_SECONDS) return { problem: 'must be at least 1 minute (PT1M)' };
  if (seconds > MAX_EVERY_SECONDS) return { problem: 'must be at most 31 days (P31D)' };
  return { seconds };
}

/** The canonical spelling of an interval in seconds: `PT15M`, `P1DT2H`. */
export function formatEvery(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return `P${d ? `${d}D` : ''}${time ? `T${time}` : ''}`;
}
