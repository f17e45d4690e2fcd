import { getTimezoneOffset } from "date-fns-tz";
import { addDays, isoWeekday } from "@contract/analytics";

const HOUR_MS = 3_600_000;

/** Where an instant falls for the user: their calendar date, ISO weekday (1 = Monday) and hour. */
export interface LocalMoment {
  date: string;
  weekday: number;
  hour: number;
}

const DAY_MS = 24 * HOUR_MS;

/**
 * Instants read as local dates and hours in one zone. Zones change their offset on whole UTC
 * hours (or half hours, in the rare zones that have them) and seldom: the offset is looked up
 * at each UTC day's start and end, and only a day whose two differ is looked up hour by hour. The
 * rest is arithmetic, so a year of timestamps costs a few hundred lookups.
 */
export class LocalCalendar {
  readonly #exact = new Map<number, number>();
  /** By UTC day: its one offset, or null when it changes during the day. */
  readonly #days = new Map<number, number | null>();

  constructor(readonly timeZone: string) {}

  #lookUp(time: number): number {
    let offset = this.#exact.get(time);
    if (offset === undefined) {
      offset = getTimezoneOffset(this.timeZone, new Date(time));
      this.#exact.set(time, offset);
    }
    return offset;
  }

  /** The zone's offset from UTC in ms at an instant. */
  offsetAt(time: number): number {
    const day = Math.floor(time / DAY_MS);
    let offset = this.#days.get(day);
    if (offset === undefined) {
      const start = this.#lookUp(day * DAY_MS);
      offset = start === this.#lookUp((day + 1) * DAY_MS) ? start : null;
      this.#days.set(day, offset);
    }
    return offset ?? this.#lookUp(Math.floor(time / HOUR_MS) * HOUR_MS);
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
