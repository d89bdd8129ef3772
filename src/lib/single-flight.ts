// Calls that ask for the same thing while it is being fetched share that one fetch: under load, one
// query or build answers every request that arrived while it ran.

export class SingleFlight<V> {
  private readonly flights = new Map<string, Promise<V>>();

  /** The call under way for `key`, or a new one from `start`; forgotten once it settles, either way. */
  run(key: string, start: () => Promise<V>): Promise<V> {
    const pending = this.flights.get(key);
    if (pending) return pending;
    const flight: Promise<V> = start().finally(() => {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    });
    this.flights.set(key, flight);
    return flight;
  }

  /** No later call joins a call under way now (after a change those calls may not have seen). */
  clear(): void {
    this.flights.clear();
  }
}
