// A moment as researchers and admins read it (day/month/year, 24-hour clock). In the reader's time
// zone by default; in UTC, marked as such, where the server and the browser must print the same text.
export type MomentStyle = "short" | "medium" | "time";

const STYLES: Record<MomentStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: "short", timeStyle: "short" },
  medium: { dateStyle: "medium", timeStyle: "short" },
  time: { timeStyle: "medium" },
};

export function formatMoment(at: Date | string | number, style: MomentStyle, zone: "local" | "UTC"): string {
  const d = new Date(at);
  return zone === "UTC" ? `${d.toLocaleString("en-GB", { ...STYLES[style], timeZone: "UTC" })} UTC` : d.toLocaleString("en-GB", STYLES[style]);
}
