import { getTimezoneOffset } from "date-fns-tz";
import { addDays, isoWeekday } from "@contract/analytics";

const HOUR_MS = 3_600_000;

/** Where an instant falls for the user: their calendar date, ISO weekday (1 = Monday) and hour. */
export interface LocalMoment {
  date: string;
  weekday: number;
  hour: number;
}

/**
 * Instants read as local dates and hours in one zone. The zone's offset is looked up once per
 * UTC hour (zones change their offset on whole UTC hours, or half hours in the rare zones that
 * have them) and the rest is arithmetic, so thousands of timestamps cost a few lookups.
 */
export class LocalCalendar {
  readonly #offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {}

  /** The zone's offset from UTC in ms at an instant. */
  offsetAt(time: number): number {
    const hour = Math.floor(time / HOUR_MS);
    let offset = this.#offsets.get(hour);
    if (offset === undefined) {
      offset = getTimezoneOffset(this.timeZone, new Date(hour * HOUR_MS));
      this.#offsets.set(hour, offset);
    }
    return offset;
  }

  /** True when the zone's offsets in the year before `now` are all whole hours. */
  hasWholeHourOffsets(now: Date): boolean {
    return [0, 91, 182, 273].every(
      (days) => this.offsetAt(now.getTime() - days * 24 * HOUR_MS) % HOUR_MS === 0,
    );
  }

  moment(iso: string): LocalMoment {
    const time = Date.parse(iso);
    const local = new Date(time + this.offsetAt(time));
    const date = local.toISOString().slice(0, 10);
    return { date, weekday: isoWeekday(date), hour: local.getUTCHours() };
  }

  date(iso: string): string {
    return this.moment(iso).date;
  }

  /** The instant a local date begins (its midnight), as ms since the epoch. */
  startOf(date: string): number {
    const wall = Date.parse(`${date}T00:00:00.000Z`);
    // The offset at the wall time read as UTC is right unless a change lies between the two.
    let time = wall - this.offsetAt(wall);
    time = wall - this.offsetAt(time);
    return time;
  }

  /** Every date from `from` to `to`, both included. */
  static datesBetween(from: string, to: string): string[] {
    const dates: string[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
    return dates;
  }
}
