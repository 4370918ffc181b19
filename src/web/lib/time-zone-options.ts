/**
 * The IANA zones a select offers (a schedule's clock, the team's zone): every zone this browser
 * knows, UTC always among them, and the chosen one first in case the browser does not list it.
 */
export function timeZoneOptions(current: string): string[] {
  const supported =
    (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const zones = supported.includes('UTC') ? supported : ['UTC', ...supported];
  return zones.includes(current) ? zones : [current, ...zones];
}
