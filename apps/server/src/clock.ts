/**
 * The time source of the server. Services take it instead of calling `new Date()` so tests can move
 * time (lockouts, link expiry, the 14-day reactivation window) without waiting.
 */
export interface Clock {
  now(): Date;
}

/** The real clock. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  /** Moves the clock forward by `seconds`. */
  advance(seconds: number): void {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
}
